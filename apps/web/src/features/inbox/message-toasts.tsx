import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import type { MessageNewEvent } from '@aleph/contracts';

/** How long a message toast stays (paused while the pointer or focus is on it). */
export const MESSAGE_TOAST_MS = 8_000;
/** Message toasts on screen at once; the older ones give way. */
const SHOWN = 2;

/** docs/screens.md (Toasts): 'New message from <nickname>: <subject>'. */
export const messageToastText = (event: MessageNewEvent) =>
  `New message from ${event.from}: ${event.subject}`;

interface MessageToast {
  key: number;
  event: MessageNewEvent;
}
let keys = 0;

/** The queue of `message.new` toasts, newest kept. */
export function useMessageToasts() {
  const [toasts, setToasts] = useState<MessageToast[]>([]);
  const push = useCallback((event: MessageNewEvent) => {
    setToasts((queue) => [...queue, { key: ++keys, event }].slice(-SHOWN));
  }, []);
  const dismiss = useCallback((key: number) => {
    setToasts((queue) => queue.filter((t) => t.key !== key));
  }, []);
  return { toasts, push, dismiss };
}

function Toast({ toast, onDismiss }: { toast: MessageToast; onDismiss(key: number): void }) {
  const [paused, setPaused] = useState(false);
  const { key, event } = toast;
  useEffect(() => {
    if (paused) return undefined;
    const timer = setTimeout(() => onDismiss(key), MESSAGE_TOAST_MS);
    return () => clearTimeout(timer);
  }, [paused, key, onDismiss]);
  const dismiss = () => onDismiss(key);
  return (
    <Alert
      role="none"
      severity="info"
      variant="filled"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      action={
        <>
          <Button
            component={RouterLink}
            to={`/messages?message=${event.messageId}`}
            nativeButton={false}
            color="inherit"
            size="small"
            onClick={dismiss}
          >
            Read
          </Button>
          <IconButton aria-label="Dismiss" color="inherit" size="small" onClick={dismiss}>
            <Close fontSize="small" />
          </IconButton>
        </>
      }
      sx={{ pointerEvents: 'auto', boxShadow: 6, overflowWrap: 'anywhere', alignItems: 'center' }}
    >
      {messageToastText(event)}
    </Alert>
  );
}

/**
 * New player messages as toasts: at the bottom right on a desktop (the mission toasts hold the
 * top), at the top on a phone (they hold the bottom). Always in the page, so screen readers
 * announce each as it arrives.
 */
export function MessageToasts(props: {
  toasts: readonly MessageToast[];
  onDismiss(key: number): void;
}) {
  return (
    <Box
      role="log"
      aria-label="New messages"
      sx={{
        position: 'fixed',
        zIndex: 'snackbar',
        pointerEvents: 'none',
        display: 'grid',
        gap: 1,
        top: { xs: 72, sm: 'auto' },
        bottom: { xs: 'auto', sm: 16 },
        left: { xs: 16, sm: 'auto' },
        right: 16,
        width: { sm: 400 },
      }}
    >
      {props.toasts.map((toast) => (
        <Toast key={toast.key} toast={toast} onDismiss={props.onDismiss} />
      ))}
    </Box>
  );
}
