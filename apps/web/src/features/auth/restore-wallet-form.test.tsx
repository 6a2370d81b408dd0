import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { getAddress, hexToString, type Hex } from 'viem';
import { fakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { renderRoutes } from '../../test/render';
import { LoginScreen } from './login-screen';
import { RestorePasswordScreen } from './restore-password-screen';

const ADDRESS = '0x52908400098527886e0f7030069857d2e4169ee7';
const NONCE = 'k3Jd8s2LmQ9x';

const routes = [
  { path: '/restore-password', Component: RestorePasswordScreen },
  { path: '/login', Component: LoginScreen },
];

type Reply = { status?: number; body?: unknown };

function server(restore: (call: RecordedCall) => Reply = () => json({ ok: true })) {
  return fakeFetch({
    'GET /abwab/mail': () => json({ enabled: true }),
    'GET /abwab/nonce': () => json({ nonce: NONCE, expiresAt: '2030-01-01T00:00:00.000Z' }),
    'POST /abwab/restore/wallet': restore,
  });
}

function fakeWallet() {
  const request = vi.fn(async ({ method }: { method: string; params?: unknown }) => {
    if (method === 'eth_requestAccounts') return [ADDRESS];
    if (method === 'eth_chainId') return '0x1';
    if (method === 'personal_sign') return '0xsigned';
    throw new Error(`unexpected ${method}`);
  });
  vi.stubGlobal('ethereum', { request });
  return request;
}

const restoreCalls = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/abwab/restore/wallet');

async function openForm(user: UserEvent) {
  renderRoutes(routes, '/restore-password');
  await user.click(await screen.findByRole('button', { name: 'Restore with wallet' }));
  return screen.getByRole('form', { name: 'Restore with wallet' });
}

async function fill(user: UserEvent, password: string, repeat = password) {
  await user.type(screen.getByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Repeat password'), repeat);
}

const submitButton = () =>
  screen.getByRole<HTMLButtonElement>('button', { name: 'Sign with wallet and set password' });

describe('restore with wallet', () => {
  beforeEach(() => {
    vi.stubGlobal('isSecureContext', true);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the e-mail form as it is and opens the wallet form below it', async () => {
    server();
    const user = userEvent.setup();
    renderRoutes(routes, '/restore-password');
    expect(await screen.findByRole('textbox', { name: 'Email' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'RESTORE' })).toBeTruthy();
    const open = screen.getByRole('button', { name: 'Restore with wallet' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    await user.click(open);
    expect(screen.getByRole('form', { name: 'Restore with wallet' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('New password').type).toBe('password');
    expect(submitButton().disabled).toBe(true);
  });

  it("applies the register screen's password rules before asking the wallet", async () => {
    const { calls } = server();
    const wallet = fakeWallet();
    const user = userEvent.setup();
    await openForm(user);
    await fill(user, 'short', 'shorter');
    expect(screen.getByText('Use 8 to 128 characters.')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(submitButton().disabled).toBe(true);
    expect(wallet).not.toHaveBeenCalled();
    expect(restoreCalls(calls)).toEqual([]);
  });

  it('signs the restore message with the wallet, sets the password and lands on login', async () => {
    const { calls } = server();
    const wallet = fakeWallet();
    const user = userEvent.setup();
    await openForm(user);
    await fill(user, 'a brand new secret');
    await user.click(submitButton());

    expect(
      await screen.findByText('Your password was changed. Log in with the new one.'),
    ).toBeTruthy();
    const sign = wallet.mock.calls.find(([args]) => args.method === 'personal_sign')![0];
    const [hex, signer] = sign.params as [Hex, string];
    const message = hexToString(hex);
    expect(signer).toBe(getAddress(ADDRESS));
    expect(message).toContain(`${window.location.host} wants you to sign in`);
    expect(message).toContain('\nSign to restore access\n');
    expect(message).toContain(`Nonce: ${NONCE}`);
    expect(restoreCalls(calls).map((c) => c.body)).toEqual([
      { message, signature: '0xsigned', password: 'a brand new secret' },
    ]);
  });

  it.each([
    [
      'WALLET_NOT_REGISTERED',
      'message',
      'No account was registered with this wallet. Choose the wallet you registered with.',
    ],
    [
      'SIGNATURE_INVALID',
      'signature',
      "The wallet's signature could not be checked. Please try again.",
    ],
    [
      'NONCE_INVALID',
      'message',
      'The signed message has expired or was already used. Please try again.',
    ],
  ])('says %s in words and signs afresh on the next try', async (code, field, text) => {
    const { calls } = server(() => json({ code, field, message: 'Refused' }, 400));
    const wallet = fakeWallet();
    const user = userEvent.setup();
    await openForm(user);
    await fill(user, 'a brand new secret');
    await user.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    await user.click(submitButton());
    await waitFor(() => expect(restoreCalls(calls)).toHaveLength(2));
    const signatures = wallet.mock.calls.filter(([args]) => args.method === 'personal_sign');
    expect(signatures).toHaveLength(2);
  });

  it('says when there is no browser wallet, and sends nothing', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    await openForm(user);
    await fill(user, 'a brand new secret');
    await user.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No browser wallet found. Install a wallet extension to restore access with it.',
    );
    expect(restoreCalls(calls)).toEqual([]);
  });

  it('says when the wallet declined to sign, and sends nothing', async () => {
    const { calls } = server();
    vi.stubGlobal('ethereum', {
      request: vi.fn().mockRejectedValue(Object.assign(new Error('User rejected'), { code: 4001 })),
    });
    const user = userEvent.setup();
    await openForm(user);
    await fill(user, 'a brand new secret');
    await user.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The wallet did not sign. Nothing was changed.',
    );
    expect(restoreCalls(calls)).toEqual([]);
  });
});
