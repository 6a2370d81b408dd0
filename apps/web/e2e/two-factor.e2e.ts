import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { expectAccessible } from './axe.js';
import { DESKTOP, launchBrowser, PHONE, pageWithWallet, screenshot } from './browser.js';
import { createPlayer, type Player } from './player.js';
import { startServer, type RunningServer } from './server.js';

/**
 * Two-factor sign-in in Chromium against the built app and the built server: a player turns it
 * on from the account page (codes computed from the key the page shows, as an authenticator app
 * would), keeps the recovery codes, and logs in with a code, then with a recovery code that
 * works once. Codes are computed at the server's clock; a second code of the authenticator
 * comes after the server's clock is moved on by one 30-second step, so no test waits for one.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const STEP_MS = 30_000;

/** What the authenticator app shows now, by the server's clock. */
async function codeOf(secret: string): Promise<string> {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: await server.now() });
}

async function logOut(page: Page) {
  await page.goto('/logout');
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByText('Logged Out', { exact: true }).waitFor();
}

/** The password step; for this player the code step follows. */
async function passwordStep(page: Page, player: Player) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(player.login);
  await page.getByLabel('Password', { exact: true }).fill(player.password);
  await page.getByRole('button', { name: 'LOG IN' }).click();
  await page.getByLabel('Authentication code').waitFor();
}

async function codeStep(page: Page, code: string) {
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'VERIFY' }).click();
}

/**
 * Full-page shots from the top, so the sticky top bar stays on top of the picture, once the
 * buttons' colour transitions (after a request) have ended.
 */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running'),
  );
  await screenshot(page, name);
}

async function inTheGame(page: Page) {
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('group', { name: 'Gold' }).waitFor();
}

describe('two-factor sign-in in the browser', () => {
  it('turns on with a scanned key, then logs in with a code and with a recovery code once', async () => {
    const player = await createPlayer(server, 'guarded');
    const { page, context } = await pageWithWallet(browser, server.url);
    await page.goto('/login');
    await page.getByLabel('Username').fill(player.login);
    await page.getByLabel('Password', { exact: true }).fill(player.password);
    await page.getByRole('button', { name: 'LOG IN' }).click();
    await inTheGame(page);

    // The account page: turning it on shows the QR code and the key for typing in.
    await page.goto('/profile/account');
    await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
    await page.getByRole('button', { name: 'Turn on two-factor' }).click();
    const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
    await qr.waitFor();
    // The image is the server's SVG, and the page's rules let it draw.
    expect(await qr.evaluate((img: HTMLImageElement) => img.decode().then(() => true))).toBe(true);
    const secret = (await page.locator('#two-factor-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await shot(page, 'two-factor-setup-1440');
    await page.setViewportSize(PHONE);
    await shot(page, 'two-factor-setup-390');
    await page.setViewportSize(DESKTOP);

    await page.getByLabel('Authentication code').fill(await codeOf(secret));
    await page.getByRole('button', { name: 'Confirm' }).click();
    const list = page.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor();
    const recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
    expect(recoveryCodes).toHaveLength(10);
    await shot(page, 'two-factor-codes-1440');
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('Two-factor is on', { exact: true }).waitFor();
    await page.getByText('10 recovery codes left.').waitFor();
    await logOut(page);

    // The password alone opens no session: the code field appears, and a code opens the game.
    await passwordStep(page, player);
    expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);
    const session = await page.evaluate(() => fetch('/abwab/checksession').then((r) => r.json()));
    expect(session).toEqual({ session: false });
    await shot(page, 'login-code-1440');
    await expectAccessible(page, 'login code step');
    await page.setViewportSize(PHONE);
    await shot(page, 'login-code-390');
    await page.setViewportSize(DESKTOP);
    // The code that turned two-factor on was spent; the next step's is new.
    await server.advanceClock(STEP_MS);
    await codeStep(page, await codeOf(secret));
    await inTheGame(page);
    await logOut(page);

    // A recovery code instead of the app: once.
    await passwordStep(page, player);
    await codeStep(page, recoveryCodes[0]!);
    await inTheGame(page);
    await logOut(page);
    await passwordStep(page, player);
    await codeStep(page, recoveryCodes[0]!);
    await page.getByText(/That code is not right/).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await shot(page, 'login-code-refused-1440');
    // Another of the codes still works.
    await codeStep(page, recoveryCodes[1]!);
    await inTheGame(page);

    await page.goto('/profile/account');
    await page.getByText('8 recovery codes left.').waitFor();
    await context.close();
  });
});
