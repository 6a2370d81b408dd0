import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json } from '../../test/fake-fetch';
import { detail, posts, renderConsole } from './test-fixtures';

vi.setConfig({ testTimeout: 30_000 });

const ok = (staffLogId: number) => json({ ok: true, staffLogId });

async function fill(user: ReturnType<typeof userEvent.setup>, element: HTMLElement, text: string) {
  await user.click(element);
  await user.paste(text);
}

async function openTool(button: string, title: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: button }));
  return { user, dialog: await screen.findByRole('dialog', { name: title }) };
}

describe("the console's tools (the operator CLI's)", () => {
  it('announces to every player', async () => {
    const { calls } = renderConsole('/admin/tools', {
      'POST /diwan/announcements': () => ok(50),
    });
    const { user, dialog } = await openTool(
      'Write an announcement',
      'Announcement to every player',
    );
    await fill(user, within(dialog).getByLabelText(/^Subject/), 'Maintenance tonight');
    await fill(user, within(dialog).getByLabelText(/^Text/), 'The game pauses at 02:00 UTC.');
    await fill(user, within(dialog).getByLabelText(/^Reason/), 'Planned maintenance');
    await user.click(within(dialog).getByRole('button', { name: 'Announce' }));
    expect(await screen.findByText('Announced. Staff log #50.')).toBeTruthy();
    expect(posts(calls)[0]).toEqual({
      method: 'POST',
      path: '/diwan/announcements',
      body: {
        subject: 'Maintenance tonight',
        body: 'The game pauses at 02:00 UTC.',
        reason: 'Planned maintenance',
      },
    });
  });

  it('opens the Lucky coin event for the hours given, within the limit', async () => {
    const { calls } = renderConsole('/admin/tools', { 'POST /diwan/luckycoin': () => ok(51) });
    const { user, dialog } = await openTool('Open the event', 'Open the Lucky coin event');
    const hours = within(dialog).getByLabelText(/^Hours/);
    await user.clear(hours);
    await fill(user, hours, '999');
    expect(within(dialog).getByText('A whole number from 1 to 336.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Open the event' })).toHaveProperty(
      'disabled',
      true,
    );
    await user.clear(hours);
    await fill(user, hours, '6');
    await fill(user, within(dialog).getByLabelText(/^Reason/), 'Community evening');
    await user.click(within(dialog).getByRole('button', { name: 'Open the event' }));
    expect(
      await screen.findByText('Lucky coin event open for 6 hours. Staff log #51.'),
    ).toBeTruthy();
    expect(posts(calls)[0]?.body).toEqual({ hours: 6, reason: 'Community evening' });
  });

  it('creates a unique mission, and shows the rules refusal at its field', async () => {
    let refuse = true;
    const { calls } = renderConsole('/admin/tools', {
      'POST /diwan/unique': () =>
        refuse
          ? json(
              {
                statusCode: 400,
                code: 'VALIDATION_ERROR',
                message: 'The name is taken by an open event.',
                field: 'name',
              },
              400,
            )
          : ok(52),
    });
    const { user, dialog } = await openTool('Create a unique mission', 'Create a unique mission');
    await fill(user, within(dialog).getByLabelText(/^Name/), 'The Sunken Gate');
    await user.selectOptions(within(dialog).getByLabelText('Skill needed'), 'Luck');
    await user.selectOptions(within(dialog).getByLabelText('Rarity needed'), 'Epic');
    await user.selectOptions(within(dialog).getByLabelText('Reward item'), 'Fire Seal');
    await fill(user, within(dialog).getByLabelText(/^Reason/), 'Weekly event');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    // At the field it names (not again above the form).
    expect(await within(dialog).findAllByText('The name is taken by an open event.')).toHaveLength(
      1,
    );
    expect(within(dialog).getByLabelText(/^Name/).getAttribute('aria-invalid')).toBe('true');

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await screen.findByText('Unique mission The Sunken Gate created. Staff log #52.'),
    ).toBeTruthy();
    const body = posts(calls)[1]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'The Sunken Gate',
      places: 10,
      skill: 5,
      min: 60,
      rarity: 3,
      minutes: 240,
      reward: { gold: 1000, xp: 1000, items: { SEAL_FIRE: 1 } },
      reason: 'Weekly event',
    });
    // A week from now by default.
    const days = (Date.parse(body.end as string) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
  });

  it('closes a unique mission by its id', async () => {
    const { calls } = renderConsole('/admin/tools', {
      'POST /diwan/unique/7/close': () => ok(53),
    });
    const { user, dialog } = await openTool('Close a unique mission', 'Close a unique mission');
    await fill(user, within(dialog).getByLabelText(/^Unique mission id/), '7');
    await fill(user, within(dialog).getByLabelText(/^Reason/), 'Wrong reward');
    await user.click(within(dialog).getByRole('button', { name: 'Close the mission' }));
    expect(await screen.findByText('Unique mission #7 closed. Staff log #53.')).toBeTruthy();
    expect(posts(calls)[0]).toEqual({
      method: 'POST',
      path: '/diwan/unique/7/close',
      body: { reason: 'Wrong reward' },
    });
  });

  it("sets a player's level from the player's page", async () => {
    const { calls } = renderConsole('/admin/players/42', {
      'GET /diwan/players/42': () => json(detail()),
      'POST /diwan/players/42/level': () => ok(54),
    });
    const { user, dialog } = await openTool('Set level', 'Level of zara');
    await user.selectOptions(within(dialog).getByLabelText('Level'), 'Level 9');
    await fill(
      user,
      within(dialog).getByLabelText(/^Reason/),
      'Tester account for unique missions',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Set level' }));
    expect(await screen.findByText('Level set to 9. Staff log #54.')).toBeTruthy();
    expect(posts(calls)[0]?.body).toEqual({
      level: 9,
      reason: 'Tester account for unique missions',
    });
  });
});
