// The connection badge in the header: online, offline, or turns waiting.
import {t} from './i18n.js';
import {pending} from './outbox.js';

/** Redraw the badge from the network state and the outbox. */
export async function updateBadge() {
  const badge = document.getElementById('badge');
  if (!badge) return;
  const waiting = (await pending()).length;
  const state = waiting ? 'waiting' : navigator.onLine ? 'online' : 'offline';
  badge.dataset.state = state;
  badge.textContent = waiting ? t('badge.waiting', {n: waiting}) : t(`badge.${state}`);
}
