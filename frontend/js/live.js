// Follow a game live: the event stream read with fetch (so the bearer token
// stays in a header), resumed with Last-Event-ID after a drop. Where the
// stream is not available the game is polled with its version instead.
import {language} from './i18n.js';
import {ifMatch, isLocal} from './api.js';

const POLL_MS = 1000;
const RETRY_MS = 1000;

/** Call onChange(event) whenever the game changes after ``version``: an
 * event of the stream ({id, event, data}, data parsed: a turn's or a
 * correction's news, see news.js), {event: 'resume'} when the stream could
 * not resume where it left off (news may be missing), or, polling,
 * {event: 'poll', game} with the game as GET /games/{id} answered it.
 * Returns stop(). */
export function follow(gameId, token, onChange, {version}) {
  // A game on this phone changes only by this phone's own writes, whose
  // answers are its news: there is nothing to follow.
  if (isLocal(gameId)) return () => {};
  let stopped = false;
  // An event's id is the version it made: resuming from the version on the screen
  // replays whatever happened during a drop (no version yet, never fetched: from now).
  let lastId = version === undefined || version === null ? null : String(version);
  let controller = null;

  async function stream() {
    while (!stopped) {
      controller = new AbortController();
      try {
        const headers = {Authorization: `Bearer ${token}`, Accept: 'text/event-stream', 'Accept-Language': language()};
        if (lastId) headers['Last-Event-ID'] = lastId;
        const res = await fetch(`/api/v1/games/${gameId}/events`, {headers, signal: controller.signal, cache: 'no-store'});
        if (res.status === 400 && lastId) {
          // A resume point the server does not take: follow from now on, still by the stream.
          lastId = null;
          onChange({event: 'resume'});
          continue;
        }
        if (!res.ok || !(res.headers.get('Content-Type') || '').includes('event-stream')) return poll();
        await read(res.body);
      } catch (error) {
        if (stopped) return;
      }
      await sleep(RETRY_MS);
    }
  }

  async function read(body) {
    const reader = body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    while (!stopped) {
      const {value, done} = await reader.read();
      if (done) return;
      buffer += value;
      let end;
      while ((end = buffer.search(/\r?\n\r?\n/)) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '');
        const event = parse(block);
        if (event.id) lastId = event.id;
        if (event.data !== undefined) onChange({...event, data: parsed(event.data)});
      }
    }
  }

  async function poll() {
    while (!stopped) {
      try {
        const headers = {Authorization: `Bearer ${token}`};
        // An unchanged game is a 304 with no body.
        if (lastId) headers['If-None-Match'] = ifMatch(lastId);
        const res = await fetch(`/api/v1/games/${gameId}`, {headers, cache: 'no-store'});
        if (res.status === 200) {
          const game = await res.json();
          if (lastId && String(game.version) !== lastId) onChange({event: 'poll', game});
          lastId = String(game.version);
        }
      } catch {
        // offline: try again at the next tick
      }
      await sleep(POLL_MS);
    }
  }

  // A phone that loses its network can keep a dead connection open for
  // minutes: end the stream at once; it resumes (Last-Event-ID) when back.
  const cut = () => controller && controller.abort();
  addEventListener('offline', cut);
  stream();
  return () => {
    stopped = true;
    removeEventListener('offline', cut);
    cut();
  };
}

function parse(block) {
  const event = {};
  for (const line of block.split(/\r?\n/)) {
    if (!line || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') event.data = event.data === undefined ? value : `${event.data}\n${value}`;
    else event[field] = value;
  }
  return event;
}

// An event's data as JSON; null for a line that is not (the screen fetches
// the game then).
function parsed(data) {
  try {
    return JSON.parse(data);
  } catch {
    return null;
  }
}

const sleep = ms => new Promise(resolve => setTimeout(resolve, ms));
