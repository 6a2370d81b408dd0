import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import type { BazaarEvent } from '@aleph/contracts';
import { formatNumber } from '../../lib/format-number';

/** How long a Bazaar toast stays (paused while the pointer or focus is on it). */
export const BAZAAR_TOAST_MS = 8_000;
/** Bazaar toasts on screen at once; the older ones give way. */
const SHOWN = 3;

export type BazaarEventType = 'bazaar.sold' | 'bazaar.bought' | 'bazaar.outbid';

/** docs/screens.md (Toasts): what happened to which listing, and for how much. */
export function bazaarToastText(type: BazaarEventType, event: BazaarEvent): string {
  const amount = `${formatNumber(event.amount)} ${event.currency}`;
  if (type === 'bazaar.sold') return `Sold: ${event.title} for ${amount}`;
  if (type === 'bazaar.bought') return `Bought: ${event.title}`;
  return `Outbid on ${event.title}: ${amount} leads`;
}

interface BazaarToast {
  key: number;
  type: BazaarEventType;
  event: BazaarEvent;
}
let keys = 0;

/** The queue of Bazaar toasts, newest kept. */
export function useBazaarToasts() {
  const [toasts, setToasts] = useState<BazaarToast[]>([]);
  const push = useCallback((type: BazaarEventType, event: BazaarEvent) => {
    setToasts((queue) => [...queue, { key: ++keys, type, event }].slice(-SHOWN));
  }, []);
  const dismiss = useCallback((key: number) => {
    setToasts((queue) => queue.filter((t) => t.key !== key));
  }, []);
  return { toasts, push, dismiss };
}

function Toast({ toast, onDismiss }: { toast: BazaarToast; onDismiss(key: number): void }) {
  const [paused, setPaused] = useState(false);
  const { key, type, event } = toast;
  useEffect(() => {
    if (paused) return undefined;
    const timer = setTimeout(() => onDismiss(key), BAZAAR_TOAST_MS);
    return () => clearTimeout(timer);
  }, [paused, key, onDismiss]);
  const dismiss = () => onDismiss(key);
  return (
    <Alert
      role="none"
      severity={type === 'bazaar.outbid' ? 'warning' : 'success'}
      variant="filled"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      action={
        <>
          <Button
            component={RouterLink}
            to={`/bazaar/${event.listingid}`}
            nativeButton={false}
            color="inherit"
            size="small"
            onClick={dismiss}
            sx={{ whiteSpace: 'nowrap' }}
          >
            View listing
          </Button>
          <IconButton aria-label="Dismiss" color="inherit" size="small" onClick={dismiss}>
            <Close fontSize="small" />
          </IconButton>
        </>
      }
      sx={{ pointerEvents: 'auto', boxShadow: 6, overflowWrap: 'anywhere', alignItems: 'center' }}
    >
      {bazaarToastText(type, event)}
    </Alert>
  );
}

/**
 * Bazaar sales, purchases and outbids as toasts: bottom left on a desktop (the mission and
 * message toasts hold the right), at the top on a phone. Always in the page, so screen readers
 * announce each as it arrives.
 */
export function BazaarToasts(props: {
  toasts: readonly BazaarToast[];
  onDismiss(key: number): void;
}) {
  return (
    <Box
      role="log"
      aria-label="Bazaar"
      sx={{
        position: 'fixed',
        zIndex: 'snackbar',
        pointerEvents: 'none',
        display: 'grid',
        gap: 1,
        top: { xs: 72, sm: 'auto' },
        bottom: { xs: 'auto', sm: 16 },
        left: 16,
        right: { xs: 16, sm: 'auto' },
        width: { sm: 400 },
      }}
    >
      {props.toasts.map((toast) => (
        <Toast key={toast.key} toast={toast} onDismiss={props.onDismiss} />
      ))}
    </Box>
  );
}
