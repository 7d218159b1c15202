// The service worker keeps the app shell, so the app opens with no network.
// API calls always go to the network (the outbox in IndexedDB covers the
// gaps; the rulesets, for composing offline, are kept by rulesets.js). A new
// version waits until the person chooses to reload.
// The server fills in VERSION, a hash of every file of the app: any change
// changes these bytes, which is what tells a phone that a new version is
// there (the shell is served from the cache). See api/frontend.py.
const VERSION = 'brehon-shell-__SHELL_VERSION__';
const SHELL = [
  '/', '/index.html', '/manifest.webmanifest', '/css/app.css', '/icons/icon.svg', '/icons/maskable.svg',
  '/i18n/en.json', '/i18n/de.json', '/i18n/es.json',
  '/js/app.js', '/js/api.js', '/js/badge.js', '/js/bgstats.js', '/js/composer.js', '/js/db.js', '/js/history.js', '/js/i18n.js', '/js/live.js',
  '/js/news.js', '/js/outbox.js', '/js/qr.js', '/js/router.js', '/js/rulesets.js', '/js/ui.js', '/js/words.js',
  '/js/draw/cards.js', '/js/draw/keltis.js', '/js/draw/orakel.js', '/js/draw/celtica.js',
  '/js/screens/home.js', '/js/screens/newgame.js', '/js/screens/table.js', '/js/screens/sheet.js',
  '/js/screens/summary.js', '/js/screens/boards.js', '/js/screens/tally.js',
  '/js/screens/table/composer.js', '/js/screens/table/join.js', '/js/screens/table/log.js',
  '/js/screens/table/message.js', '/js/screens/table/offline.js', '/js/screens/table/sections.js',
  '/js/screens/table/strip.js', '/js/draw/tokens.js', '/js/draw/drawers.js',
  '/js/screens/display.js',
];

self.addEventListener('install', event => {
  event.waitUntil(caches.open(VERSION).then(cache => cache.addAll(SHELL)));
});

self.addEventListener('activate', event => {
  event.waitUntil(caches.keys()
    .then(keys => Promise.all(keys.filter(key => key !== VERSION).map(key => caches.delete(key))))
    .then(() => self.clients.claim()));
});

self.addEventListener('message', event => {
  if (event.data === 'skip-waiting') self.skipWaiting();
});

self.addEventListener('fetch', event => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== location.origin || url.pathname.startsWith('/api/')) return;
  const key = event.request.mode === 'navigate' ? '/index.html' : url.pathname;
  event.respondWith(caches.match(key).then(hit => hit || fetch(event.request)));
});
