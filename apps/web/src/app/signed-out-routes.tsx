import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { LogoutDoneRoute } from './logout-done-route';
import { lazyScreen } from './lazy-screen';

// The signed-out table, the one the entry chunk carries. The signed-in table (routes.tsx)
// downloads once a session is found, so the login page loads none of it (docs/performance.md,
// "Web app").

const loginScreen = lazyScreen(
  () => import('../features/auth/login-screen'),
  (m) => m.LoginScreen,
);
const registerScreen = lazyScreen(
  () => import('../features/auth/register-screen'),
  (m) => m.RegisterScreen,
);
const restorePasswordScreen = lazyScreen(
  () => import('../features/auth/restore-password-screen'),
  (m) => m.RestorePasswordScreen,
);
const newPasswordScreen = lazyScreen(
  () => import('../features/auth/new-password-screen'),
  (m) => m.NewPasswordScreen,
);
/** The link of a verification or address-change mail: the same screen signed in or out. */
export const verifyEmailScreen = lazyScreen(
  () => import('../features/auth/verify-email-screen'),
  (m) => m.VerifyEmailScreen,
);

/**
 * The login screen's download, started at once when the page came prerendered (main.tsx): the
 * page is hydrated with the screen in hand, so it never suspends on its way.
 */
export const preloadLoginScreen = loginScreen.preload;

/** Routes of a signed-out player (docs/screens.md, Routes). */
export const signedOutRoutes: RouteObject[] = [
  {
    children: [
      {
        path: '/login',
        element: loginScreen.element,
      },
      {
        path: '/register',
        element: registerScreen.element,
      },
      {
        path: '/restore-password',
        element: restorePasswordScreen.element,
      },
      {
        // The link of the recovery e-mail (docs/api.md, "Password recovery").
        path: '/restore-password/:token',
        element: newPasswordScreen.element,
      },
      // The link of a verification or address-change mail (docs/api.md, "Account settings").
      { path: '/verify-email/:token', element: verifyEmailScreen.element },
      { path: '/logout', Component: LogoutDoneRoute },
      { path: '*', element: <Navigate to="/login" replace /> },
    ],
  },
];

export function SignedOutRoutes() {
  return useRoutes(signedOutRoutes);
}
