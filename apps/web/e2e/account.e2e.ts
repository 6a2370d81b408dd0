import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './axe.js';
import { launchBrowser, pageWithWallet, PHONE, screenshot } from './browser.js';
import { startMailbox, type Mailbox } from './mailbox.js';
import { createPlayer, logIn, type Player } from './player.js';
import { startServer, type RunningServer } from './server.js';

/**
 * A player's account settings, in Chromium against the built app and the built server, with a
 * real SMTP server receiving the mail: the registration's verification link, two devices and
 * "Sign out everywhere else", a new password, and restoring access with the registered wallet.
 */
let server: RunningServer;
let mailbox: Mailbox;
let browser: Browser;

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startServer({ SMTP_URL: mailbox.url });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mailbox?.stop();
});

const emailRegion = (page: Page) => page.getByRole('region', { name: 'E-mail' });

/**
 * Logs in on the login screen the app has already led to (signed out, or after a restore), as
 * the player would there, without loading the page again.
 */
async function logInHere(page: Page, player: Player) {
  await page.getByLabel('Username').fill(player.login);
  await page.getByLabel('Password', { exact: true }).fill(player.password);
  await page.getByRole('button', { name: 'LOG IN' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('group', { name: 'Gold' }).waitFor();
}

async function openAccount(page: Page) {
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Account settings' }).click();
  await page.waitForURL((url) => url.pathname === '/profile/account');
  await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
}

describe('account settings in the browser', () => {
  it('verifies the address, signs out the other device, changes the password, restores with the wallet', async () => {
    const player = await createPlayer(server, 'settings');
    const email = `${player.login}@example.com`;
    const laptop = await pageWithWallet(browser, server.url, player.account);
    const page = laptop.page;

    // Registered, not verified yet: the profile says so and leads to the settings.
    await logIn(page, player);
    await page.goto('/profile');
    await page.getByRole('region', { name: 'Settings' }).getByText('Not verified').waitFor();
    await openAccount(page);
    await emailRegion(page).getByText('Not verified').waitFor();

    // The registration's mail holds the link; following it verifies the address.
    const mail = await mailbox.mailTo(email, /Confirm your Aleph e-mail address/);
    const link = /http:\/\/127\.0\.0\.1:\d+\/verify-email\/[A-Za-z0-9_-]+/.exec(mail.text ?? '');
    expect(link, 'the mail holds a link to this server').not.toBeNull();
    await page.goto(link![0]);
    await page.getByText('Your e-mail address is verified.').waitFor();
    await screenshot(page, 'verify-email-1440');
    await page.getByRole('link', { name: 'Go to your profile' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await openAccount(page);
    await emailRegion(page).getByText('Verified', { exact: true }).waitFor();
    expect(await emailRegion(page).getByText('Not verified').count()).toBe(0);

    // A second device signs in: the list shows both, this one marked.
    const phone = await pageWithWallet(browser, server.url, player.account, PHONE);
    await logIn(phone.page, player);
    await page.reload();
    const devices = page.getByRole('list', { name: 'Signed-in devices' });
    await devices.getByRole('listitem').nth(1).waitFor();
    expect(await devices.getByRole('listitem').count()).toBe(2);
    expect(await devices.getByText('This device').count()).toBe(1);
    expect(await devices.getByText('Chrome on Linux').count()).toBe(2);
    await devices.getByText('Local network').first().waitFor();
    await screenshot(page, 'account-1440');
    await expectAccessible(page, 'account settings');

    // "Sign out everywhere else": the phone's session ends and the phone is back at login.
    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await page.getByRole('status').filter({ hasText: 'Signed out 1 other device.' }).waitFor();
    // The list reads again: the phone's row goes.
    await devices.getByRole('listitem').nth(1).waitFor({ state: 'detached' });
    expect(await devices.getByRole('listitem').count()).toBe(1);
    await phone.page.waitForURL((url) => url.pathname === '/login');

    // A new password: this device stays signed in; the new password logs in elsewhere.
    const password = page.getByRole('region', { name: 'Password' });
    await password.getByLabel('Current password').fill(player.password);
    await password.getByLabel('New password', { exact: true }).fill('a changed secret here');
    await password.getByLabel('Repeat new password').fill('a changed secret here');
    await password.getByRole('button', { name: 'Change password' }).click();
    await password
      .getByText('Your password was changed. Every other device was signed out.')
      .waitFor();
    await mailbox.mailTo(email, /password was changed/);
    const changed = { ...player, password: 'a changed secret here' };
    await logInHere(phone.page, changed);
    await openAccount(phone.page);
    await phone.page
      .getByRole('list', { name: 'Signed-in devices' })
      .getByRole('listitem')
      .nth(1)
      .waitFor();
    // The link was clicked at the foot of the profile: the picture starts at the top.
    await phone.page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(phone.page, 'account-390');
    await phone.context.close();
    await laptop.context.close();

    // Forgot it after all: the registered wallet restores access with another password.
    const restore = await pageWithWallet(browser, server.url, player.account);
    await restore.page.goto('/restore-password');
    await restore.page.getByRole('button', { name: 'Restore with wallet' }).click();
    const form = restore.page.getByRole('form', { name: 'Restore with wallet' });
    await form.getByLabel('New password', { exact: true }).fill('restored with my wallet');
    await form.getByLabel('Repeat password').fill('restored with my wallet');
    // Both passwords given and equal: the button is enabled.
    await form.locator('button[type="submit"]:not([disabled])').waitFor();
    await screenshot(restore.page, 'restore-wallet-1440');
    await form.getByRole('button', { name: 'Sign with wallet and set password' }).click();
    await restore.page.waitForURL((url) => url.pathname === '/login');
    await restore.page.getByText('Your password was changed. Log in with the new one.').waitFor();
    await logInHere(restore.page, { ...player, password: 'restored with my wallet' });
    await restore.context.close();
  });
});
