import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router';
import { selectJustLoggedOut } from '../api/auth-slice';
import { useAppSelector } from './hooks';
import { PageLoader } from './page-loader';

const LoggedOutScreen = lazy(() =>
  import('../features/auth/logged-out-screen').then((module) => ({
    default: module.LoggedOutScreen,
  })),
);

/**
 * /logout in the signed-out table: the logout's done state stays on screen after the session
 * is gone, until the player follows 'Return to login'. Otherwise /logout leads to /login.
 */
export function LogoutDoneRoute() {
  const justLoggedOut = useAppSelector(selectJustLoggedOut);
  if (!justLoggedOut) return <Navigate to="/login" replace />;
  return (
    <Suspense fallback={<PageLoader />}>
      <LoggedOutScreen />
    </Suspense>
  );
}
