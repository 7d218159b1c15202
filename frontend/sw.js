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
const SHELL = [
  '/', '/index.html', '/manifest.webmanifest', '/css/app.css', '/icons/icon.svg', '/icons/maskable.svg',
  '/i18n/en.json', '/i18n/de.json', '/i18n/es.json',
  '/js/app.js', '/js/api.js', '/js/badge.js', '/js/bgstats.js', '/js/composer.js', '/js/db.js', '/js/history.js', '/js/i18n.js', '/js/live.js', '/js/local.js',
  '/js/news.js', '/js/outbox.js', '/js/qr.js', '/js/remote.js', '/js/router.js', '/js/go.js', '/js/rulesets.js', '/js/ui.js', '/js/words.js',
  '/js/draw/cards.js', '/js/draw/keltis.js', '/js/draw/orakel.js', '/js/draw/celtica.js',
  '/js/screens/home.js', '/js/screens/newgame.js', '/js/screens/table.js', '/js/screens/sheet.js',
  '/js/screens/summary.js', '/js/screens/boards.js', '/js/screens/tally.js',
  '/js/screens/table/composer.js', '/js/screens/table/join.js', '/js/screens/table/log.js',
  '/js/screens/table/message.js', '/js/screens/table/offline.js', '/js/screens/table/sections.js',
  '/js/screens/table/strip.js', '/js/screens/table/meanwhile.js', '/js/screens/table/queued.js', '/js/draw/tokens.js', '/js/draw/drawers.js',
  '/js/screens/display.js', '/js/referee.js', '/js/referee-worker.js',
];

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
    event.respondWith(cached(PYODIDE, url.pathname, event.request));
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
