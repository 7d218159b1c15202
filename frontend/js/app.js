// The app shell: header (language, connection badge), the hash router, the
// join link, and the service worker with its update offer.
import {h, fill} from './ui.js';
import {t, initLanguage, loadLanguage, language, LANGUAGES} from './i18n.js';
import {put, getPref, setPref} from './db.js';
import {onOutbox, pending, flush} from './outbox.js';

const SCREENS = {
  '': () => import('./screens/home.js'),
  new: () => import('./screens/newgame.js'),
  game: () => import('./screens/table.js'),
  sheet: () => import('./screens/sheet.js'),
  summary: () => import('./screens/summary.js'),
  boards: () => import('./screens/boards.js'),
  tally: () => import('./screens/tally.js'),
};

const main = document.getElementById('main');
let leave = null;

/** Go to a screen: go('game', id). */
export function go(...parts) {
  const hash = `#/${parts.map(encodeURIComponent).join('/')}`;
  if (location.hash === hash) route();
  else location.hash = hash;
}

async function route() {
  if (await joinFromFragment()) return;
  const [name = '', ...args] = location.hash.replace(/^#\/?/, '').split('/').map(decodeURIComponent);
  const load = SCREENS[name] || SCREENS[''];
  if (leave) leave();
  leave = null;
  const screen = await load();
  fill(main);
  try {
    leave = (await screen.show(main, ...args)) || null;
  } catch (error) {
    main.append(h('p', {class: 'problem', role: 'alert'}, t('error.load'), ' ', String(error.message || error)));
  }
  const heading = main.querySelector('h1');
  document.title = heading ? `${heading.textContent} · Brehon` : 'Brehon';
}

// A join link carries the game in the fragment: #g=<id>&t=<token>[&s=1].
// It is stored on this device and removed from the address bar at once.
async function joinFromFragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (!params.get('g') || !params.get('t')) return false;
  const id = params.get('g');
  await put('games', {id, token: params.get('t'), spectator: params.get('s') === '1', joined: Date.now()});
  history.replaceState(null, '', `#/game/${encodeURIComponent(id)}`);
  await route();
  return true;
}

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

/** The connection badge: online, offline, or turns waiting to be sent. */
export async function updateBadge() {
  const badge = document.getElementById('badge');
  if (!badge) return;
  const waiting = (await pending()).length;
  const state = waiting ? 'waiting' : navigator.onLine ? 'online' : 'offline';
  badge.dataset.state = state;
  badge.textContent = waiting ? t('badge.waiting', {n: waiting}) : t(`badge.${state}`);
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
}

boot();
