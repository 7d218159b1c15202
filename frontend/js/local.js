// The games that live on this phone: no server holds them. api.js hands
// each call about such a game here, and this module answers it as the API
// would (the same statuses, bodies and problems), so the table, the score
// sheet, the corrections and the outbox work on it unchanged. It is the
// phone's store: the game's record and log in IndexedDB, its version
// (If-Match) and the Idempotency-Keys it took. What a write logs, its news,
// every refusal and its words come from the phone's referee (referee.js:
// scoring/answers.py, the same functions the server's tables/ calls).
import {get, put, changeIf} from './db.js';
import {remote, ApiError, idempotencyKey} from './remote.js';
import {language, t} from './i18n.js';
import {startReferee, whenReady, check, game as gameView, csv, write as refereeWrite, told, nextRound}
  from './referee.js';
import {oneWriter} from './writelock.js';

/** Start a game on this phone from a record (a board as its profile, not
 * by id): a problem like POST /games answers when the record is refused.
 * Answers what POST /games does, less the tokens (nobody else holds it).
 * `match`: for a round after the first, the round it `follows` and its `round`. */
export async function createLocal(record, match = {}) {
  await referee();
  // The record's turns enter the log as turns, as the server's do (no
  // list of turns: the referee refuses the record as it is).
  const entries = record && Array.isArray(record.turns) ? record.turns.map(turn => ({kind: 'turn', turn, at: now()})) : null;
  const seen = await viewOf({record, entries});
  const id = `local-${idempotencyKey().replace(/[^A-Za-z0-9]/g, '').slice(0, 16).toLowerCase()}`;
  await put('local', {id, record: seen.record, entries, keys: {}, ...match});
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
    return ok({id: stored.id, ...(await viewOf(stored)), round: stored.round ?? 1, follows: stored.follows ?? null,
      next: stored.next ?? null}, version);
  },
  'POST check': async (stored, {body, query}) => {
    const at = query.has('at') ? Number(query.get('at')) : null;
    if (at !== null && !Number.isInteger(at)) throw problem(422, 'at: Not a valid integer.', 'Invalid query parameter');
    const building = query.get('building');
    if (building !== null && !['true', 'false'].includes(building)) {
      throw problem(422, 'building: Not a valid boolean.', 'Invalid query parameter');
    }
    const checked = await check(stored.record, body, language(), {at, building: building === 'true'});
    if ('status' in checked) throw new ApiError(checked.status, checked); // the route's 422
    return ok(checked);
  },
  'POST turns': (stored, {body, headers, query}) => write(stored, headers, 'turn', body, query.get('played_at')),
  'POST corrections': (stored, {body, headers}) => write(stored, headers, 'correction', body),
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
  // A match's next round, started once: a game on this phone too.
  'POST next': async stored => {
    if (stored.next) return ok({id: stored.next});
    const {record, scoresheet} = await viewOf(stored);
    const next = await nextRound(record, scoresheet);
    if ('status' in next) throw new ApiError(next.status, next); // the route's 409
    const made = await createLocal(next, {follows: stored.id, round: (stored.round ?? 1) + 1});
    await put('local', {...stored, next: made.id});
    return {status: 201, data: {id: made.id}, etag: null};
  },
  'GET record': async stored => ok(stored.record, stored.entries.length),
  'GET summary': async () => { throw problem(501, t('local.summary'), 'Not Implemented'); },
};

// A turn or a correction: the steps of the server's writes (If-Match, the
// Idempotency-Key), then the referee's answer: the entry appended to the
// log, the record as it leaves it, and its news (scoring/news.py), or its
// refusal. Every write to a game on this phone goes through here. A turn
// that says when it was ``played`` is logged then, by the server's rule.
async function write(stored, headers, kind, body, played = null) {
  const version = stored.entries.length;
  const composedOn = headers['If-Match'];
  if (!composedOn || composedOn.trim() === '*') {
    throw problem(428, 'Send If-Match with the version the write was composed on.', 'Precondition Required');
  }
  const key = headers['Idempotency-Key'];
  if (key && key in stored.keys) {
    const first = stored.keys[key];
    return {status: 201, data: await told(stored.record, stored.entries, first), etag: etag(first)};
  }
  if (composedOn !== etag(version)) {
    const {state, decision, scoresheet} = await viewOf(stored);
    throw problem(412, `The game is at version ${version}; compose the turn again on it.`, 'Precondition Failed',
      {type: '/problems/stale-version', version, state, decision, scoresheet});
  }
  const written = await refereeWrite(stored.record, stored.entries, kind, body, language(), now(), played);
  if ('status' in written) throw new ApiError(written.status, written); // refused: nothing is stored
  // A share keyed before this write would send another record now.
  const kept = await changeIf('local', stored.id, unchanged(version), {...stored, record: written.record,
    entries: [...stored.entries, written.entry], keys: key ? {...stored.keys, [key]: version + 1} : stored.keys,
    shareKey: null});
  // Another tab wrote first (a page with no Web Locks: writelock.js): answer on the game as it left it.
  if (!kept) return write(await mine(stored.id), headers, kind, body, played);
  return {status: 201, data: written.news, etag: etag(version + 1)};
}

// The game's view (GET /games/{id} less its id) from its record and log,
// by the referee; a problem (the one POST /games answers) when the rules
// refuse it.
async function viewOf({record, entries}) {
  const seen = await gameView(record, language(), entries);
  if ('status' in seen) throw new ApiError(seen.status, seen);
  return seen;
}

// Whether the phone's game is still at ``version`` (every write adds an entry to its log).
export const unchanged = version => now => Boolean(now) && now.entries.length === version;

/** The phone's stored game ``id``; a 404 problem when there is none. */
export async function mine(id) {
  const stored = await get('local', id);
  if (!stored) throw problem(404, 'No such game on this phone.', 'Not Found');
  return stored;
}

/** Whether a Brehon server answers here: 'yes'; 'none' when something else
 * answers (a static host: sharing needs a Brehon server); 'unreachable'
 * when nothing does (offline). */
export async function server() {
  try {
    const {data} = await remote('/server');
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
export function problem(status, detail, title, extra = {}) {
  return new ApiError(status, {type: 'about:blank', title, status, detail, ...extra});
}

const ok = (data, version) => ({status: 200, data, etag: version === undefined ? null : etag(version)});
const etag = version => `"${version}"`;
const now = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z'); // to the second, as store/log.py's now()
