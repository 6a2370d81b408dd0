import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoot } from './app-root';
import { preloadLoginScreen } from './signed-out-routes';
import { checkSession } from './session';
import { createAppStore } from './store';
import { startServiceWorker } from '../pwa/start-service-worker';

const store = createAppStore();

/**
 * The browser's router, with navigations that are not transitions: the new screen commits with
 * the new URL. As a transition, React could keep the previous screen on show for a few dozen
 * milliseconds after the URL changed, so a player (or a test) typing into /login right after
 * the registration dialog's Login button typed into the registration form's Username field. A
 * screen still downloading shows its own loader either way (lazy-screen.tsx).
 */
function Router({ children }: { children?: ReactNode }) {
  return <BrowserRouter useTransitions={false}>{children}</BrowserRouter>;
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The build prerenders /login into a page of its own, which the server sends for /login only
// (docs/architecture.md, Web). That page is hydrated: React adopts the card already on screen,
// with what was typed into it, once the screen's code is here, so it never suspends half-way;
// and the session check's answer waits for the hydration to finish (a signed-in player then
// moves on, as after a login). Any other page is rendered afresh behind a loader.
if (container.dataset.prerendered === window.location.pathname) {
  let hydrated = () => {};
  void store.dispatch(checkSession(new Promise<void>((resolve) => (hydrated = resolve))));
  void preloadLoginScreen().then(() => {
    // A transition: the hydration yields to the browser every few milliseconds, so a phone
    // is never blocked for long while it runs.
    startTransition(() => {
      hydrateRoot(
        container,
        <AppRoot store={store} router={Router} assumeSignedOut onMounted={hydrated} />,
      );
    });
  });
} else {
  void store.dispatch(checkSession());
  createRoot(container).render(<AppRoot store={store} router={Router} />);
}

startServiceWorker();
