// Logged turns wait here (IndexedDB) until the server answers. Each keeps
// the Idempotency-Key and the version it was composed on, so a repeat after
// a dropped connection changes nothing and a stale one gets a 412. A game's
// turns go in order: one the server turned down stops the game's queue
// (``stopped``, kept with the server's answer) until the table has said so
// and the person chose what to send again and what to drop. Each also keeps
// when it was logged at the table (``at``), sent as ``?played_at=``: the
// server logs the turn then, not when the phone reconnected (CONTRACT §8).
import {all, put, remove, get} from './db.js';
import {api, ifMatch, ApiError, idempotencyKey} from './api.js';

const listeners = new Set();
let flushing = null;
let again = false;

/** Listen to outbox events: {kind: 'queued'|'sending'|'sent'|'stale'|'refused'|'waiting'|'idle', item, ...};
 * 'sent' carries ``data``, the server's answer: the turn's news; 'stale'
 * and 'refused' a stopped ``item``. */
export function onOutbox(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(event) {
  for (const listener of listeners) listener(event);
}

/** Queue one turn for a game, composed on version, and try to send.
 * ``unchecked``: composed offline, nothing has checked any of it yet;
 * ``queued``: composed on the game as it stands with the turns queued
 * before it (checked by the phone's referee). */
export async function enqueue(gameId, turn, version, {unchecked = false, queued = false} = {}) {
  const item = {gameId, turn, version, unchecked, queued, stopped: null, key: idempotencyKey(), at: Date.now()};
  await put('outbox', item);
  emit({kind: 'queued', item});
  return flush();
}

/** The turns still waiting, oldest first. */
export function pending(gameId) {
  return all('outbox').then(items => items.filter(item => !gameId || item.gameId === gameId));
}

/** Send again, in order, stopped turns that still fit the game as it now
 * stands at ``version``: each on the version the one before it makes
 * (``resent``). Their keys stay: a turn the server turned down was not logged. */
export async function resend(items, version) {
  for (const [i, item] of items.entries()) await put('outbox', {...item, version: version + i, stopped: null, resent: true});
  return flush();
}

/** Take turns out of the outbox (the table has said which). */
export async function drop(items) {
  for (const item of items) await remove('outbox', item.seq);
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
  const stopped = new Set(); // games whose queue waits for the person
  for (const item of await all('outbox')) {
    const game = await get('games', item.gameId);
    if (!game) {
      await remove('outbox', item.seq);
      continue;
    }
    if (item.stopped || stopped.has(item.gameId)) {
      stopped.add(item.gameId);
      continue;
    }
    emit({kind: 'sending', item});
    try {
      const {data} = await api(`/games/${item.gameId}/turns?played_at=${playedAt(item)}`, {
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
      // The server answered: the turn will never go through as it is, nor
      // the game's turns after it (composed on it). They stay, stopped,
      // until the table has said so: never dropped silently.
      const kind = error.status === 412 ? 'stale' : 'refused';
      const held = {...item, stopped: {kind, violations: error.violations, message: error.message}};
      await put('outbox', held);
      stopped.add(item.gameId);
      emit({kind, item: held});
    }
  }
  emit({kind: 'idle'});
  return true;
}

// When the table played a queued turn, as ``?played_at=`` takes it.
const playedAt = item => encodeURIComponent(new Date(item.at).toISOString());

addEventListener('online', () => flush());
setInterval(() => { if (navigator.onLine) flush(); }, 5000);
