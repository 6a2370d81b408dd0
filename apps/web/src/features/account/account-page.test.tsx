import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountResponse, AccountSession } from '@aleph/contracts';
import { fakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { renderRoutes, signedInStore } from '../../test/render';
import { AccountPage } from './account-page';

const ACCOUNT: AccountResponse = {
  login: 'hero',
  email: 'hero@aleph.example',
  emailVerified: false,
  pendingEmail: null,
  twoFactor: false,
  mailEnabled: true,
};

const session = (over: Partial<AccountSession>): AccountSession => ({
  id: '11111111-1111-4111-8111-111111111111',
  device: 'Chrome on Windows',
  place: 'near 203.0.113.0/24',
  signedInAt: '2026-11-20T10:00:00.000Z',
  lastSeenAt: '2026-11-21T14:05:00.000Z',
  current: false,
  ...over,
});
const THIS = session({
  id: '22222222-2222-4222-8222-222222222222',
  device: 'Firefox on Linux',
  place: 'Local network',
  current: true,
});
const PHONE = session({
  id: '33333333-3333-4333-8333-333333333333',
  device: 'Safari on iPhone',
  place: 'near 2001:db8:abcd::/48',
});
const LAPTOP = session({});

type Reply = { status?: number; body?: unknown; headers?: Record<string, string> };
type Handler = (call: RecordedCall) => Reply;

function server(routes: Record<string, Handler> = {}, account: Partial<AccountResponse> = {}) {
  let sessions = [THIS, PHONE, LAPTOP];
  return fakeFetch({
    'GET /athar/account': () => json({ ...ACCOUNT, ...account }),
    'GET /athar/account/sessions': () => json({ sessions }),
    'DELETE /athar/account/sessions/33333333-3333-4333-8333-333333333333': () => {
      sessions = sessions.filter((s) => s.id !== PHONE.id);
      return json({ ok: true });
    },
    'POST /athar/account/sessions/end-others': () => {
      const ended = sessions.length - 1;
      sessions = [THIS];
      return json({ ended });
    },
    ...routes,
  });
}

function open() {
  renderRoutes(
    [{ path: '/profile/account', Component: AccountPage }],
    '/profile/account',
    signedInStore(),
  );
}

const posts = (calls: RecordedCall[], path: string) =>
  calls.filter((c) => c.method !== 'GET' && c.path === path);

describe('account page', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));

  it('shows the address as not verified and resends the verification e-mail', async () => {
    const { calls } = server({
      'POST /athar/account/email/verify': () => json({ accepted: true }, 202),
    });
    const user = userEvent.setup();
    open();
    const email = await screen.findByRole('region', { name: 'E-mail' });
    expect(await within(email).findByText('hero@aleph.example')).toBeTruthy();
    expect(within(email).getByText('Not verified')).toBeTruthy();
    await user.click(within(email).getByRole('button', { name: 'Resend verification e-mail' }));
    const status = await within(email).findByRole('status');
    expect(status.textContent).toBe('A new link was sent to hero@aleph.example.');
    expect(posts(calls, '/athar/account/email/verify')).toHaveLength(1);
  });

  it('says when to ask again after too many links', async () => {
    server({
      'POST /athar/account/email/verify': () => ({
        status: 429,
        body: { code: 'RATE_LIMITED', message: 'Too many' },
        headers: { 'retry-after': '1800' },
      }),
    });
    const user = userEvent.setup();
    open();
    const email = await screen.findByRole('region', { name: 'E-mail' });
    await user.click(
      await within(email).findByRole('button', { name: 'Resend verification e-mail' }),
    );
    expect((await within(email).findByRole('alert')).textContent).toBe(
      'Too many attempts. Please try again in 30 min.',
    );
  });

  it('shows a verified address without the resend button, and the address waiting for its link', async () => {
    server({}, { emailVerified: true, pendingEmail: 'next@aleph.example' });
    open();
    const email = await screen.findByRole('region', { name: 'E-mail' });
    expect(await within(email).findByText('Verified')).toBeTruthy();
    expect(within(email).queryByRole('button', { name: 'Resend verification e-mail' })).toBeNull();
    expect(within(email).getByText(/Waiting for confirmation: next@aleph\.example\./)).toBeTruthy();
  });

  it('asks to change the address with the password, and says where the link went', async () => {
    const { calls } = server({
      'POST /athar/account/email': () => json({ accepted: true }, 202),
    });
    const user = userEvent.setup();
    open();
    const email = await screen.findByRole('region', { name: 'E-mail' });
    const change = within(email).getByRole('button', { name: 'Change e-mail' });
    await user.type(within(email).getByLabelText('New e-mail'), 'not-an-address');
    expect(within(email).getByText('Invalid email format')).toBeTruthy();
    expect((change as HTMLButtonElement).disabled).toBe(true);
    await user.clear(within(email).getByLabelText('New e-mail'));
    await user.type(within(email).getByLabelText('New e-mail'), 'next@aleph.example');
    await user.type(within(email).getByLabelText('Password'), 'my secret password');
    await user.click(change);
    expect((await within(email).findByRole('status')).textContent).toBe(
      'A link was sent to next@aleph.example. Your address changes when you follow it.',
    );
    expect(posts(calls, '/athar/account/email')[0]?.body).toEqual({
      email: 'next@aleph.example',
      password: 'my secret password',
    });
  });

  it('says when the password given for a new address is wrong', async () => {
    server({
      'POST /athar/account/email': () =>
        json({ code: 'PASSWORD_INCORRECT', field: 'password', message: 'Wrong' }, 400),
    });
    const user = userEvent.setup();
    open();
    const email = await screen.findByRole('region', { name: 'E-mail' });
    await user.type(within(email).getByLabelText('New e-mail'), 'next@aleph.example');
    await user.type(within(email).getByLabelText('Password'), 'a wrong password');
    await user.click(within(email).getByRole('button', { name: 'Change e-mail' }));
    expect((await within(email).findByRole('alert')).textContent).toBe(
      'The password is not correct.',
    );
    expect(within(email).getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
  });

  it('says when mail is off, and offers no mail action', async () => {
    server({}, { mailEnabled: false });
    open();
    const email = await screen.findByRole('region', { name: 'E-mail' });
    expect(
      await within(email).findByText(
        'This server sends no e-mail: the address cannot be verified or changed here.',
      ),
    ).toBeTruthy();
    expect(within(email).queryByRole('button', { name: 'Resend verification e-mail' })).toBeNull();
    expect(
      within(email).getByRole<HTMLButtonElement>('button', { name: 'Change e-mail' }).disabled,
    ).toBe(true);
    expect(within(email).getByLabelText<HTMLInputElement>('New e-mail').disabled).toBe(true);
  });

  it("changes the password with the register screen's rules", async () => {
    const { calls } = server({
      'POST /athar/account/password': () => json({ ok: true }),
    });
    const user = userEvent.setup();
    open();
    const section = await screen.findByRole('region', { name: 'Password' });
    const button = within(section).getByRole<HTMLButtonElement>('button', {
      name: 'Change password',
    });
    await user.type(within(section).getByLabelText('Current password'), 'the old one');
    await user.type(within(section).getByLabelText('New password'), 'short');
    await user.type(within(section).getByLabelText('Repeat new password'), 'shorter');
    expect(within(section).getByText('Use 8 to 128 characters.')).toBeTruthy();
    expect(within(section).getByText('Passwords do not match')).toBeTruthy();
    expect(button.disabled).toBe(true);

    await user.clear(within(section).getByLabelText('New password'));
    await user.type(within(section).getByLabelText('New password'), 'a much better one');
    await user.clear(within(section).getByLabelText('Repeat new password'));
    await user.type(within(section).getByLabelText('Repeat new password'), 'a much better one');
    await user.click(button);
    expect((await within(section).findByRole('status')).textContent).toBe(
      'Your password was changed. Every other device was signed out.',
    );
    expect(posts(calls, '/athar/account/password')[0]?.body).toEqual({
      currentPassword: 'the old one',
      password: 'a much better one',
    });
    expect(within(section).getByLabelText<HTMLInputElement>('Current password').value).toBe('');
  });

  it.each([
    [
      json({ code: 'PASSWORD_INCORRECT', field: 'currentPassword', message: 'Wrong' }, 400),
      'The password is not correct.',
    ],
    [
      {
        status: 429,
        body: { code: 'RATE_LIMITED', message: 'Too many' },
        headers: { 'retry-after': '40' },
      },
      'Too many attempts. Please try again in 40 s.',
    ],
  ])('says why a new password was refused (%#)', async (reply, text) => {
    server({ 'POST /athar/account/password': () => reply });
    const user = userEvent.setup();
    open();
    const section = await screen.findByRole('region', { name: 'Password' });
    await user.type(within(section).getByLabelText('Current password'), 'a guess');
    await user.type(within(section).getByLabelText('New password'), 'a much better one');
    await user.type(within(section).getByLabelText('Repeat new password'), 'a much better one');
    await user.click(within(section).getByRole('button', { name: 'Change password' }));
    expect((await within(section).findByRole('alert')).textContent).toBe(text);
  });

  it('lists the sessions with this device marked, and signs one out', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    open();
    const list = await screen.findByRole('list', { name: 'Signed-in devices' });
    const rows = await within(list).findAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(
        /^Firefox on LinuxThis deviceLocal networkSigned in .+ · Last seen .+$/,
      ),
      expect.stringMatching(/^Safari on iPhonenear 2001:db8:abcd::\/48Signed in/),
      expect.stringMatching(/^Chrome on Windowsnear 203\.0\.113\.0\/24Signed in/),
    ]);
    // No Sign out for this device: logging out does that.
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    await user.click(
      within(rows[1]!).getByRole('button', {
        name: 'Sign out Safari on iPhone, near 2001:db8:abcd::/48',
      }),
    );
    expect(await screen.findByText('Signed out Safari on iPhone.')).toBeTruthy();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      `/athar/account/sessions/${PHONE.id}`,
    ]);
  });

  it('signs out everywhere else', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    open();
    const list = await screen.findByRole('list', { name: 'Signed-in devices' });
    expect(await within(list).findAllByRole('listitem')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('Signed out 2 other devices.')).toBeTruthy();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(posts(calls, '/athar/account/sessions/end-others')).toHaveLength(1);
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Sign out everywhere else' }).disabled,
    ).toBe(true);
  });

  it('keeps the two-factor section on the page', async () => {
    server();
    open();
    expect(await screen.findByRole('heading', { name: /two-factor/i, level: 2 })).toBeTruthy();
  });
});
