// The rules engine on this phone, for the app and for anyone who imports it:
//
//   replay(record)               what `brehon replay` prints for the record
//   check(record, turn, lang)    what POST /games/{id}/check answers for a game
//                                whose record is `record` ({at: k} as ?at=k, {building: true} as ?building=true)
//   tally(input, lang)           what `brehon tally` prints (its violations in lang):
//                                POST /tally's sheet, or its 422's violations
//   csv(record, lang)            the score sheet's CSV, as GET .../scoresheet?format=csv&lang=
//   checkBoard(body, lang)       what POST /boards/check answers for {game, board}
//   game(record, lang, entries)  the game's view as GET /games/{id} shows what
//                                the record (and its log, entries) decides (local games, turns
//                                queued offline)
//   write(record, entries, kind, body, lang, at, played)
//                                a turn ('turn') or a correction written at `at` to a game
//                                on this phone (a turn played earlier, at `played`, as
//                                ?played_at=): {entry, record, news}, or the 422's problem
//   told(record, entries, version)
//                                the news of the entry that made `version` (a repeated key)
//   historyAfter(history, ats, held, arrival)
//                                the game's history after turns that stand, logged at `ats`,
//                                the first held at `held`; with `arrival`, `ats` are when they
//                                were played, logged as ?played_at= arriving then (turns queued)
//
// Each resolves to the answer's JSON (a refusal is an answer, as the server's
// body); it rejects only when the referee cannot run on this phone. The same
// Python answers on both sides (scoring/answers.py), so they cannot differ.
//
// It starts in the background once the first screen is drawn (startReferee),
// about 6 MB the first time, then from the service worker's cache. The app
// never waits for it: until refereeReady(), the composer asks the server.
let worker = null;
let state = 'idle';  // 'loading', 'ready' or 'unavailable'
let reason = '';
let serial = 0;
const waiting = new Map();
const listeners = new Set();

/** Start the referee (once); call it when the first screen is usable. */
export function startReferee() {
  if (state !== 'idle') return;
  if (typeof WebAssembly !== 'object' || typeof Worker !== 'function') return settle('unavailable', 'no WebAssembly');
  settle('loading');
  controlled().then(spawn);
}

// Through the service worker, which keeps what the referee fetches for
// offline use: on a first visit the page is controlled only once the
// service worker has activated, and a worker started before that is not.
async function controlled() {
  const sw = navigator.serviceWorker;
  if (!sw || !isSecureContext || sw.controller) return;
  await sw.ready;
  if (!sw.controller) await new Promise(resolve => sw.addEventListener('controllerchange', resolve, {once: true}));
}

function spawn() {
  try {
    worker = new Worker('/js/referee-worker.js', {type: 'module'});
  } catch (error) {
    return settle('unavailable', String(error));
  }
  worker.addEventListener('message', ({data}) => {
    if (data.ready) return settle('ready');
    if ('unavailable' in data) return settle('unavailable', data.unavailable);
    const pending = waiting.get(data.id);
    waiting.delete(data.id);
    if ('text' in data) pending.resolve(JSON.parse(data.text));
    else pending.reject(new Error(data.error));
  });
  worker.addEventListener('error', event => settle('unavailable', event.message || 'the worker failed'));
}

function settle(now, why = '') {
  state = now;
  reason = why;
  if (now === 'unavailable') {
    for (const pending of waiting.values()) pending.reject(new Error(`no referee on this phone: ${why}`));
    waiting.clear();
  }
  for (const listener of listeners) listener(state);
}

/** Whether the referee answers now. */
export const refereeReady = () => state === 'ready';

/** 'idle', 'loading', 'ready' or 'unavailable', and why it is unavailable. */
export const refereeState = () => ({state, reason});

/** Resolves true once the referee is ready, false if it cannot run here. */
export function whenReady() {
  if (state === 'ready' || state === 'unavailable') return Promise.resolve(state === 'ready');
  return new Promise(resolve => {
    const stop = onReferee(now => {
      if (now === 'ready' || now === 'unavailable') {
        stop();
        resolve(now === 'ready');
      }
    });
  });
}

/** Listen to the referee's state; answers a function that stops listening. */
export function onReferee(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function call(name, args) {
  startReferee();
  if (!(await whenReady())) throw new Error(`no referee on this phone: ${reason}`);
  const id = ++serial;
  return new Promise((resolve, reject) => {
    waiting.set(id, {resolve, reject});
    worker.postMessage({id, name, args: JSON.stringify(args)});
  });
}

export const replay = record => call('replay', [record]);
export const check = (record, turn, lang = 'en', {at = null, building = false} = {}) => call('check', [record, turn, lang, at, building]);
export const tally = (input, lang = 'en') => call('tally', [input, lang]);
export const game = (record, lang = 'en', entries = null) => call('game_view', [record, lang, entries]);
export const csv = (record, lang = 'en') => call('csv', [record, lang]);
export const write = (record, entries, kind, body, lang, at, played = null) =>
  call('write', [record, entries, kind, body, lang, at, played]);
export const told = (record, entries, version) => call('told', [record, entries, version]);
export const historyAfter = (history, ats, held, arrival = null) => call('after_turns', [history, ats, held, arrival]);
export const nextRound = (record, scoresheet) => call('next_round', [record, scoresheet]);
export const checkBoard = (body, lang = 'en') => call('check_board', [body, lang]);
