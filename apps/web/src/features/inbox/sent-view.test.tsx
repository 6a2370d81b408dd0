import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SentMessage } from '@aleph/contracts';
import { renderPlayerInbox } from './player-fixtures';

vi.setConfig({ testTimeout: 20_000 });

const sent = (id: number, over: Partial<SentMessage> = {}): SentMessage => ({
  id,
  to: 'Zara',
  toProfileid: 42,
  subject: `Sent ${id}`,
  body: `Line one of ${id}\nLine two`,
  created: '2026-11-21T14:05:00.000Z',
  ...over,
});

describe('the Sent view', () => {
  it('lists To, Subject and Date, opens a message read-only and loads more', async () => {
    const user = userEvent.setup();
    const { calls } = renderPlayerInbox({
      sent: [
        { messages: [sent(3), sent(2, { to: 'Zaid' })], nextCursor: '1' },
        { messages: [sent(1)], nextCursor: null },
      ],
    });
    await user.click(await screen.findByRole('tab', { name: 'Sent' }));
    const table = await screen.findByRole('region', { name: 'Sent messages' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['To', 'Subject', 'Date']);
    await within(table).findByText('Sent 3');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Zaid', 'Sent 2', 'Nov 21, 2026 14:05']);
    await user.click(within(table).getByRole('button', { name: 'Load more' }));
    await within(table).findByText('Sent 1');
    expect(calls.some((c) => c.path === '/hatif/messages/sent?cursor=1')).toBe(true);
    expect(within(table).queryByRole('button', { name: 'Load more' })).toBeNull();

    await user.click(within(table).getByRole('button', { name: 'Sent 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sent message' });
    expect(within(dialog).getByLabelText('Message').textContent).toBe('Line one of 3\nLine two');
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says so when nothing was sent yet', async () => {
    const user = userEvent.setup();
    renderPlayerInbox();
    await user.click(await screen.findByRole('tab', { name: 'Sent' }));
    expect(await screen.findByText('You have not sent any messages yet.')).toBeTruthy();
  });
});
