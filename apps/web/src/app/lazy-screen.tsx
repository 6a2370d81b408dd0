import { Suspense, type ComponentType } from 'react';
import { PageLoader } from './page-loader';

/**
 * A screen module's named component, loaded on first visit: every screen is its own chunk.
 * (A lazy component rather than the data router's route `lazy`: the declarative router is
 * about 17 KB lighter in the JavaScript every page, the login page included, downloads.)
 *
 * Each screen has a Suspense boundary of its own (keyed), so navigating to a screen whose chunk
 * is still downloading shows the loader at once. With one boundary shared by every route, React
 * kept the previous screen on show under the new URL until the chunk arrived, and typing meant
 * for the registration form's Username field went into the login form's. Unlike React.lazy, a
 * screen whose chunk is already here renders in the navigation's own commit, with no loader.
 */
let screens = 0;

export function lazyScreen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  const key = `screen-${++screens}`;
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
      <Suspense key={key} fallback={<PageLoader />}>
        <Screen />
      </Suspense>
    ),
    /** Starts the download; settles once the screen can render without suspending. */
    preload: fetchScreen,
  };
}
