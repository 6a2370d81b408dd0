import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useSelector, useStore } from 'react-redux';
import { selectSessionVersion, type AuthState } from '../../api/auth-slice';
import {
  MISSION_LAUNCHER_ALREADY_OPEN,
  MissionLauncherContext,
  type LaunchRequest,
  type MissionLauncher,
} from '../../lib/mission-launcher-context';

// The dialog (and its form machinery) downloads the first time a mission is launched.
const MissionLauncherDialog = lazy(() =>
  import('./mission-launcher-dialog').then((m) => ({ default: m.MissionLauncherDialog })),
);

interface LaunchSession {
  id: number;
  request: LaunchRequest;
  /** The session marker it was opened under: signing out closes it. */
  version: string;
}

/**
 * The one mission launcher of the app (docs/screens.md): at most one dialog; a second open()
 * throws 'MissionLauncher already open'. Closing (Cancel, Escape, backdrop, launch, the browser's
 * back button, signing out) unmounts the dialog, so the next one starts from a clean state.
 */
export function MissionLauncherProvider({ children }: { children: ReactNode }) {
  const store = useStore<{ auth: AuthState }>();
  const version = useSelector(selectSessionVersion);
  const [session, setSession] = useState<LaunchSession | null>(null);
  // Mirrors `session` synchronously, so two open() calls in one event see each other.
  const current = useRef<LaunchSession | null>(null);
  const nextId = useRef(1);
  const active = session !== null && session.version === version ? session : null;

  const close = useCallback((id: number) => {
    if (current.current?.id !== id) return;
    current.current = null;
    setSession(null);
  }, []);

  const open = useCallback(
    (request: LaunchRequest) => {
      const now = selectSessionVersion(store.getState());
      const existing = current.current;
      if (existing && existing.version === now) {
        // Also logged: a caller that lets the error escape an event handler still leaves a trace.
        console.warn(`${MISSION_LAUNCHER_ALREADY_OPEN}: ${request.missionType} was not opened`);
        throw new Error(MISSION_LAUNCHER_ALREADY_OPEN);
      }
      const next = { id: nextId.current++, request, version: now };
      current.current = next;
      setSession(next);
    },
    [store],
  );

  // The browser's back (or forward) button leaves the screen the mission was launched from.
  useEffect(() => {
    if (!active) return;
    const cancel = () => close(active.id);
    window.addEventListener('popstate', cancel);
    return () => window.removeEventListener('popstate', cancel);
  }, [active, close]);

  const launcher = useMemo<MissionLauncher>(
    () => ({ open, isOpen: active !== null }),
    [open, active],
  );

  return (
    <MissionLauncherContext.Provider value={launcher}>
      {children}
      {active && (
        <Suspense fallback={null}>
          <MissionLauncherDialog
            key={active.id}
            request={active.request}
            onClose={() => close(active.id)}
          />
        </Suspense>
      )}
    </MissionLauncherContext.Provider>
  );
}
