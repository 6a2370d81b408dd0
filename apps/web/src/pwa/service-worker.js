/* global self, caches */
// The app's service worker (docs/architecture.md, Web), written to dist/sw.js by the build
// (build-plugin.ts), which puts the three constants below in place of their markers.
// It precaches the hashed shell, answers a navigation that fails with the offline page, and
// never touches the API: those requests are not even looked at, so no answer is ever cached.
// It also shows web pushes (docs/api.md, "Web push") and opens the page a click asks for.

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

/** Shown for a push without readable data: the browser wants a notification for each push. */
const GENERIC_PUSH = { title: 'Lands of Aleph', body: 'Something happened in your lands.' };
const NOTIFICATION_ICON = '/icons/icon-192.png';

/** A path of this origin, else '/': a push never opens another site ('//host' would). */
function gamePath(url) {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return '/';
  const resolved = new URL(url, self.location.origin);
  if (resolved.origin !== self.location.origin) return '/';
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

/** The notification a push's data asks for (the contract's PushPayload), or the generic one. */
function notificationOf(data) {
  let payload = null;
  try {
    payload = data ? data.json() : null;
  } catch {
    // Not JSON: the generic notification below.
  }
  const readable =
    payload &&
    typeof payload.title === 'string' &&
    payload.title &&
    typeof payload.body === 'string';
  if (!readable)
    return {
      title: GENERIC_PUSH.title,
      options: { body: GENERIC_PUSH.body, icon: NOTIFICATION_ICON, data: { url: '/' } },
    };
  const options = {
    body: payload.body,
    icon: NOTIFICATION_ICON,
    data: { url: gamePath(payload.url) },
  };
  // A newer push of a tag replaces the older one on screen, and still alerts the player.
  if (typeof payload.tag === 'string' && payload.tag)
    Object.assign(options, { tag: payload.tag, renotify: true });
  const at = Date.parse(payload.at);
  if (Number.isFinite(at)) options.timestamp = at;
  return { title: payload.title, options };
}

self.addEventListener('push', (event) => {
  const { title, options } = notificationOf(event.data);
  event.waitUntil(self.registration.showNotification(title, options));
});

/**
 * A tab of the game on that page, else another tab sent there, else a new window. A tab's
 * address is the one it loaded: the app's own moves since then are not seen here.
 */
async function openGamePage(path) {
  const url = new URL(gamePath(path), self.location.origin).href;
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const there = tabs.find((tab) => tab.url === url);
  if (there) return there.focus().catch(() => there);
  const tab = tabs.find((t) => t.focused) ?? tabs[0];
  if (!tab) return self.clients.openWindow(url);
  // Focus is refused without a click (the message below); the tab still moves to the page.
  await tab.focus().catch(() => undefined);
  // navigate() is refused for a tab this worker does not control: that page is asked instead.
  return tab.navigate(url).catch(() => tab.postMessage({ type: 'aleph:navigate', url }));
}

function clickNotification(notification) {
  notification.close();
  return openGamePage(notification.data?.url);
}

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(clickNotification(event.notification));
});

// The browser journey's click (e2e/web-push.e2e.ts): the DevTools protocol delivers a push but
// cannot click a notification, so a page of the game asks for the same click on the notification
// shown with a tag. It opens nothing but a page of this origin that a notification names, and
// the browser lets it move a tab but not open a window (that needs a real click). A port sent
// with the message hears the page opened, or null when no notification has that tag.
self.addEventListener('message', (event) => {
  const { data } = event;
  if (data?.type !== 'aleph:open-notification' || typeof data.tag !== 'string') return;
  const reply = (url) => event.ports[0]?.postMessage({ type: 'aleph:notification-opened', url });
  event.waitUntil(
    self.registration.getNotifications({ tag: data.tag }).then(async (shown) => {
      if (!shown[0]) return reply(null);
      const url = gamePath(shown[0].data?.url);
      await clickNotification(shown[0]);
      reply(url);
    }),
  );
});
