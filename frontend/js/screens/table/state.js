// The table screen's state as plain data, and the small named steps that
// change it or read it: no DOM, no network, no storage (tests/js/table_state.test.mjs).
// table.js adds what the parts of the screen call through it (the drawer,
// the message box, draw, load, say) and renders from the rest.

/** The state of the table of game `id` (`mine`: the game as kept on this
 * phone; `section`: the tab open last). */
export function tableState({id, mine, section}) {
  return {
    id, mine, token: mine.token,
    seen: null, // as GET /games/{id} answers it: fetched, then kept up with the news
    // The game shown: `seen`, or queueing, as it will stand with the queued
    // turns (the referee's view), its version the one the next turn follows.
    game: null,
    ruleset: null, // the game as its package declares it (GET /rulesets)
    pieces: null, // the game's colours, paths, parts... (GET /rulesets)
    // The turn being composed: the actions so far, the checks after each
    // (checks[i] answers actions[0..i)), the picks of the open question, and
    // `at`: null for the next turn, k for the replacement of turn k.
    composing: null,
    // This phone's turn on its way: its outbox entry (keyed by its
    // Idempotency-Key), from "Log turn" until the server's answer is shown.
    // Meanwhile the composer's place shows it being sent, whatever the live
    // news of the game says.
    sending: null,
    correcting: false, // this phone's correction on its way
    waiting: [], // this game's turns in the outbox
    // No network (offline, or the outbox could not reach the server:
    // `netDown`) and the referee ready: every turn is composed on the game
    // with the queued ones and queued after them.
    netDown: false,
    queueing: false,
    stopped: null, // the queue the server stopped, reviewed (table/offline.js)
    section, // the open tab, remembered on this device
    logOpen: false,
    // No network: the game as this phone last saw it (kept in IndexedDB);
    // with no referee composed from the game's action `schemas`, unchecked.
    offline: false,
    schemas: null,
  };
}

/** The same outbox entries (by their Idempotency-Key), stopped or not. */
export const sameItems = (a, b) => a.length === b.length
  && a.every((item, i) => item.key === b[i].key && !item.stopped === !b[i].stopped);

/** Turns are queued on the game with the ones before them when there is no
 * network and the referee can check them; not while an unchecked turn or a
 * stopped queue waits (those go as before the phone had a referee). */
export const queueMode = (table, queued, cached, refereeReady) => refereeReady && (cached || table.netDown)
  && !queued.some(item => item.unchecked || item.stopped);

/** Nothing new in `data` and the outbox: the screen (and any answers given) stays as it is. */
export function nothingNew(table, {data, queued, cached, changed, queueing}) {
  const back = table.offline && !cached;
  return Boolean(table.seen) && !changed && !back && cached === table.offline
    && data.version === table.seen.version && sameItems(queued, table.waiting) && queueing === table.queueing;
}

/** What this phone was composing: in dispute mode, the real turn kept apart (the claims are no turn). */
export function composedSoFar({composing}) {
  return composing && composing.dispute ? {...composing, ...composing.real, dispute: false} : composing;
}

/** Answers given, which news from another phone interrupts. */
export const hasAnswers = composing => Boolean(composing && (composing.actions.length || composing.picks.length));

/** A turn composed offline and not yet queued, to check answer by answer
 * now that the network is back (`back`); else null. */
export function offlineTurn(table, composing, back) {
  return back && !table.waiting.length && composing.actions.length
    ? {player: composing.player, actions: composing.actions} : null;
}

/** The game `data` seen (`cached`: as last seen, no network), with the
 * outbox's `queued` turns; `ahead`: the game as it will stand with them. */
export function see(table, {data, queued, cached, ahead, queueing}) {
  table.seen = data;
  table.waiting = queued;
  table.offline = cached;
  table.game = ahead || data;
  table.queueing = queueing && (ahead !== null || !queued.length);
}

/** The game as its package declares it (GET /rulesets), taken once. */
export function declare(table, described) {
  table.ruleset ??= described;
  table.pieces ??= described.pieces;
  table.schemas ??= described.actions;
}

/** The players' names by id. */
export const namesOf = game => Object.fromEntries(game.record.players.map(p => [p.id, p.name]));

/** What "My games" on the home screen says of the game `data`, and the game
 * as last seen, for opening it with no network. */
export function homeEntry(mine, data) {
  const names = namesOf(data);
  return {...mine, seen: {data}, game: data.record.game, names: Object.values(names),
    status: data.scoresheet.status, leaders: data.scoresheet.winners.map(player => names[player])};
}

/** What the turn being composed has reached: when it changes, its question comes into view. */
export function composerMark({game, composing}) {
  return [game.version, composing.player, composing.at, composing.actions.length, composing.picks.length,
    composing.mode, composing.dispute].join();
}
