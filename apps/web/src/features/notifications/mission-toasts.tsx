import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import type { MissionFinishedEvent } from '@aleph/contracts';
import { missionTitle } from '../../lib/mission-title';

/** How long a toast stays (paused while the pointer or focus is on it). */
export const TOAST_HIDE_MS = 8_000;
/** Toasts on screen at once; later ones wait their turn. */
export const TOASTS_SHOWN = 3;

/** docs/screens.md (Toasts): '<hero> returned from <mission title>: <outcome>'. */
export function missionFinishedText(event: MissionFinishedEvent): string {
  return `${event.heroName} returned from ${missionTitle(event.missionType)}: ${event.outcome}`;
}

/** The inbox with the report's Message Details open. */
export const reportPath = (reportId: number) => `/messages?message=${reportId}`;

export interface MissionToast {
  key: number;
  event: MissionFinishedEvent;
}

let toastKeys = 0;

/** The queue of finished-mission toasts: the first few show, the rest wait. */
export function useToastQueue() {
  const [toasts, setToasts] = useState<MissionToast[]>([]);
  const push = useCallback((event: MissionFinishedEvent) => {
    setToasts((queue) => [...queue, { key: ++toastKeys, event }]);
  }, []);
  const dismiss = useCallback((key: number) => {
    setToasts((queue) => queue.filter((toast) => toast.key !== key));
  }, []);
  return { toasts, push, dismiss };
}

function Toast({ toast, onDismiss }: { toast: MissionToast; onDismiss(key: number): void }) {
  const [paused, setPaused] = useState(false);
  const { key, event } = toast;
  useEffect(() => {
    if (paused) return undefined;
    const timer = setTimeout(() => onDismiss(key), TOAST_HIDE_MS);
    return () => clearTimeout(timer);
  }, [paused, key, onDismiss]);
  const dismiss = () => onDismiss(key);
  return (
    <Alert
      // The list around the toasts announces them; each toast is no alert of its own.
      role="none"
      severity="success"
      variant="filled"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      action={
        <>
          {event.reportId !== null && (
            <Button
              component={RouterLink}
              to={reportPath(event.reportId)}
              nativeButton={false}
              color="inherit"
              size="small"
              onClick={dismiss}
              sx={{ whiteSpace: 'nowrap' }}
            >
              View report
            </Button>
          )}
          <IconButton aria-label="Dismiss" color="inherit" size="small" onClick={dismiss}>
            <Close fontSize="small" />
          </IconButton>
        </>
      }
      sx={{ pointerEvents: 'auto', boxShadow: 6, overflowWrap: 'anywhere', alignItems: 'center' }}
    >
      {missionFinishedText(event)}
    </Alert>
  );
}

/**
 * Finished missions as toasts (docs/screens.md, Toasts): top right on a desktop, at the bottom
 * on a phone, stacked, newest last. The list is always in the page, so screen readers announce
 * each toast as it arrives.
 */
export function MissionToasts({
  toasts,
  onDismiss,
}: {
  toasts: readonly MissionToast[];
  onDismiss(key: number): void;
}) {
  return (
    <Box
      role="log"
      aria-label="Mission reports"
      sx={{
        position: 'fixed',
        zIndex: 'snackbar',
        pointerEvents: 'none',
        display: 'grid',
        gap: 1,
        top: { xs: 'auto', sm: 80 },
        bottom: { xs: 16, sm: 'auto' },
        left: { xs: 16, sm: 'auto' },
        right: 16,
        width: { sm: 400 },
      }}
    >
      {toasts.slice(0, TOASTS_SHOWN).map((toast) => (
        <Toast key={toast.key} toast={toast} onDismiss={onDismiss} />
      ))}
    </Box>
  );
}
