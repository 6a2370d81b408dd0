import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json } from '../../test/fake-fetch';
import { ADMIN, detail, posts, renderConsole } from './test-fixtures';

vi.setConfig({ testTimeout: 30_000 });

const DAY = 86_400_000;
const ok = (staffLogId: number) => json({ ok: true, staffLogId });
const refusal = (status: number, code: string, message: string, field?: string) =>
  json({ statusCode: status, error: 'x', code, message, ...(field ? { field } : {}) }, status);

/** Types by pasting: the texts are long, and keystrokes are slow on two shared cores. */
async function fill(user: ReturnType<typeof userEvent.setup>, element: HTMLElement, text: string) {
  await user.click(element);
  await user.paste(text);
}

async function openAction(name: string, title: RegExp | string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name }));
  const dialog = await screen.findByRole('dialog', { name: title });
  return { user, dialog };
}

describe('actions on a player', () => {
  it('suspends for a day by default, with the reason and the message to the player', async () => {
    const { calls } = renderConsole('/admin/players/42', {
      'GET /diwan/players/42': () => json(detail()),
      'POST /diwan/players/42/suspend': () => ok(31),
    });
    const { user, dialog } = await openAction('Suspend', 'Suspend zara');
    const until = within(dialog).getByLabelText('Until') as HTMLInputElement;
    const chosen = new Date(until.value).getTime();
    // A day from now, to the minute.
    expect(Math.abs(chosen - (Date.now() + DAY))).toBeLessThan(2 * 60_000);
    await fill(user, within(dialog).getByLabelText(/^Reason/), 'Harassment in the arena');
    await fill(
      user,
      within(dialog).getByLabelText(/^Message to the player/),
      'Your account is suspended for a day for insulting other players.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));

    expect(await screen.findByText(/^Suspended until .+\. Staff log #31\.$/)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Suspend zara' })).toBeNull());
    expect(posts(calls)).toEqual([
      {
        method: 'POST',
        path: '/diwan/players/42/suspend',
        body: {
          reason: 'Harassment in the arena',
          notice: 'Your account is suspended for a day for insulting other players.',
          until: new Date(until.value).toISOString(),
        },
      },
    ]);
  });

  it('bans without an end date', async () => {
    const { calls } = renderConsole('/admin/players/42', {
      'GET /diwan/players/42': () => json(detail()),
      'POST /diwan/players/42/suspend': () => ok(32),
    });
    const { user, dialog } = await openAction('Suspend', 'Suspend zara');
    await user.click(within(dialog).getByLabelText('Ban (no end date)'));
    expect(within(dialog).getByLabelText('Until')).toHaveProperty('disabled', true);
    await fill(user, within(dialog).getByLabelText(/^Reason/), 'Cheating with bots');
    await fill(
      user,
      within(dialog).getByLabelText(/^Message to the player/),
      'Banned for cheating.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Ban' }));
    expect(await screen.findByText('Banned. Staff log #32.')).toBeTruthy();
    expect(posts(calls)[0]?.body).toEqual({
      reason: 'Cheating with bots',
      notice: 'Banned for cheating.',
    });
  });

  it('asks for a reason of three characters or more before sending anything', async () => {
    const { calls } = renderConsole('/admin/players/42', {
      'GET /diwan/players/42': () => json(detail()),
      'POST /diwan/players/42/end-sessions': () => ok(33),
    });
    const { user, dialog } = await openAction('End all sessions', 'End all sessions of zara');
    await fill(user, within(dialog).getByLabelText(/^Reason/), 'no');
    await user.click(within(dialog).getByRole('button', { name: 'End all sessions' }));
    expect(within(dialog).getByText('At least 3 characters: staff read it later.')).toBeTruthy();
    expect(posts(calls)).toEqual([]);
    await fill(user, within(dialog).getByLabelText(/^Reason/), 'pe: stolen account');
    await user.click(within(dialog).getByRole('button', { name: 'End all sessions' }));
    expect(await screen.findByText('Sessions ended. Staff log #33.')).toBeTruthy();
    expect(posts(calls)[0]?.body).toEqual({ reason: 'nope: stolen account' });
  });

  it("shows the server's refusal of a field at that field, and changes nothing", async () => {
    renderConsole('/admin/players/42', {
      'GET /diwan/players/42': () => json(detail()),
      'POST /diwan/players/42/rename': () =>
        refusal(409, 'NICKNAME_TAKEN', 'Another player has that nickname.', 'nickname'),
    });
    const { user, dialog } = await openAction('Rename', 'Rename Zara');
    await fill(user, within(dialog).getByLabelText(/^New nickname/), 'Omar');
    await fill(user, within(dialog).getByLabelText(/^Reason/), 'Offensive nickname');
    await fill(user, within(dialog).getByLabelText(/^Message to the player/), 'We renamed you.');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await within(dialog).findByText('Another player has that nickname.')).toBeTruthy();
    expect(
      within(dialog)
        .getByLabelText(/^New nickname/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(screen.queryByText(/Staff log #/)).toBeNull();
  });

  it('asks for the password when the session is stale, then acts', async () => {
    let fresh = false;
    const { calls } = renderConsole('/admin/players/42', {
      'GET /diwan/players/42': () => json(detail()),
      'POST /diwan/reauth': (call) => {
        const { password } = call.body as { password: string };
        if (password !== 'right one')
          return refusal(400, 'REAUTH_INVALID', 'Wrong password.', 'password');
        fresh = true;
        return json({ ok: true, freshUntil: '2099-01-01T00:00:00.000Z' });
      },
      'POST /diwan/players/42/mute': () =>
        fresh ? ok(34) : refusal(403, 'REAUTH_REQUIRED', 'Confirm your password to act.'),
    });
    const { user, dialog } = await openAction('Mute', 'Mute zara');
    await fill(user, within(dialog).getByLabelText(/^Reason/), 'Spam in chat');
    await fill(user, within(dialog).getByLabelText(/^Message to the player/), 'Muted for a day.');
    await user.click(within(dialog).getByRole('button', { name: 'Mute' }));

    const reauth = await screen.findByRole('dialog', { name: 'Confirm your password' });
    expect(within(reauth).queryByLabelText('Authentication code')).toBeNull();
    await fill(user, within(reauth).getByLabelText(/^Password/), 'wrong');
    await user.click(within(reauth).getByRole('button', { name: 'Confirm' }));
    expect(await within(reauth).findByText('Wrong password.')).toBeTruthy();
    const password = within(reauth).getByLabelText(/^Password/);
    await user.clear(password);
    await fill(user, password, 'right one');
    await user.click(within(reauth).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText(/^Muted until .+\. Staff log #34\.$/)).toBeTruthy();
    expect(posts(calls).map((c) => c.path)).toEqual([
      '/diwan/players/42/mute',
      '/diwan/reauth',
      '/diwan/reauth',
      '/diwan/players/42/mute',
    ]);
  });

  it('asks for the authentication code when the server does', async () => {
    const muted = { state: 'muted', until: null, mutedUntil: '2099-01-01T00:00:00.000Z' } as const;
    renderConsole('/admin/players/42', {
      'GET /diwan/players/42': () => json(detail({ status: muted })),
      'POST /diwan/reauth': (call) =>
        (call.body as { code?: string }).code === '123456'
          ? json({ ok: true, freshUntil: '2099-01-01T00:00:00.000Z' })
          : refusal(400, 'REAUTH_INVALID', 'Enter the code from your authenticator.', 'code'),
      'POST /diwan/players/42/unmute': (() => {
        let first = true;
        return () => {
          if (!first) return ok(35);
          first = false;
          return refusal(403, 'REAUTH_REQUIRED', 'Confirm your password to act.');
        };
      })(),
    });
    const { user, dialog } = await openAction('Unmute', 'Unmute zara');
    await fill(user, within(dialog).getByLabelText(/^Reason/), 'Appeal accepted');
    await user.click(within(dialog).getByRole('button', { name: 'Unmute' }));
    const reauth = await screen.findByRole('dialog', { name: 'Confirm your password' });
    await fill(user, within(reauth).getByLabelText(/^Password/), 'pw');
    await user.click(within(reauth).getByRole('button', { name: 'Confirm' }));
    const code = await within(reauth).findByLabelText('Authentication code');
    await fill(user, code, '123456');
    await user.click(within(reauth).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Unmuted. Staff log #35.')).toBeTruthy();
  });

  it('keeps the refusal when the password is not confirmed', async () => {
    renderConsole('/admin/players/42', {
      'GET /diwan/players/42': () => json(detail()),
      'POST /diwan/players/42/end-sessions': () =>
        refusal(403, 'REAUTH_REQUIRED', 'Confirm your password to act.'),
    });
    const { user, dialog } = await openAction('End all sessions', 'End all sessions of zara');
    await fill(user, within(dialog).getByLabelText(/^Reason/), 'Stolen account');
    await user.click(within(dialog).getByRole('button', { name: 'End all sessions' }));
    const reauth = await screen.findByRole('dialog', { name: 'Confirm your password' });
    await user.click(within(reauth).getByRole('button', { name: 'Cancel' }));
    expect(await within(dialog).findByText('Confirm your password to act.')).toBeTruthy();
  });

  it('grants items to a land, and says why a take-back is refused', async () => {
    let take = false;
    const { calls } = renderConsole('/admin/players/42', {
      'GET /diwan/players/42': () => json(detail()),
      'POST /diwan/players/42/grant': () =>
        take ? refusal(409, 'BALANCE_TOO_LOW', 'The player has only 1250 gold.') : ok(36),
    });
    const { user, dialog } = await openAction('Grant', 'Grant to zara');
    await user.selectOptions(within(dialog).getByLabelText('Kind'), 'Item');
    await fill(user, within(dialog).getByLabelText(/^Amount/), '2');
    await user.selectOptions(within(dialog).getByLabelText('Land'), 'Mistmere');
    await user.selectOptions(within(dialog).getByLabelText('Item'), 'Skill Pot');
    await fill(user, within(dialog).getByLabelText(/^Reason/), 'Lost in the outage of Nov 20');
    await fill(
      user,
      within(dialog).getByLabelText(/^Message to the player/),
      'Sorry for the outage.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Grant' }));
    expect(await screen.findByText('Granted 2 Skill Pot. Staff log #36.')).toBeTruthy();
    expect(posts(calls)[0]?.body).toEqual({
      kind: 'item',
      amount: 2,
      landid: 9,
      item: 'SKILL_POT',
      reason: 'Lost in the outage of Nov 20',
      notice: 'Sorry for the outage.',
    });

    take = true;
    const again = await openAction('Grant', 'Grant to zara');
    await fill(again.user, within(again.dialog).getByLabelText(/^Amount/), '-5000');
    await fill(again.user, within(again.dialog).getByLabelText(/^Reason/), 'Duplicated gold');
    await fill(
      again.user,
      within(again.dialog).getByLabelText(/^Message to the player/),
      'We took back gold a bug gave you.',
    );
    await again.user.click(within(again.dialog).getByRole('button', { name: 'Take back' }));
    expect(await within(again.dialog).findByText('The player has only 1250 gold.')).toBeTruthy();
    expect(posts(calls)[1]?.body).toMatchObject({ kind: 'gold', amount: -5000 });
  });

  it('sends a message with its subject', async () => {
    const { calls } = renderConsole('/admin/players/42', {
      'GET /diwan/players/42': () => json(detail()),
      'POST /diwan/players/42/message': () => ok(37),
    });
    const { user, dialog } = await openAction('Send message', 'Send a message to zara');
    await fill(user, within(dialog).getByLabelText(/^Subject/), 'About your ticket');
    await fill(user, within(dialog).getByLabelText(/^Message to the player/), 'Your gold is back.');
    await fill(user, within(dialog).getByLabelText(/^Reason/), 'Support ticket 81');
    await user.click(within(dialog).getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Message sent. Staff log #37.')).toBeTruthy();
    expect(posts(calls)[0]?.body).toEqual({
      subject: 'About your ticket',
      body: 'Your gold is back.',
      reason: 'Support ticket 81',
    });
  });

  it('sets a role with PUT, never one of the admin themself', async () => {
    const { calls } = renderConsole('/admin/players/42', {
      'GET /diwan/players/42': () => json(detail()),
      'PUT /diwan/players/42/role': () => ok(38),
    });
    const { user, dialog } = await openAction('Role', 'Role of zara');
    expect(within(dialog).getByRole('button', { name: 'Set role' })).toHaveProperty(
      'disabled',
      true,
    );
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'Moderator');
    await fill(user, within(dialog).getByLabelText(/^Reason/), 'Joins the moderators');
    await user.click(within(dialog).getByRole('button', { name: 'Set role' }));
    expect(await screen.findByText('Role set to Moderator. Staff log #38.')).toBeTruthy();
    expect(posts(calls)).toEqual([
      {
        method: 'PUT',
        path: '/diwan/players/42/role',
        body: { role: 'moderator', reason: 'Joins the moderators' },
      },
    ]);
  });

  it('disables Role on the admin own page, and the undoing actions with nothing to undo', async () => {
    renderConsole('/admin/players/1', {
      'GET /diwan/players/1': () =>
        json(detail({ id: ADMIN.id, login: ADMIN.login, role: 'admin' })),
    });
    await screen.findByRole('heading', { name: 'operator' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Role' })).toHaveProperty('disabled', true),
    );
    expect(screen.getByRole('button', { name: 'Lift' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Unmute' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Reset two-factor' })).toHaveProperty(
      'disabled',
      true,
    );
  });
});
