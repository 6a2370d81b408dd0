import { useMemo } from 'react';
import { selectIsSignedIn, selectSessionChecked } from '../api/auth-slice';
import { useAppSelector } from './hooks';
import { lazyScreen } from './lazy-screen';
import { PageLoader } from './page-loader';
import { RouteErrorBoundary } from './route-error';
import { SignedOutRoutes } from './signed-out-routes';

/**
 * The signed-in table (routes.tsx) is a chunk of its own, downloaded once a session is found:
 * the login page's JavaScript carries none of it (docs/performance.md, "Web app"). The frame
 * every signed-in screen sits in downloads with it, not after it.
 */
const signedInTable = lazyScreen(
  () => Promise.all([import('./routes'), import('./signed-in-shell')]).then(([table]) => table),
  (m) => m.SignedInRoutes,
);

/**
 * Chooses the route table by session (docs/screens.md); a loader while the check runs. It
 * sits inside the app's one router (BrowserRouter, or a MemoryRouter in tests), so when the
 * session flips the other table takes over at the current URL (for example /login right
 * after logging in, which then redirects to /).
 *
 * `assumeSignedOut`: the page came prerendered as a signed-out screen (the build's /login,
 * docs/architecture.md, Web), so the signed-out table shows while the check runs, as the
 * prerender did; a session found then moves the player on as a login does.
 */
export function AppRouter({ assumeSignedOut = false }: { assumeSignedOut?: boolean }) {
  const checked = useAppSelector(selectSessionChecked);
  const signedIn = useAppSelector(selectIsSignedIn);
  // The same element while the session stays what it was: the check's answer on a prerendered
  // page (no session, as assumed) re-renders nothing below.
  const routes = useMemo(
    () => (
      <RouteErrorBoundary>
        {signedIn ? signedInTable.element : <SignedOutRoutes />}
      </RouteErrorBoundary>
    ),
    [signedIn],
  );
  if (!checked && !assumeSignedOut) return <PageLoader />;
  return routes;
}
