import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, pageWithWallet, screenshot } from './browser.js';
import { startMailbox, type Mailbox } from './mailbox.js';
import { createPlayer, logIn } from './player.js';
import { startServer, type RunningServer } from './server.js';

/**
 * A player who forgot the password, in Chromium against the built app and the built server,
 * with a real SMTP server receiving the mail: the bot check solves in the browser, the mail
 * brings a link, the link sets a new password, and the player logs in with it.
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

describe('password recovery in the browser', () => {
  it('forgot password -> bot check -> mail -> link -> new password -> log in', async () => {
    const player = await createPlayer(server, 'forgetful');
    const email = `${player.login}@example.com`;
    const { page, context } = await pageWithWallet(browser, server.url);

    await page.goto('/login');
    await page.getByText('Forgot password?').click();
    await page.waitForURL((url) => url.pathname === '/restore-password');
    await page.getByLabel('Email').fill(email);
    // The proof of work runs in the browser when the box is ticked; RESTORE waits for it.
    const check = page.getByRole('checkbox', { name: "I'm not a bot" });
    await check.waitFor();
    await check.click();
    // Solved, the widget's label says so (its checkbox is then named 'Verified').
    await page.getByText('Verified', { exact: true }).waitFor({ timeout: 60_000 });
    expect(await page.getByRole('checkbox', { name: 'Verified' }).isChecked()).toBe(true);
    await screenshot(page, 'restore-password-1440');
    await page.getByRole('button', { name: 'RESTORE', exact: true }).click();
    await page
      .getByText('If the email exists in our system, you will receive instructions shortly.')
      .waitFor();

    const mail = await mailbox.mailTo(email, /Reset your Aleph password/);
    const link = /http:\/\/127\.0\.0\.1:\d+\/restore-password\/[A-Za-z0-9_-]+/.exec(
      mail.text ?? '',
    );
    expect(link, 'the mail holds a link to this server').not.toBeNull();

    await page.goto(link![0]);
    await page.getByLabel('New password', { exact: true }).fill('a new and better secret');
    await page.getByLabel('Repeat password').fill('a new and better secret');
    await screenshot(page, 'new-password-1440');
    await page.getByRole('button', { name: 'SET PASSWORD' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText('Your password was changed. Log in with the new one.').waitFor();

    await logIn(page, { ...player, password: 'a new and better secret' });
    // The player is told by mail too.
    await mailbox.mailTo(email, /password was changed/);

    await context.close();

    // The link worked once: on another device, following it again is refused.
    const other = await pageWithWallet(browser, server.url);
    await other.page.goto(link![0]);
    await other.page.getByLabel('New password', { exact: true }).fill('yet another secret here');
    await other.page.getByLabel('Repeat password').fill('yet another secret here');
    await other.page.getByRole('button', { name: 'SET PASSWORD' }).click();
    await other.page.getByText('This link has expired or was already used.').waitFor();
    await other.page.getByRole('link', { name: 'Ask for a new link' }).waitFor();
    await other.context.close();
  });
});
