import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json } from '../../test/fake-fetch';
import { renderPlayerInbox } from './player-fixtures';

vi.setConfig({ testTimeout: 20_000 });

const posts = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/hatif/messages').map((c) => c.body);

describe('New message', () => {
  it('finds the player by the start of the nickname, counts, sends and says so', async () => {
    const user = userEvent.setup();
    const { calls } = renderPlayerInbox();
    await user.click(await screen.findByRole('button', { name: 'New message' }));
    const dialog = await screen.findByRole('dialog', { name: 'New message' });
    const send = within(dialog).getByRole('button', { name: 'Send' });
    expect(send).toHaveProperty('disabled', true);
    await user.type(within(dialog).getByRole('combobox', { name: 'To' }), 'za');
    await user.click(await screen.findByRole('option', { name: 'Zara' }));
    expect(calls.some((c) => c.path === '/athar/players?prefix=za')).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: 'Subject' }), 'Trade?');
    expect(within(dialog).getByText('6/120')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Hi{enter}there');
    expect(within(dialog).getByText('8/2000')).toBeTruthy();
    await user.click(send);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(calls)).toEqual([{ to: 'Zara', subject: 'Trade?', body: 'Hi\nthere' }]);
    expect(screen.getByText('Message sent to Zara.')).toBeTruthy();
  });

  it('says in words when the hourly limit opens again, and keeps what was written', async () => {
    const user = userEvent.setup();
    const until = new Date(Date.now() + 20 * 60_000).toISOString();
    renderPlayerInbox({
      path: '/messages?to=Zara',
      routes: {
        'POST /hatif/messages': () =>
          json(
            {
              statusCode: 429,
              code: 'RATE_LIMITED',
              message:
                'You can send 30 messages an hour. You can send again at 2026-11-21 15:05 UTC.',
              until,
            },
            429,
          ),
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'New message' });
    expect(within(dialog).getByRole('combobox', { name: 'To' })).toHaveProperty('value', 'Zara');
    await user.type(within(dialog).getByRole('textbox', { name: 'Subject' }), 'Again');
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    const alert = await within(dialog).findByText(
      /^You can send 30 messages an hour\. You can send again at /,
    );
    expect(alert.textContent).toContain(
      new Date(until).toLocaleString('en-US', {
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hour12: false,
      }),
    );
    expect(within(dialog).getByRole('textbox', { name: 'Message' })).toHaveProperty(
      'value',
      'Hello',
    );
  });

  it('shows a refusal naming a field at that field', async () => {
    const user = userEvent.setup();
    renderPlayerInbox({
      routes: {
        'POST /hatif/messages': () =>
          json(
            {
              statusCode: 404,
              code: 'PLAYER_NOT_FOUND',
              message: 'There is no player with this nickname.',
              field: 'to',
            },
            404,
          ),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'New message' }));
    const dialog = await screen.findByRole('dialog', { name: 'New message' });
    await user.type(within(dialog).getByRole('combobox', { name: 'To' }), 'Nobody');
    await user.type(within(dialog).getByRole('textbox', { name: 'Subject' }), 'x');
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'y');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    const to = within(dialog).getByRole('combobox', { name: 'To' });
    await waitFor(() => expect(to.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('There is no player with this nickname.')).toBeTruthy();
  });
});
