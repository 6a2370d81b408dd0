/* global self, caches */
// The app's service worker (docs/architecture.md, Web), written to dist/sw.js by the build
// (build-plugin.ts), which puts the three constants below in place of their markers.
// It precaches the hashed shell, answers a navigation that fails with the offline page, and
// never touches the API: those requests are not even looked at, so no answer is ever cached.
// A `push` handler (web push, issue #38's next slice) goes beside the fetch handler.

/** The built JavaScript, styles, icons and manifest, by path. */
const PRECACHE = self.__ALEPH_PRECACHE__;
/** The API prefixes, the push stream, the health check and the test hooks: network only. */
const NETWORK_ONLY = self.__ALEPH_NETWORK_ONLY__;
/** A hash of the files above and of this worker: a new build is a new cache. */
const VERSION = self.__ALEPH_VERSION__;

const CACHE_PREFIX = 'aleph-shell-';
const CACHE = `${CACHE_PREFIX}${VERSION}`;
const OFFLINE_PAGE = '/offline.html';
const precached = new Set(PRECACHE);

/** Whole path segments: '/market' is the API, '/marketplace' a screen of the app. */
function networkOnly(pathname) {
  return NETWORK_ONLY.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

// A new version takes over at once rather than waiting for every tab to close: pages already
// open keep the code they run and say so (src/pwa/register.ts); the next page load is new.
self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([OFFLINE_PAGE, ...PRECACHE]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith(CACHE_PREFIX) && key !== CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || networkOnly(url.pathname)) return;
  if (request.mode === 'navigate') {
    // Pages always come from the server (a signed-in page, the prerendered /login, a new
    // version); offline, the page that says the game needs a connection.
    event.respondWith(
      fetch(request).catch(() =>
        caches.match(OFFLINE_PAGE, { cacheName: CACHE }).then((page) => page ?? Response.error()),
      ),
    );
    return;
  }
  if (!precached.has(url.pathname)) return;
  event.respondWith(
    caches
      .match(request, { cacheName: CACHE, ignoreSearch: true })
      .then((hit) => hit ?? fetch(request)),
  );
});
