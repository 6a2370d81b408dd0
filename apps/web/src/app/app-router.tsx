import { useRoutes } from 'react-router';
import { selectIsSignedIn, selectSessionChecked } from './auth-slice';
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
 */
export function AppRouter() {
  const checked = useAppSelector(selectSessionChecked);
  const signedIn = useAppSelector(selectIsSignedIn);
  if (!checked) return <PageLoader />;
  return (
    <RouteErrorBoundary>
      <Routes signedIn={signedIn} />
    </RouteErrorBoundary>
  );
}
