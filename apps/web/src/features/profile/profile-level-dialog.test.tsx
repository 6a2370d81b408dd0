import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PROFILE_LEVELS } from '@aleph/rules';
import { fakeFetch, json } from '../../test/fake-fetch';
import { renderWithStore, signedInStore } from '../../test/render';
import { ProfileLevelDialog } from './profile-level-dialog';

function summary(level: number, profilePoints: number, upgradable: boolean) {
  return {
    vip: { vipPoints: 0, vipLevel: 0 },
    level: { level, profilePoints, upgradable },
    treasury: { gold: 0, platinum: 0 },
  };
}

const flagsUpTo = (level: number) =>
  Array.from({ length: level }, (_, i) => `profileLevel${i + 1}`);

/** A server whose profile moves to `after` once the workflow has started. */
function server(before: ReturnType<typeof summary>, after = before) {
  let started = false;
  const current = () => (started ? after : before);
  return fakeFetch({
    'GET /athar/profile': () => json(current()),
    'GET /athar/features': () => json(flagsUpTo(current().level.level)),
    'POST /tartib/workflow/start': () => {
      started = true;
      return json(
        {
          ok: true,
          workflowid: 7,
          wftype: 'PROFILELEVELUP',
          status: 'pending',
          targetLevel: before.level.level + 1,
        },
        202,
      );
    },
  });
}

function renderDialog() {
  const onClose = vi.fn();
  renderWithStore(<ProfileLevelDialog open onClose={onClose} />, signedInStore());
  return { onClose, dialog: screen.getByRole('dialog', { name: 'Profile Level Information' }) };
}

afterEach(() => vi.useRealTimers());

describe('Profile Level Information dialog', () => {
  it('without profileLevel1 invites to unlock; Unlock is disabled unless upgradable', async () => {
    server(summary(0, 100, false));
    const { dialog } = renderDialog();
    expect(
      await within(dialog).findByText(
        'Unlock the first veil of your profile to glimpse deeper truths about your journey.',
      ),
    ).toBeTruthy();
    const unlock = within(dialog).getByRole('button', { name: 'Unlock' });
    expect(unlock).toHaveProperty('disabled', true);
    expect(within(dialog).queryByRole('button', { name: /^Level 1,/ })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Upgrade' })).toBeNull();
  });

  it('has no action buttons: it closes with its close icon', async () => {
    server(summary(0, 100, false));
    const { dialog, onClose } = renderDialog();
    await within(dialog).findByRole('button', { name: 'Unlock' });
    expect(dialog.querySelector('.MuiDialogActions-root')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('with profileLevel1 lists levels 1 to 10 with their XP and features', async () => {
    server(summary(1, 20000, false));
    const { dialog } = renderDialog();
    const upgrade = await within(dialog).findByRole('button', { name: 'Upgrade' });
    expect(upgrade).toHaveProperty('disabled', true);
    expect(within(dialog).queryByText(/Unlock the first veil/)).toBeNull();
    const headings = within(dialog)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(headings).toEqual(
      PROFILE_LEVELS.map((row) => `Level ${row.level}, required ${row.xp} XP`),
    );
    expect(headings[0]).toBe('Level 1, required 19412 XP');
    expect(headings[9]).toBe('Level 10, required 746275 XP');

    // The next level to reach starts open; another opens on demand.
    const level2 = within(dialog).getByRole('button', { name: 'Level 2, required 29118 XP' });
    expect(level2.getAttribute('aria-expanded')).toBe('true');
    expect(within(dialog).getByText('Top Gold Claimers widget')).toBeTruthy();
    const level8 = within(dialog).getByRole('button', { name: 'Level 8, required 331678 XP' });
    expect(level8.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(level8);
    expect(level8.getAttribute('aria-expanded')).toBe('true');
    expect(within(dialog).getByText('Secret market')).toBeTruthy();
  });

  it('Unlock starts the level-up workflow and re-reads the profile 2 s later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { calls } = server(summary(0, 19412, true), summary(1, 19412, false));
    const { dialog } = renderDialog();
    const unlock = await within(dialog).findByRole('button', { name: 'Unlock' });
    await waitFor(() => expect(unlock).toHaveProperty('disabled', false));
    const reads = (path: string) => calls.filter((call) => call.path === path).length;
    const profileReads = reads('/athar/profile');
    const featureReads = reads('/athar/features');

    await user.click(unlock);
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/tartib/workflow/start')?.body).toEqual({
        wftype: 'PROFILELEVELUP',
      }),
    );
    expect(await within(dialog).findByText(/Reaching level 1/)).toBeTruthy();
    expect(unlock).toHaveProperty('disabled', true);

    await vi.advanceTimersByTimeAsync(1500);
    expect(reads('/athar/profile')).toBe(profileReads);
    expect(reads('/athar/features')).toBe(featureReads);

    await vi.advanceTimersByTimeAsync(600);
    await waitFor(() => expect(reads('/athar/profile')).toBe(profileReads + 1));
    expect(reads('/athar/features')).toBe(featureReads + 1);
    // The new level shows: the level table replaces the invitation.
    expect(await within(dialog).findByRole('button', { name: 'Upgrade' })).toBeTruthy();
    expect(within(dialog).getByText('Your profile reached level 1.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Upgrade' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('Upgrade shows the refusal when the server says no', async () => {
    fakeFetch({
      'GET /athar/profile': () => json(summary(1, 29118, true)),
      'GET /athar/features': () => json(['profileLevel1']),
      'POST /tartib/workflow/start': () =>
        json(
          {
            statusCode: 409,
            error: 'Conflict',
            code: 'NOT_UPGRADABLE',
            message: 'Level 2 needs 29118 XP; you have 29000.',
          },
          409,
        ),
    });
    const { dialog } = renderDialog();
    const upgrade = await within(dialog).findByRole('button', { name: 'Upgrade' });
    await waitFor(() => expect(upgrade).toHaveProperty('disabled', false));
    await userEvent.click(upgrade);
    expect(
      await within(dialog).findByText(
        'The level-up was refused: Level 2 needs 29118 XP; you have 29000.',
      ),
    ).toBeTruthy();
  });
});
