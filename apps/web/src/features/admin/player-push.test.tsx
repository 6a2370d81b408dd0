import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PUSH_KINDS, type PlayerDetail } from '@aleph/contracts';
import { json } from '../../test/fake-fetch';
import { when } from './format';
import { detail, MODERATOR, posts, renderConsole } from './test-fixtures';

vi.setConfig({ testTimeout: 30_000 });

const PUSH: NonNullable<PlayerDetail['push']> = {
  devices: [
    {
      id: 5,
      userAgent: 'Chrome on Android',
      createdAt: '2026-11-20T10:00:00.000Z',
      lastSuccessAt: null,
      pending: 2,
      lastError: 'HTTP 503 from the push service',
    },
    {
      id: 6,
      userAgent: 'Firefox on Windows',
      createdAt: '2026-11-21T10:00:00.000Z',
      lastSuccessAt: '2026-11-27T08:00:00.000Z',
      pending: 0,
      lastError: null,
    },
  ],
  kinds: [PUSH_KINDS[0]],
  quietHours: { start: '22:00', end: '07:00' },
  timeZone: 'Europe/Paris',
};

const withPush = (push: NonNullable<PlayerDetail['push']>) => ({ ...detail(), push });

describe("a player's notifications in the console", () => {
  it('shows each device, what waits and failed, and the choices', async () => {
    renderConsole('/admin/players/42?tab=notifications', {
      'GET /diwan/players/42': () => json(withPush(PUSH)),
    });
    const table = await screen.findByRole('table', { name: 'Notification devices' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      [
        'Chrome on Android',
        when(PUSH.devices[0]!.createdAt),
        'No notification yet',
        '2 waiting',
        'HTTP 503 from the push service',
        'Remove',
      ],
      [
        'Firefox on Windows',
        when(PUSH.devices[1]!.createdAt),
        when(PUSH.devices[1]!.lastSuccessAt!),
        '0 waiting',
        '',
        'Remove',
      ],
    ]);
    expect(screen.getByText('Quiet hours: 22:00 to 07:00')).toBeTruthy();
    expect(screen.getByText('Time zone: Europe/Paris')).toBeTruthy();
    expect(screen.getByText(/^Kinds on:/).textContent).toBe('Kinds on: Mission finished');
  });

  it('removes a device with a reason, as a moderator', async () => {
    const user = userEvent.setup();
    const { calls } = renderConsole(
      '/admin/players/42?tab=notifications',
      {
        'GET /diwan/players/42': () => json(withPush(PUSH)),
        'POST /diwan/players/42/push/5/remove': () => json({ ok: true, staffLogId: 77 }),
      },
      MODERATOR,
    );
    await user.click(await screen.findByRole('button', { name: 'Remove #5 Chrome on Android' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Remove device #5 Chrome on Android',
    });
    await user.click(within(dialog).getByLabelText(/^Reason/));
    await user.paste('Player lost this phone');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(
      await screen.findByText('Device #5 Chrome on Android removed. Staff log #77.'),
    ).toBeTruthy();
    expect(posts(calls)).toEqual([
      {
        method: 'POST',
        path: '/diwan/players/42/push/5/remove',
        body: { reason: 'Player lost this phone' },
      },
    ]);
  });

  it('says so when no device gets notifications', async () => {
    renderConsole('/admin/players/42?tab=notifications', {
      'GET /diwan/players/42': () =>
        json(withPush({ devices: [], kinds: [], quietHours: null, timeZone: 'UTC' })),
    });
    expect(await screen.findByText('No device gets notifications.')).toBeTruthy();
    expect(screen.getByText('Kinds on: None')).toBeTruthy();
    expect(screen.getByText('Quiet hours: None')).toBeTruthy();
  });
});
