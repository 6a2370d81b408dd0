/**
 * Starts the service worker once the page has loaded, from a module of its own: nothing of it
 * is in the login page's first JavaScript (docs/performance.md, "Web app"). Production builds
 * only; the dev server has no worker (src/pwa/build-plugin.ts).
 */
export function startServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const start = () => {
    import('./register')
      .then(({ registerServiceWorker }) => registerServiceWorker(navigator.serviceWorker))
      .catch((error: unknown) => console.warn('service worker not registered', error));
  };
  // The prerendered /login loads the app after its first paint, often after the load event.
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
