import { useMemo } from 'react';
import { useRoutes } from 'react-router';
import { selectIsSignedIn, selectSessionChecked } from '../api/auth-slice';
import { useAppSelector } from './hooks';
import { PageLoader } from './page-loader';
import { RouteErrorBoundary } from './route-error';
import { signedInRoutes, signedOutRoutes } from './routes';

function Routes({ signedIn }: { signedIn: boolean }) {
  return useRoutes(signedIn ? signedInRoutes : signedOutRoutes);
}

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
        <Routes signedIn={signedIn} />
      </RouteErrorBoundary>
    ),
    [signedIn],
  );
  if (!checked && !assumeSignedOut) return <PageLoader />;
  return routes;
}
