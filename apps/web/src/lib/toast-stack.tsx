import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Close from '@mui/icons-material/Close';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';

/** How long a toast stays (paused while the pointer or focus is on it; docs/screens.md). */
export const TOAST_HIDE_MS = 8_000;

export interface QueuedToast<T> {
  key: number;
  item: T;
}

/** What one toast shows: its colour, its text and, where it has one, a link. */
export interface ToastView {
  severity: AlertColor;
  text: string;
  link: { label: string; to: string } | null;
}

/** A corner of the page per stack, so that stacks shown at once never cover each other. */
type Edge = number | 'auto' | { xs: number | 'auto'; sm: number | 'auto' };
export interface ToastPlace {
  top: Edge;
  bottom: Edge;
  left: Edge;
  right: Edge;
}

let keys = 0;

/**
 * A queue of toasts. With `keep`, a new toast pushes out the oldest beyond that many (news that
 * is stale once newer news is in); without, every toast stays queued until it has been shown.
 */
export function useToastStack<T>(keep?: number) {
  const [toasts, setToasts] = useState<QueuedToast<T>[]>([]);
  const push = useCallback(
    (item: T) => {
      setToasts((queue) => {
        const next = [...queue, { key: ++keys, item }];
        return keep === undefined ? next : next.slice(-keep);
      });
    },
    [keep],
  );
  const dismiss = useCallback((key: number) => {
    setToasts((queue) => queue.filter((toast) => toast.key !== key));
  }, []);
  return { toasts, push, dismiss };
}

function Toast({
  toastKey,
  view,
  onDismiss,
}: {
  toastKey: number;
  view: ToastView;
  onDismiss(key: number): void;
}) {
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused) return undefined;
    const timer = setTimeout(() => onDismiss(toastKey), TOAST_HIDE_MS);
    return () => clearTimeout(timer);
  }, [paused, toastKey, onDismiss]);
  const dismiss = () => onDismiss(toastKey);
  return (
    <Alert
      // The list around the toasts announces them; each toast is no alert of its own.
      role="none"
      severity={view.severity}
      variant="filled"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      action={
        <>
          {view.link && (
            <Button
              component={RouterLink}
              to={view.link.to}
              nativeButton={false}
              color="inherit"
              size="small"
              onClick={dismiss}
              sx={{ whiteSpace: 'nowrap' }}
            >
              {view.link.label}
            </Button>
          )}
          <IconButton aria-label="Dismiss" color="inherit" size="small" onClick={dismiss}>
            <Close fontSize="small" />
          </IconButton>
        </>
      }
      sx={{ pointerEvents: 'auto', boxShadow: 6, overflowWrap: 'anywhere', alignItems: 'center' }}
    >
      {view.text}
    </Alert>
  );
}

/**
 * A stack of toasts fixed to one corner (docs/screens.md, Push stream, toasts and notifications),
 * newest last, the first `shown` of the queue on screen. The list is always in the page, so
 * screen readers announce each toast as it arrives.
 */
export function ToastStack<T>({
  label,
  place,
  shown,
  toasts,
  view,
  onDismiss,
}: {
  label: string;
  place: ToastPlace;
  shown?: number;
  toasts: readonly QueuedToast<T>[];
  view(item: T): ToastView;
  onDismiss(key: number): void;
}) {
  return (
    <Box
      role="log"
      aria-label={label}
      sx={{
        position: 'fixed',
        zIndex: 'snackbar',
        pointerEvents: 'none',
        display: 'grid',
        gap: 1,
        ...place,
        width: { sm: 400 },
      }}
    >
      {toasts.slice(0, shown).map((toast) => (
        <Toast key={toast.key} toastKey={toast.key} view={view(toast.item)} onDismiss={onDismiss} />
      ))}
    </Box>
  );
}
