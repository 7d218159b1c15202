// The service worker keeps the app shell, so the app opens with no network,
// and the phone's referee once it has been fetched (referee.js fetches it in
// the background): the engine's zip with the shell, Pyodide in a cache of its
// own, named after its release, which an update of the app leaves in place.
// API calls always go to the network (the outbox in IndexedDB covers the
// gaps; the rulesets, for composing offline, are kept by rulesets.js). A new
// version waits until the person chooses to reload.
// The server fills in VERSION, a hash of every file of the app: any change
// changes these bytes, which is what tells a phone that a new version is
// there (the shell is served from the cache). See api/frontend.py.
const VERSION = 'brehon-shell-__SHELL_VERSION__';
const PYODIDE = 'brehon-pyodide-__PYODIDE_VERSION__';
// The SHA-256 of each of Pyodide's files by its path, as the server holds
// them (filled in with the release; api/frontend.py).
const PYODIDE_SHA256 = __PYODIDE_SHA256__;
// The app shell: filled in by the server from the files of the app (api/frontend.py).
const SHELL = ['__SHELL_FILES__'];

self.addEventListener('install', event => {
  event.waitUntil(caches.open(VERSION).then(async cache => {
    await cache.addAll(SHELL);
    // A phone that has the referee keeps it offline across an update: the
    // new engine comes with the new shell, as activate drops the old one. (A
    // first visit fetches it later, in the background: referee.js.)
    if (await caches.has(PYODIDE)) await cache.add('/referee/scoring.zip');
  }));
});

self.addEventListener('activate', event => {
  event.waitUntil(caches.keys()
    .then(keys => Promise.all(keys.filter(key => key !== VERSION && key !== PYODIDE).map(key => caches.delete(key))))
    .then(() => self.clients.claim()));
});

self.addEventListener('message', event => {
  if (event.data === 'skip-waiting') self.skipWaiting();
});

self.addEventListener('fetch', event => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== location.origin || url.pathname.startsWith('/api/')) return;
  if (url.pathname.startsWith('/vendor/pyodide/')) {
    event.respondWith(whole(url.pathname, event.request));
  } else if (url.pathname === '/referee/scoring.zip') {
    event.respondWith(cached(VERSION, url.pathname, event.request));
  } else {
    const key = event.request.mode === 'navigate' ? '/index.html' : url.pathname;
    event.respondWith(caches.match(key).then(hit => hit || fetch(event.request)));
  }
});

// Kept on first use: the referee is fetched after the first screen, not at install.
async function cached(name, key, request) {
  const cache = await caches.open(name);
  const hit = await cache.match(key);
  if (hit) return hit;
  const answer = await fetch(request);
  if (answer.ok) await cache.put(key, answer.clone());
  return answer;
}

// Pyodide's files, each only as the release made it. Before each start the
// referee's worker asks for every file with the header Brehon-Check
// (referee-worker.js): a damaged copy in the cache is then not answered
// (Pyodide would wait for ever on a WebAssembly that does not compile) but
// fetched again, and kept once it is whole; one the network cannot give
// whole is answered 502, so the referee says at once that it cannot start.
// Pyodide's own requests, just after, take the copies just checked as they
// are: 13 MB hashed once per start, not twice. What the network gives is
// always checked before it is kept.
const CHECK = 'Brehon-Check';

async function whole(key, request) {
  const cache = await caches.open(PYODIDE);
  const hit = await cache.match(key);
  if (hit && (!request.headers.has(CHECK) || await intact(key, hit))) return hit;
  if (hit) await cache.delete(key);
  const answer = await fetch(request);
  if (!answer.ok) return answer;
  if (!(await intact(key, answer))) return new Response(`${key} came damaged`, {status: 502, statusText: 'Bad Gateway'});
  await cache.put(key, answer.clone());
  return answer;
}

// Whether an answer's bytes are the release's (files it does not list are not checked).
async function intact(key, answer) {
  const expected = PYODIDE_SHA256[key];
  if (expected === undefined) return true;
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', await answer.clone().arrayBuffer()));
  return Array.from(hash, byte => byte.toString(16).padStart(2, '0')).join('') === expected;
}
