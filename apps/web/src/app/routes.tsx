import type { ComponentType } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { lazyScreen } from './lazy-screen';
import { verifyEmailScreen } from './signed-out-routes';

// The signed-in table: its own chunk, downloaded once a session is found (app-router.tsx), so
// the login page carries none of it. The tests render both tables from here.
export { signedOutRoutes } from './signed-out-routes';

const screen = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  lazyScreen(load, pick).element;

/** Routes of a signed-in player (docs/screens.md, Routes): every screen sits in the layout with the top bar. */
export const signedInRoutes: RouteObject[] = [
  {
    children: [
      {
        path: '/',
        // The layout, with the push stream and its toasts (docs/architecture.md, Web).
        element: screen(
          () => import('./signed-in-shell'),
          (m) => m.SignedInShell,
        ),
        children: [
          {
            index: true,
            element: screen(
              () => import('./dashboard-screen'),
              (m) => m.DashboardScreen,
            ),
          },
          {
            path: 'lands',
            element: screen(
              () => import('../features/lands/lands-page'),
              (m) => m.LandsPage,
            ),
          },
          {
            path: 'lands/:landid',
            element: screen(
              () => import('../features/lands/land-page'),
              (m) => m.LandPage,
            ),
          },
          {
            path: 'map',
            element: screen(
              () => import('../features/map/map-page'),
              (m) => m.MapPage,
            ),
          },
          {
            path: 'world',
            element: screen(
              () => import('../features/map/world-stats-page'),
              (m) => m.WorldStatsPage,
            ),
          },
          {
            path: 'heroes',
            element: screen(
              () => import('../features/heroes/heroes-page'),
              (m) => m.HeroesPage,
            ),
          },
          {
            path: 'heroes/:heroid',
            element: screen(
              () => import('../features/heroes/hero-page'),
              (m) => m.HeroPage,
            ),
          },
          {
            path: 'marketplace',
            element: screen(
              () => import('./marketplace-screen'),
              (m) => m.MarketplaceScreen,
            ),
          },
          {
            path: 'marketplace/trader',
            element: screen(
              () => import('../features/economy/trader-page'),
              (m) => m.TraderPage,
            ),
          },
          {
            path: 'marketplace/secret',
            element: screen(
              () => import('../features/economy/secret-market-page'),
              (m) => m.SecretMarketPage,
            ),
          },
          {
            path: 'bazaar',
            element: screen(
              () => import('../features/bazaar/bazaar-page'),
              (m) => m.BazaarPage,
            ),
          },
          {
            path: 'bazaar/mine',
            element: screen(
              () => import('../features/bazaar/my-bazaar-page'),
              (m) => m.MyBazaarPage,
            ),
          },
          {
            path: 'bazaar/:id',
            element: screen(
              () => import('../features/bazaar/listing-page'),
              (m) => m.ListingPage,
            ),
          },
          {
            path: 'events/luckycoin',
            element: screen(
              () => import('../features/economy/lucky-coin-page'),
              (m) => m.LuckyCoinPage,
            ),
          },
          {
            path: 'messages',
            element: screen(
              () => import('../features/inbox/inbox-page'),
              (m) => m.InboxPage,
            ),
          },
          {
            path: 'profile',
            element: screen(
              () => import('../features/profile/profile-page'),
              (m) => m.ProfilePage,
            ),
          },
          {
            path: 'profile/account',
            element: screen(
              () => import('../features/account/account-page'),
              (m) => m.AccountPage,
            ),
          },
          {
            path: 'profile/achievements',
            element: screen(
              () => import('../features/records/achievements-page'),
              (m) => m.AchievementsPage,
            ),
          },
          {
            path: 'profile/rating',
            element: screen(
              () => import('../features/records/rating-page'),
              (m) => m.RatingPage,
            ),
          },
          {
            path: 'friends',
            element: screen(
              () => import('../features/friends/friends-page'),
              (m) => m.FriendsPage,
            ),
          },
          {
            path: 'alliances',
            element: screen(
              () => import('../features/alliances/alliances-page'),
              (m) => m.AlliancesPage,
            ),
          },
          {
            path: 'alliances/:id',
            element: screen(
              () => import('../features/alliances/alliance-page'),
              (m) => m.AlliancePage,
            ),
          },
          {
            path: 'missions/log',
            element: screen(
              () => import('../features/records/mission-log-page'),
              (m) => m.MissionLogPage,
            ),
          },
          {
            path: 'unique',
            element: screen(
              () => import('../features/unique/unique-page'),
              (m) => m.UniquePage,
            ),
          },
          {
            path: 'arena',
            element: screen(
              () => import('../features/arena/arena-page'),
              (m) => m.ArenaPage,
            ),
          },
          {
            // The operators' console, with its own pages inside (its chunk loads for staff only).
            path: 'admin/*',
            element: screen(
              () => import('../features/admin/admin-console'),
              (m) => m.AdminConsole,
            ),
          },
          {
            path: 'logout',
            element: screen(
              () => import('../features/auth/logout-screen'),
              (m) => m.LogoutScreen,
            ),
          },
        ],
      },
      // Outside the layout, as signed out: the link's answer and a way on to the profile.
      { path: '/verify-email/:token', element: verifyEmailScreen.element },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export function SignedInRoutes() {
  return useRoutes(signedInRoutes);
}
