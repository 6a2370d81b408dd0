import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { getAddress, hexToString, type Hex } from 'viem';
import { fakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { renderRoutes } from '../../test/render';
import { RegisterScreen } from './register-screen';

const ADDRESS = '0x52908400098527886e0f7030069857d2e4169ee7';
const CHECKSUMMED = getAddress(ADDRESS);
const NONCE = 'k3Jd8s2LmQ9x';

type Reply = { status?: number; body?: unknown };

/** The register screen, with a /login to land on from the Congrats dialog. */
const routes = [
  { path: '/register', Component: RegisterScreen },
  { path: '/login', element: <h1>Login page</h1> },
];

function server(register: (call: RecordedCall) => Reply = () => json({ ok: true }, 201)) {
  return fakeFetch({
    'GET /abwab/checklogin': (call) => json({ available: !call.path.includes('username=taken') }),
    'GET /abwab/nonce': () => json({ nonce: NONCE, expiresAt: '2030-01-01T00:00:00.000Z' }),
    'POST /abwab/register': register,
  });
}

function fakeWallet() {
  const request = vi.fn(async ({ method }: { method: string; params?: unknown }) => {
    if (method === 'eth_requestAccounts') return [ADDRESS];
    if (method === 'eth_chainId') return '0x89';
    if (method === 'personal_sign') return '0xsigned';
    throw new Error(`unexpected ${method}`);
  });
  vi.stubGlobal('ethereum', { request });
  return request;
}

const registerButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Register' });

async function fillForm(user: UserEvent, { repeat = 'correct-horse' } = {}) {
  await user.type(await screen.findByLabelText('Username'), 'new_hero');
  await user.type(screen.getByLabelText('Email'), 'hero@aleph.example');
  await user.type(screen.getByLabelText('Password'), 'correct-horse');
  await user.type(screen.getByLabelText('Repeat Password'), repeat);
}

async function connect(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Connect Wallet' }));
  const short = `${CHECKSUMMED.slice(0, 6)}...${CHECKSUMMED.slice(-4)}`;
  return screen.findByRole('button', { name: short });
}

describe('register screen', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => vi.unstubAllGlobals());

  it('tells live whether the login is available', async () => {
    server();
    const user = userEvent.setup();
    renderRoutes(routes, '/register');
    const username = await screen.findByLabelText('Username');
    expect(screen.queryByText('Login available')).toBeNull();
    await user.type(username, 'free_name');
    expect(await screen.findByText('Login available')).toBeTruthy();
    await user.clear(username);
    await user.type(username, 'taken');
    expect(await screen.findByText('Login already taken')).toBeTruthy();
    await user.clear(username);
    await waitFor(() => expect(screen.queryByText(/Login (available|already taken)/)).toBeNull());
  });

  it('checks the email format and that the passwords match', async () => {
    server();
    const user = userEvent.setup();
    renderRoutes(routes, '/register');
    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    expect(screen.getByText('Invalid email format')).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), '@aleph.example');
    expect(screen.queryByText('Invalid email format')).toBeNull();

    await user.type(screen.getByLabelText('Password'), 'one-password');
    await user.type(screen.getByLabelText('Repeat Password'), 'other');
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
  });

  it('signs the EIP-4361 message with the wallet and shows the short address', async () => {
    server();
    const request = fakeWallet();
    const user = userEvent.setup();
    renderRoutes(routes, '/register');
    await screen.findByLabelText('Username');
    await connect(user);

    expect(request.mock.calls.map(([args]) => args.method)).toEqual([
      'eth_requestAccounts',
      'eth_chainId',
      'personal_sign',
    ]);
    const [hexMessage, signer] = request.mock.calls[2]?.[0].params as [Hex, string];
    const message = hexToString(hexMessage);
    expect(signer).toBe(CHECKSUMMED);
    expect(message).toContain('Sign to register');
    expect(message).toContain(`Nonce: ${NONCE}`);
    expect(message).toContain('Chain ID: 137');
    expect(message).toContain(CHECKSUMMED);
    expect(message.startsWith(`${window.location.host} wants you to sign in`)).toBe(true);
  });

  it('explains that a browser wallet is needed', async () => {
    server();
    const user = userEvent.setup();
    renderRoutes(routes, '/register');
    await user.click(await screen.findByRole('button', { name: 'Connect Wallet' }));
    expect(
      screen.getByText('No browser wallet found. Install a wallet extension to register.'),
    ).toBeTruthy();
  });

  it('only logs a failed wallet connection', async () => {
    server();
    vi.stubGlobal('ethereum', { request: vi.fn().mockRejectedValue(new Error('User rejected')) });
    const user = userEvent.setup();
    renderRoutes(routes, '/register');
    await user.click(await screen.findByRole('button', { name: 'Connect Wallet' }));
    await waitFor(() =>
      expect(console.error).toHaveBeenCalledWith('Wallet connection failed', expect.any(Error)),
    );
    expect(screen.getByRole('button', { name: 'Connect Wallet' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('enables Register only when every condition holds, then congratulates', async () => {
    const { calls } = server();
    fakeWallet();
    const user = userEvent.setup();
    renderRoutes(routes, '/register');
    await fillForm(user, { repeat: 'correct-hors' });
    expect(await screen.findByText('Login available')).toBeTruthy();
    expect(registerButton().disabled).toBe(true); // passwords differ, no wallet
    await user.type(screen.getByLabelText('Repeat Password'), 'e');
    expect(registerButton().disabled).toBe(true); // no wallet yet
    await connect(user);
    expect(registerButton().disabled).toBe(false);

    await user.click(registerButton());
    expect(await screen.findByRole('dialog', { name: 'Congrats!' })).toBeTruthy();
    expect(screen.getByText('You are registered, what next?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Buy Platinum' })).toBeTruthy();
    const body = calls.find((call) => call.path === '/abwab/register')?.body;
    expect(body).toMatchObject({
      login: 'new_hero',
      email: 'hero@aleph.example',
      address: CHECKSUMMED,
      signature: '0xsigned',
      password: 'correct-horse',
    });
    expect((body as { message: string }).message).toContain(`Nonce: ${NONCE}`);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeTruthy();
  });

  it.each([
    [json({ statusCode: 500, error: 'Internal Server Error' }, 500), 'Registration failed (500)'],
    [
      json({ statusCode: 409, code: 'LOGIN_TAKEN', message: 'That login is already taken.' }, 409),
      'That login is already taken.',
    ],
  ])('shows the refusal in an error alert', async (reply, text) => {
    server(() => reply);
    fakeWallet();
    const user = userEvent.setup();
    renderRoutes(routes, '/register');
    await fillForm(user);
    await connect(user);
    await waitFor(() => expect(registerButton().disabled).toBe(false));
    await user.click(registerButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(text);
    // The nonce was single use: the player signs a fresh message before trying again.
    expect(screen.getByRole('button', { name: 'Connect Wallet' })).toBeTruthy();
    expect(registerButton().disabled).toBe(true);
  });

  it('shows a network failure as a registration error', async () => {
    server();
    fakeWallet();
    const user = userEvent.setup();
    renderRoutes(routes, '/register');
    await fillForm(user);
    await connect(user);
    await waitFor(() => expect(registerButton().disabled).toBe(false));
    const fetchMock = vi.mocked(fetch);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await user.click(registerButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Registration error');
  });
});
