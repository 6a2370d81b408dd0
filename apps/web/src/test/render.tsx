import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { signedIn } from '../api/auth-slice';
import { AppRouter } from '../app/app-router';
import { ProfileDialogsProvider } from '../app/profile-dialogs-provider';
import { AppProviders } from '../app/providers';
import { createAppStore, type AppStore } from '../app/store';

export function signedInStore(): AppStore {
  const store = createAppStore();
  store.dispatch(signedIn());
  return store;
}

/** `ui` with the app's providers, and the signed-in frame's, which a screen rendered alone needs. */
export function renderWithStore(ui: ReactElement, store: AppStore = createAppStore()) {
  return {
    store,
    ...render(
      <AppProviders store={store}>
        <ProfileDialogsProvider>{ui}</ProfileDialogsProvider>
      </AppProviders>,
    ),
  };
}

/** One route table in a memory router, as the app's router would show it at `path`. */
export function renderRoutes(routes: RouteObject[], path: string, store?: AppStore) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return { router, ...renderWithStore(<RouterProvider router={router} />, store) };
}

/** The whole app (both route tables, switched by the session) in memory, starting at `path`. */
export function renderApp(path: string, store: AppStore = createAppStore()) {
  return renderWithStore(
    <MemoryRouter initialEntries={[path]}>
      <AppRouter />
    </MemoryRouter>,
    store,
  );
}
