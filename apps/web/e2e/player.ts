import type { Page } from 'playwright-core';
import type { Hero, Land, MissionStartResponse } from '@aleph/contracts';
import { createSiweMessage } from 'viem/siwe';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { RunningServer } from './server.js';

export interface Player {
  login: string;
  password: string;
  account: PrivateKeyAccount;
}

let counter = 0;

/**
 * Registers a fresh player over HTTP with a real wallet signature (the browser registration
 * journey is auth.e2e.ts; other journeys start from a registered player).
 */
export async function createPlayer(
  server: RunningServer,
  prefix = 'p',
  /** The server's CHAIN_ID when it has one: registration accepts only that chain. */
  chainId = 1,
): Promise<Player> {
  counter += 1;
  const login = `${prefix}_${Date.now().toString(36)}_${counter}`;
  const password = 'a long enough secret';
  const account = privateKeyToAccount(generatePrivateKey());
  const { nonce } = (await (await fetch(`${server.url}/abwab/nonce`)).json()) as { nonce: string };
  const host = new URL(server.url).host;
  const message = createSiweMessage({
    domain: host,
    address: account.address,
    statement: 'Sign to register',
    uri: server.url,
    version: '1',
    chainId,
    nonce,
    // The server's time: an earlier journey of the file may have moved its clock on.
    issuedAt: new Date(await server.now()),
  });
  const signature = await account.signMessage({ message });
  const res = await fetch(`${server.url}/abwab/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      login,
      email: `${login}@example.com`,
      address: account.address,
      signature,
      password,
      message,
    }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  return { login, password, account };
}

/** Logs in through the login screen, as a player would. */
export async function logIn(page: Page, player: Player) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(player.login);
  await page.getByLabel('Password', { exact: true }).fill(player.password);
  await page.getByRole('button', { name: 'LOG IN' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('group', { name: 'Gold' }).waitFor();
}

/** Calls the API with the page's session cookies (for setting up state a journey needs). */
export async function api<T = unknown>(
  page: Page,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await page.request.fetch(path, {
    method,
    ...(body === undefined ? {} : { data: body, headers: { 'content-type': 'application/json' } }),
  });
  const text = await res.text();
  return { status: res.status(), body: (text ? JSON.parse(text) : undefined) as T };
}

/**
 * Sends the player's hero without a residence to Claim Gold on their first land, through the
 * API (for journeys about what a mission's end brings, not its launch).
 */
export async function startClaimGold(page: Page): Promise<{ hero: Hero; eta: string }> {
  const land = (await api<Land[]>(page, 'GET', '/ard/lands')).body[0]!;
  const hero = (await api<Hero[]>(page, 'GET', '/abtal/heroes')).body.find(
    (h) => h.residenceid === null,
  )!;
  const mission = await api<MissionStartResponse>(page, 'POST', '/misaar/mission/start', {
    missionType: 'GOLDCLAIM',
    landid: land.landid,
    heroid: hero.heroid,
  });
  if (mission.status >= 300)
    throw new Error(`mission start failed: ${mission.status} ${JSON.stringify(mission.body)}`);
  return { hero, eta: mission.body.eta };
}
