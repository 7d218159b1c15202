// The games that live on this phone: no server holds them, the phone's own
// referee (referee.js, the same scoring/ as the server's) judges every turn.
// api.js hands each call about such a game here, and this module answers
// it as the API would (the same statuses, bodies and problems), computed
// from the game's record and log kept in IndexedDB: the table, the score
// sheet, the corrections and the outbox work on it unchanged.
import {get, put, changeIf, remove} from './db.js';
import {api, ApiError, idempotencyKey} from './api.js';
import {language, t} from './i18n.js';
import {startReferee, whenReady, check, game as gameView, csv} from './referee.js';
import {oneWriter} from './writelock.js';
import {flush, pending} from './outbox.js';

/** Start a game on this phone from a record (a board as its profile, not
 * by id): a problem like POST /games answers when the record is refused.
 * Answers what POST /games does, less the tokens (nobody else holds it). */
export async function createLocal(record) {
  await referee();
  // The record's turns enter the log as turns, as the server's do (no
  // list of turns: the referee refuses the record as it is).
  const entries = record && Array.isArray(record.turns) ? record.turns.map(turn => ({kind: 'turn', turn, at: now()})) : null;
  const seen = await viewOf({record, entries});
  const id = `local-${idempotencyKey().replace(/[^A-Za-z0-9]/g, '').slice(0, 16).toLowerCase()}`;
  await put('local', {id, record: seen.record, entries, keys: {}});
  return {id, version: seen.version, scoresheet: seen.scoresheet};
}

/** The answer of the API to a call about a game on this phone: {status,
 * data, etag} as api() resolves; ApiError as it throws. */
export function answer(path, how) {
  // One at a time, across tabs too, each on the game as the one before left it.
  return oneWriter(() => answerNow(path, how));
}

async function answerNow(path, {method = 'GET', body, headers = {}} = {}) {
  const url = new URL(path, 'http://local');
  const [, id, what = ''] = url.pathname.match(/^\/games\/([^/]+)\/?(.*)$/) || [];
  const stored = id && await get('local', decodeURIComponent(id));
  if (!stored) throw problem(404, 'No such game on this phone.', 'Not Found');
  const route = `${method} ${what}`;
  if (!ROUTES[route]) throw problem(405, `${method} /games/{id}/${what} is not a route.`, 'Method Not Allowed');
  if (!['GET record', 'GET summary'].includes(route)) await referee();
  return ROUTES[route](stored, {body, headers, query: url.searchParams});
}

const ROUTES = {
  'GET ': async (stored, {headers}) => {
    const version = stored.entries.length;
    if (headers['If-None-Match'] === etag(version)) return {status: 304, data: null, etag: etag(version)};
    return ok({id: stored.id, ...(await viewOf(stored))}, version);
  },
  'POST check': async (stored, {body, query}) => {
    const at = query.has('at') ? Number(query.get('at')) : null;
    if (at !== null && !Number.isInteger(at)) throw problem(422, 'at: Not a valid integer.', 'Invalid query parameter');
    const checked = await check(stored.record, body, language(), {at});
    if ('status' in checked) throw new ApiError(checked.status, checked); // the route's 422
    return ok(checked);
  },
  'POST turns': (stored, {body, headers}) => write(stored, headers, () => ({kind: 'turn', turn: body, at: now()})),
  'POST corrections': (stored, {body, headers}) => write(stored, headers, () => correction(stored.record.turns, body)),
  'GET scoresheet': async (stored, {query}) => {
    const format = query.get('format') || 'json';
    if (format === 'pdf') throw problem(501, t('local.pdf'), 'Not Implemented');
    const version = stored.entries.length;
    if (format === 'csv') {
      const lang = query.get('lang') || language();  // as the route: ?lang=, else the app's Accept-Language
      if (!['en', 'de', 'es'].includes(lang)) throw problem(422, 'lang: Must be one of: en, de, es.', 'Invalid query parameter');
      return {status: 200, data: new Blob([await csv(stored.record, lang)], {type: 'text/csv'}), etag: etag(version)};
    }
    return ok((await viewOf(stored)).scoresheet, version);
  },
  'GET record': async stored => ok(stored.record, stored.entries.length),
  'GET summary': async () => { throw problem(501, t('local.summary'), 'Not Implemented'); },
};

// A correction's log entry (api/corrections.py, tables/__init__.py): undo
// the last turn, or replace turn k; a problem for a body that is neither.
function correction(turns, body) {
  const given = body && typeof body === 'object' ? body : {};
  const undo = given.undo === true;
  const replace = 'replace' in given || 'turn' in given;
  if (typeof given.by !== 'string' || !given.by || given.by.length > 80 || undo === replace
    || (replace && !('replace' in given && 'turn' in given))) {
    throw problem(422, 'send {"undo": true} or {"replace": <turn index>, "turn": <turn>}, with "by"', 'Unprocessable Entity');
  }
  const index = undo ? turns.length - 1 : given.replace;
  if (!(Number.isInteger(index) && index >= 0 && index < turns.length)) {
    const message = `${undo ? '/undo' : '/replace'}: names no turn: the game has ${turns.length} turns`;
    throw problem(422, message, 'Refused by the rules', {type: '/problems/refused',
      violations: [{rule: 'record.invalid', turn: null, action: null, message, details: {}}]});
  }
  return {kind: 'correction', ...(undo ? {undo: true} : {replace: index, turn: given.turn}), by: given.by,
    replaced: {index, turn: turns[index]}, at: now()};
}

// A turn or a correction: the steps of the server's writes (If-Match, the
// Idempotency-Key, the rules), then the entry appended to the log and its
// news answered (tables/news.py). `logged` makes the entry.
async function write(stored, headers, logged) {
  const version = stored.entries.length;
  const composedOn = headers['If-Match'];
  if (!composedOn || composedOn.trim() === '*') {
    throw problem(428, 'Send If-Match with the version the write was composed on.', 'Precondition Required');
  }
  const key = headers['Idempotency-Key'];
  if (key && key in stored.keys) {
    const first = stored.keys[key];
    const entries = stored.entries.slice(0, first);
    return {status: 201, data: news(entries.at(-1), await viewOf({...stored, entries})), etag: etag(first)};
  }
  if (composedOn !== etag(version)) {
    const {state, decision, scoresheet} = await viewOf(stored);
    throw problem(412, `The game is at version ${version}; compose the turn again on it.`, 'Precondition Failed',
      {type: '/problems/stale-version', version, state, decision, scoresheet});
  }
  const entries = [...stored.entries, logged()];
  const seen = await viewOf({...stored, entries});
  // A share keyed before this write would send another record now.
  const kept = await changeIf('local', stored.id, unchanged(version), {...stored, record: seen.record, entries,
    keys: key ? {...stored.keys, [key]: version + 1} : stored.keys, shareKey: null});
  // Another tab wrote first (a page with no Web Locks: writelock.js): answer on the game as it left it.
  if (!kept) return write(await mine(stored.id), headers, logged);
  return {status: 201, data: news(entries.at(-1), seen), etag: etag(version + 1)};
}

// The game's view (GET /games/{id} less its id) from its record and log,
// by the referee; a problem (the one POST /games answers) when the rules
// refuse it.
async function viewOf({record, entries}) {
  const seen = await gameView(record, language(), entries);
  if ('status' in seen) throw new ApiError(seen.status, seen);
  return seen;
}

// tables/news.py: the entry, the version it made and the game it left; a
// correction's with the record's turns and the history as they now stand.
function news(entry, seen) {
  const told = {...entry, version: seen.version, state: seen.state, decision: seen.decision, scoresheet: seen.scoresheet};
  return entry.kind === 'correction' ? {...told, turns: seen.record.turns, history: seen.history} : told;
}

/** Send a game of this phone to the server (POST /games replays and checks
 * its turns) and keep the server's game in its place; answers its id. The
 * key is kept until the game changes, so a share whose answer was lost
 * gets the same game again. The turns logged before it go with it: it
 * waits for the outbox. The local copy goes only while it is still the
 * record the server took (moved); a turn confirmed while the record was on
 * its way is shared again with it (the first server game is left to nobody). */
export async function share(id) {
  for (;;) {
    await sent(id);
    const stored = await mine(id);
    const version = stored.entries.length;
    const key = stored.shareKey || idempotencyKey();
    if (!(await changeIf('local', id, unchanged(version), {...stored, shareKey: key}))) continue;
    const {data} = await api('/games', {method: 'POST', body: stored.record, headers: {'Idempotency-Key': key}});
    if (await moved(id, version, data)) return data.id;
  }
}

// The server's game in the place of the phone's, if the phone's is still at
// ``version`` with no turn of it in the outbox: the phone's copy is deleted
// in the transaction that checks it. In this order a stop half-way leaves
// both games on the phone, never neither.
function moved(id, version, data) {
  return oneWriter(async () => {
    if ((await pending(id)).length) return false;
    const {seen, ...kept} = await get('games', id); // the game as last drawn is the server's to tell now
    await put('games', {...kept, id: data.id, token: data.token, spectator_token: data.spectator_token});
    if (!(await changeIf('local', id, unchanged(version), null))) {
      await remove('games', data.id);
      return false;
    }
    await remove('games', id);
    return true;
  });
}

// The game's turns in the outbox all answered; a problem where some wait
// for the person (turned down) or for the referee: they would be left behind.
async function sent(id) {
  await flush();
  if ((await pending(id)).length) throw problem(409, t('local.share_waits'), 'Conflict');
}

// Whether the phone's game is still at ``version`` (every write adds an entry to its log).
const unchanged = version => now => Boolean(now) && now.entries.length === version;

async function mine(id) {
  const stored = await get('local', id);
  if (!stored) throw problem(404, 'No such game on this phone.', 'Not Found');
  return stored;
}

/** Whether a Brehon server answers here: 'yes'; 'none' when something else
 * answers (a static host: sharing needs a Brehon server); 'unreachable'
 * when nothing does (offline). */
export async function server() {
  try {
    const {data} = await api('/server');
    return data && typeof data === 'object' && data.version ? 'yes' : 'none';
  } catch (error) {
    return error instanceof ApiError ? 'none' : 'unreachable';
  }
}

// The referee, started if need be; a 503 where it cannot run.
async function referee() {
  startReferee();
  if (!(await whenReady())) throw problem(503, t('local.no_referee'), 'Service Unavailable');
}

// A problem+json answer, as api/problems.py words it.
function problem(status, detail, title, extra = {}) {
  return new ApiError(status, {type: 'about:blank', title, status, detail, ...extra});
}

const ok = (data, version) => ({status: 200, data, etag: version === undefined ? null : etag(version)});
const etag = version => `"${version}"`;
const now = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z'); // to the second, as store/log.py's now()
