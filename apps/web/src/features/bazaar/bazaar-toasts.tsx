import { useCallback } from 'react';
import type { BazaarEvent } from '@aleph/contracts';
import { formatNumber } from '../../lib/format-number';
import { ToastStack, useToastStack, type QueuedToast, type ToastView } from '../../lib/toast-stack';

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

interface BazaarNews {
  type: BazaarEventType;
  event: BazaarEvent;
}

/** The queue of Bazaar toasts, newest kept. */
export function useBazaarToasts() {
  const { toasts, push, dismiss } = useToastStack<BazaarNews>(SHOWN);
  const pushEvent = useCallback(
    (type: BazaarEventType, event: BazaarEvent) => push({ type, event }),
    [push],
  );
  return { toasts, push: pushEvent, dismiss };
}

const view = ({ type, event }: BazaarNews): ToastView => ({
  severity: type === 'bazaar.outbid' ? 'warning' : 'success',
  text: bazaarToastText(type, event),
  link: { label: 'View listing', to: `/bazaar/${event.listingid}` },
});

/**
 * Bazaar sales, purchases and outbids as toasts: bottom left on a desktop (the mission and
 * message toasts hold the right), at the top on a phone.
 */
export function BazaarToasts(props: {
  toasts: readonly QueuedToast<BazaarNews>[];
  onDismiss(key: number): void;
}) {
  return (
    <ToastStack
      label="Bazaar"
      place={{
        top: { xs: 72, sm: 'auto' },
        bottom: { xs: 'auto', sm: 16 },
        left: 16,
        right: { xs: 16, sm: 'auto' },
      }}
      view={view}
      {...props}
    />
  );
}
