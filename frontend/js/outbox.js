// Logged turns wait here (IndexedDB) until the server answers. Each keeps
// the Idempotency-Key and the version it was composed on, so a repeat after
// a dropped connection changes nothing and a stale one gets a 412.
import {all, put, remove, get} from './db.js';
import {api, ifMatch, ApiError, idempotencyKey} from './api.js';

const listeners = new Set();
let flushing = null;
let again = false;

/** Listen to outbox events: {kind: 'queued'|'sending'|'sent'|'stale'|'refused'|'waiting'|'idle', item, ...};
 * 'sent' carries ``data``, the server's answer: the turn's news. */
export function onOutbox(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(event) {
  for (const listener of listeners) listener(event);
}

/** Queue one turn for a game, composed on version, and try to send.
 * ``unchecked``: composed offline, the server has not seen any of it yet. */
export async function enqueue(gameId, turn, version, {unchecked = false} = {}) {
  const item = {gameId, turn, version, unchecked, key: idempotencyKey(), at: Date.now()};
  await put('outbox', item);
  emit({kind: 'queued', item});
  return flush();
}

/** The turns still waiting, oldest first. */
export function pending(gameId) {
  return all('outbox').then(items => items.filter(item => !gameId || item.gameId === gameId));
}

/** Send what waits, in order. Stops at the first network failure. A turn
 * queued while a round is under way is sent by one more round after it. */
export function flush() {
  if (flushing) {
    again = true;
    return flushing;
  }
  flushing = (async () => {
    do {
      again = false;
      if (!(await sendAll())) break;
    } while (again);
  })().finally(() => { flushing = null; });
  return flushing;
}

async function sendAll() {
  for (const item of await all('outbox')) {
    const game = await get('games', item.gameId);
    if (!game) {
      await remove('outbox', item.seq);
      continue;
    }
    emit({kind: 'sending', item});
    try {
      const {data} = await api(`/games/${item.gameId}/turns`, {
        method: 'POST', token: game.token, body: item.turn,
        headers: {'If-Match': ifMatch(item.version), 'Idempotency-Key': item.key},
      });
      await remove('outbox', item.seq);
      // ``data``: the turn's news, as its event will tell it (news.js).
      emit({kind: 'sent', item, data});
    } catch (error) {
      if (!(error instanceof ApiError)) {
        emit({kind: 'waiting', item});
        return false;
      }
      // The server answered: the turn will never go through as it is. Say so,
      // never drop it silently.
      await remove('outbox', item.seq);
      const kind = error.status === 412 ? 'stale' : 'refused';
      emit({kind, item, error});
    }
  }
  emit({kind: 'idle'});
  return true;
}

addEventListener('online', () => flush());
setInterval(() => { if (navigator.onLine) flush(); }, 5000);
