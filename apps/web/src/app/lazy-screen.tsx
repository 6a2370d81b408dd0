import { Suspense, type ComponentType } from 'react';
import { PageLoader } from './page-loader';

/**
 * A screen module's named component, loaded on first visit: every screen is its own chunk.
 * (A lazy component rather than the data router's route `lazy`: the declarative router is
 * about 17 KB lighter in the JavaScript every page, the login page included, downloads.)
 *
 * Unlike React.lazy, a screen whose chunk is already here renders at once, in the same commit
 * as the navigation: a preloaded screen never leaves the previous one on show under the new
 * URL (where, for example, the login form's Username field would still take the typing meant
 * for the registration form's).
 */
export function lazyScreen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  let loaded: ComponentType | undefined;
  let failure: { error: unknown } | undefined;
  let pending: Promise<void> | undefined;
  const fetchScreen = (): Promise<void> => {
    pending ??= load().then(
      (module) => {
        loaded = pick(module);
      },
      (error: unknown) => {
        // As with React.lazy, a failed download stays failed; reloading the page retries it.
        failure = { error };
      },
    );
    return pending;
  };
  function Screen() {
    if (failure) throw failure.error; // to the route error boundary
    // Suspends as React.lazy does, by throwing the download's promise; once it has settled
    // React renders again. (Not use(): tests render inside act(), where a use()d promise
    // created outside React never wakes the tree.)
    if (!loaded) throw fetchScreen();
    const Component = loaded;
    return <Component />;
  }
  return {
    element: (
      <Suspense fallback={<PageLoader />}>
        <Screen />
      </Suspense>
    ),
    preload: () => void fetchScreen(),
  };
}
