import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { MessageNewEvent } from '@aleph/contracts';
import { MessageToasts, useMessageToasts } from './message-toasts';

vi.setConfig({ testTimeout: 20_000 });

let pushed: (event: MessageNewEvent) => void = () => undefined;
function Harness() {
  const { toasts, push, dismiss } = useMessageToasts();
  pushed = push;
  return <MessageToasts toasts={toasts} onDismiss={dismiss} />;
}

describe('message toasts', () => {
  it('say who wrote and about what, link to the message and can be dismissed', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <Harness />
      </MemoryRouter>,
    );
    act(() => pushed({ messageId: 12, from: 'Zara', subject: 'Trade?', unread: 3 }));
    const log = screen.getByRole('log', { name: 'New messages' });
    expect(within(log).getByText('New message from Zara: Trade?')).toBeTruthy();
    expect(within(log).getByRole('link', { name: 'Read' }).getAttribute('href')).toBe(
      '/messages?message=12',
    );
    await user.click(within(log).getByRole('button', { name: 'Dismiss' }));
    expect(within(log).queryByText(/New message from/)).toBeNull();
  });
});
