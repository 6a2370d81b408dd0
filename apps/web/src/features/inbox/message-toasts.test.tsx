import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { MessageNewEvent } from '@aleph/contracts';
import { MessageToasts, useMessageToasts } from './message-toasts';

vi.setConfig({ testTimeout: 20_000 });

const EVENT: MessageNewEvent = { messageId: 12, from: 'Zara', subject: 'Trade?', unread: 3 };

/** The shell's use: a pushed event (here a click) queues a toast. */
function Harness() {
  const { toasts, push, dismiss } = useMessageToasts();
  return (
    <>
      <button type="button" onClick={() => push(EVENT)}>
        Push
      </button>
      <MessageToasts toasts={toasts} onDismiss={dismiss} />
    </>
  );
}

describe('message toasts', () => {
  it('say who wrote and about what, link to the message and can be dismissed', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <Harness />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'Push' }));
    const log = screen.getByRole('log', { name: 'New messages' });
    expect(within(log).getByText('New message from Zara: Trade?')).toBeTruthy();
    expect(within(log).getByRole('link', { name: 'Read' }).getAttribute('href')).toBe(
      '/messages?message=12',
    );
    await user.click(within(log).getByRole('button', { name: 'Dismiss' }));
    expect(within(log).queryByText(/New message from/)).toBeNull();
  });
});
