import { StrictMode, useEffect, type ComponentType, type ReactNode } from 'react';
import { AppRouter } from './app-router';
import { AppProviders } from './providers';
import type { AppStore } from './store';

interface AppRootProps {
  store: AppStore;
  /** BrowserRouter in the browser; a StaticRouter at the page's path when prerendering. */
  router: ComponentType<{ children?: ReactNode }>;
  /** The page came prerendered as a signed-out screen (see AppRouter). */
  assumeSignedOut?: boolean;
  /** Called once the tree is on screen (after a hydration, once it has finished). */
  onMounted?: () => void;
}

/**
 * The whole app: main.tsx renders it in the browser and the build prerenders it
 * (prerender.tsx), so that a prerendered page and its hydration are one and the same tree.
 */
export function AppRoot({ store, router: Router, assumeSignedOut, onMounted }: AppRootProps) {
  useEffect(() => onMounted?.(), [onMounted]);
  return (
    <StrictMode>
      <AppProviders store={store}>
        <Router>
          <AppRouter assumeSignedOut={assumeSignedOut} />
        </Router>
      </AppProviders>
    </StrictMode>
  );
}
