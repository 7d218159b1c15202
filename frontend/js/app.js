// The app shell: header (language, connection badge), the router started,
// and the service worker with its update offer.
import {h, fill} from './ui.js';
import {t, initLanguage, loadLanguage, language, LANGUAGES} from './i18n.js';
import {getPref, setPref} from './db.js';
import {onOutbox, flush} from './outbox.js';
import {route} from './router.js';
import {updateBadge} from './badge.js';
import {startReferee} from './referee.js';

function header() {
  const select = h('select', {id: 'lang', 'aria-label': t('language'),
    onchange: async event => {
      await loadLanguage(event.target.value, true);
      drawHeader();
      route();
    }},
  Object.entries(LANGUAGES).map(([code, name]) => h('option', {value: code, selected: code === language()}, name)));
  return [
    h('a', {href: '#/', class: 'brand'}, 'Brehon'),
    h('span', {id: 'badge', class: 'badge', role: 'status', 'aria-live': 'polite'}),
    select,
  ];
}

function drawHeader() {
  fill(document.getElementById('top'), header());
  document.querySelector('.skip').textContent = t('skip');
  updateBadge();
}

function serviceWorker() {
  if (!('serviceWorker' in navigator)) return;
  if (!window.isSecureContext) {
    // Said once per device: offline logging needs the service worker.
    getPref('told-https').then(told => {
      if (!told) notice(t('notice.https'));
      setPref('told-https', true);
    });
    return;
  }
  let updating = false;
  navigator.serviceWorker.register('/sw.js').then(registration => {
    const offer = worker => notice(t('update.ready'), t('update.reload'), () => {
      updating = true;
      worker.postMessage('skip-waiting');
    });
    if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
    registration.addEventListener('updatefound', () => {
      const worker = registration.installing;
      worker.addEventListener('statechange', () => {
        if (worker.state === 'installed' && navigator.serviceWorker.controller) offer(worker);
      });
    });
  });
  // Reload only when the person asked for the new version (the first
  // worker taking control of an open page is no reason to reload it).
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (updating) location.reload();
  });
}

function notice(text, action, onclick) {
  const box = document.getElementById('notice');
  fill(box, h('p', {}, text), action ? h('button', {onclick}, action) : null,
    h('button', {class: 'quiet', onclick: () => fill(box), 'aria-label': t('close')}, '×'));
}

async function boot() {
  await initLanguage();
  drawHeader();
  addEventListener('online', updateBadge);
  addEventListener('offline', updateBadge);
  onOutbox(updateBadge);
  addEventListener('hashchange', route);
  serviceWorker();
  await route();
  flush();
  // In the background once the first screen is usable: the app never waits for it.
  startReferee();
}

boot();
