import type { MessageNewEvent } from '@aleph/contracts';
import { ToastStack, useToastStack, type QueuedToast, type ToastView } from '../../lib/toast-stack';

/** Message toasts on screen at once; the older ones give way. */
const SHOWN = 2;

/** docs/screens.md (Toasts): 'New message from <nickname>: <subject>'. */
export const messageToastText = (event: MessageNewEvent) =>
  `New message from ${event.from}: ${event.subject}`;

/** The queue of `message.new` toasts, newest kept. */
export const useMessageToasts = () => useToastStack<MessageNewEvent>(SHOWN);

const view = (event: MessageNewEvent): ToastView => ({
  severity: 'info',
  text: messageToastText(event),
  link: { label: 'Read', to: `/messages?message=${event.messageId}` },
});

/**
 * New player messages as toasts: at the bottom right on a desktop (the mission toasts hold the
 * top), at the top on a phone (they hold the bottom).
 */
export function MessageToasts(props: {
  toasts: readonly QueuedToast<MessageNewEvent>[];
  onDismiss(key: number): void;
}) {
  return (
    <ToastStack
      label="New messages"
      place={{
        top: { xs: 72, sm: 'auto' },
        bottom: { xs: 'auto', sm: 16 },
        left: { xs: 16, sm: 'auto' },
        right: 16,
      }}
      view={view}
      {...props}
    />
  );
}
