import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BoardResponse } from '@aleph/contracts';
import { formatMessageDate } from '@aleph/rules';
import { expectAccessible } from './axe.js';
import { DESKTOP, PHONE, pageWithWallet, screenshot } from './browser.js';
import { api, logIn, type Player } from './player.js';
import { startVeteranWorld, type VeteranWorld } from './veteran-world.js';

/**
 * Moderation (issue #35) in the demo world: the veteran reports the demo player from Profile
 * Information; the demo world's `operator` (an admin) finds the report in the console's queue,
 * suspends the player for a day with a reason; the player's open page is signed out by the
 * server and its login screen says until when. Then the report is resolved, linked to the
 * suspension, and the console's screens are photographed at 1440 and 390 px.
 */
let world: VeteranWorld;

beforeAll(async () => {
  world = await startVeteranWorld('moderation');
});
afterAll(async () => {
  await world?.stop();
});

/** The browser's own rendering of a time, as the login screen and the console write it. */
async function localDate(page: Page, iso: string): Promise<string> {
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  return formatMessageDate(Date.parse(iso), zone);
}

/**
 * Runs a console action whose dialog is open: a stale session first asks for the password
 * ("Confirm your password"), which the operator gives (photographed as `reauthShot`); then the
 * action's answer shows. Says whether the password was asked for.
 */
async function act(
  page: Page,
  operator: Player,
  button: string,
  done: RegExp,
  reauthShot?: string,
) {
  const dialog = page
    .getByRole('dialog')
    .filter({ has: page.getByRole('button', { name: button }) });
  await dialog.getByRole('button', { name: button, exact: true }).click();
  const reauth = page.getByRole('dialog', { name: 'Confirm your password' });
  const outcome = page.getByRole('status').filter({ hasText: done });
  await Promise.race([reauth.waitFor(), outcome.waitFor()]);
  const asked = await reauth.isVisible();
  if (asked) {
    await reauth.getByLabel('Password').fill(operator.password);
    // (No axe run here: the waiting action's spinner never stops animating; the unit tests
    // check this dialog.)
    const confirm = reauth.getByRole('button', { name: 'Confirm' });
    await confirm.and(page.locator(':enabled')).waitFor();
    if (reauthShot) await screenshot(page, reauthShot);
    await confirm.click();
  }
  await outcome.waitFor();
  return { text: (await outcome.innerText()).trim(), asked };
}

describe('moderation in the browser', () => {
  it('a report leads to a suspension that signs the player out', async () => {
    const { browser, server, veteran, demo, operator } = world;

    // The demo player is playing: its page stays open through all of this.
    const target = await pageWithWallet(browser, server.url, demo.account, DESKTOP);
    await logIn(target.page, demo);

    // The veteran opens the demo player's profile from the weekly XP board and reports them.
    const reporter = await pageWithWallet(browser, server.url, veteran.account, DESKTOP);
    await logIn(reporter.page, veteran);
    await reporter.page.goto('/?tab=top');
    const board = reporter.page.getByRole('region', { name: 'Weekly Top XP Gainers' });
    await board.getByRole('row').nth(1).waitFor();
    // The board shows ten a page: turn to the demo player's.
    const { body: top } = await api<BoardResponse>(
      reporter.page,
      'GET',
      '/mirza/boards/TOP_XP_GAINERS/last',
    );
    const place = top.data.findIndex((row) => row.profilename === demo.login);
    expect(place).toBeGreaterThanOrEqual(0);
    for (let page = 1; page <= Math.floor(place / 10); page += 1) {
      await board.getByRole('button', { name: 'Go to next page' }).click();
      const to = Math.min((page + 1) * 10, top.data.length);
      await board.getByText(`${page * 10 + 1}–${to} of ${top.data.length}`).waitFor();
    }
    await board.getByRole('button', { name: demo.login, exact: true }).click();
    const profile = reporter.page.getByRole('dialog', { name: 'Profile Information' });
    await profile.getByText('Achievements').waitFor();
    await profile.getByRole('button', { name: 'Report' }).click();
    const report = reporter.page.getByRole('dialog', { name: `Report ${demo.login}` });
    await report.getByLabel('Reason').selectOption({ label: 'Harassment' });
    await report.getByLabel('Details').fill('Insults other players in every arena battle.');
    await screenshot(reporter.page, 'report-dialog-1440');
    await expectAccessible(reporter.page, 'report dialog');
    await report.getByRole('button', { name: 'Send report' }).click();
    await report.getByText('Thank you. Our team will look at your report.').waitFor();
    // A second report on the same player while the first is open is refused in words.
    await report.getByRole('button', { name: 'Close' }).click();
    await profile.getByRole('button', { name: 'Report' }).click();
    await report.getByLabel('Reason').selectOption({ label: 'Spam' });
    await report.getByRole('button', { name: 'Send report' }).click();
    await report
      .getByText('You have already reported this player; our team is looking at it.')
      .waitFor();

    // The operator goes from the top bar's Admin link to the queue.
    const staff = await pageWithWallet(browser, server.url, operator.account, DESKTOP);
    const page = staff.page;
    await logIn(page, operator);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Admin' })
      .click();
    await page.getByRole('heading', { level: 1, name: "Operators' console" }).waitFor();
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('tab', { name: 'Reports' })
      .click();
    const group = page.getByRole('region', { name: `${demo.login} (${demo.login})` });
    await group.getByText('Insults other players in every arena battle.').waitFor();
    expect(await group.getByText(/^1 report, the oldest/).count()).toBe(1);
    await screenshot(page, 'admin-reports-1440');
    await expectAccessible(page, 'reports queue');

    // The player's file, then a suspension for a day (the dialog starts a day ahead).
    await group.getByRole('link', { name: `Open ${demo.login}` }).click();
    await page.getByRole('heading', { level: 2, name: demo.login }).waitFor();
    await page.getByRole('region', { name: 'Account' }).waitFor();
    await screenshot(page, 'admin-player-1440');
    await expectAccessible(page, "a player's file");
    await page.getByRole('button', { name: 'Suspend' }).click();
    const suspend = page.getByRole('dialog', { name: `Suspend ${demo.login}` });
    const untilValue = await suspend.getByLabel('Until').inputValue();
    const until = await page.evaluate((v) => new Date(v).toISOString(), untilValue);
    const hoursAhead = (Date.parse(until) - (await server.now())) / 3_600_000;
    expect(hoursAhead).toBeGreaterThan(23);
    expect(hoursAhead).toBeLessThan(25);
    await suspend.getByLabel('Reason').fill('Harassment in the arena, reported by players');
    await suspend
      .getByLabel('Message to the player')
      .fill('Your account is suspended for a day for insulting other players.');
    await screenshot(page, 'admin-suspend-1440');
    await expectAccessible(page, 'suspend dialog');
    // Logged in a moment ago: the session is fresh, no password asked.
    const { text: done, asked } = await act(page, operator, 'Suspend', /Staff log #\d+/);
    expect(asked).toBe(false);
    const local = await localDate(page, until);
    expect(done).toContain(`Suspended until ${local}.`);
    await page
      .getByRole('region', { name: 'Standing and treasury' })
      .getByText(`Suspended until ${local}`)
      .first()
      .waitFor();

    // The player's open page is signed out, and its login screen says until when.
    await target.page.waitForURL((url) => url.pathname === '/login');
    const notice = target.page.getByRole('alert');
    await notice.waitFor();
    expect(await notice.innerText()).toBe(`Your account is suspended until ${local}.`);
    await screenshot(target.page, 'login-suspended-1440');
    // Logging in again is refused with the same sentence (the server's answer this time: the
    // notice the signed-out page kept is forgotten first).
    await target.page.evaluate(() => localStorage.clear());
    await target.page.reload();
    await target.page.getByLabel('Username').fill(demo.login);
    expect(await target.page.getByRole('alert').count()).toBe(0);
    await target.page.getByLabel('Password', { exact: true }).fill(demo.password);
    await target.page.getByRole('button', { name: 'LOG IN' }).click();
    await target.page.getByRole('alert').waitFor();
    expect(await target.page.getByRole('alert').innerText()).toBe(
      `Your account is suspended until ${local}.`,
    );
    expect(new URL(target.page.url()).pathname).toBe('/login');
    // The same on a phone.
    const phone = await pageWithWallet(browser, server.url, demo.account, PHONE);
    await phone.page.goto('/login');
    await phone.page.getByLabel('Username').fill(demo.login);
    await phone.page.getByLabel('Password', { exact: true }).fill(demo.password);
    await phone.page.getByRole('button', { name: 'LOG IN' }).click();
    await phone.page
      .getByRole('alert')
      .getByText(`Your account is suspended until ${local}.`)
      .waitFor();
    await screenshot(phone.page, 'login-suspended-390');
    await phone.context.close();

    // The report is resolved, linked to the suspension's staff-log row.
    const logId = /Staff log #(\d+)/.exec(done)?.[1];
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('tab', { name: 'Reports' })
      .click();
    await page.getByRole('button', { name: /^Resolve report #\d+$/ }).click();
    const resolve = page.getByRole('dialog', { name: /^Resolve report #\d+ on demo$/ });
    await resolve
      .getByLabel('Action taken')
      .locator(`option[value="${logId}"]`)
      .waitFor({ state: 'attached' });
    await resolve.getByLabel('Action taken').selectOption(logId!);
    await resolve.getByLabel('Reason').fill('Suspended for a day');
    // Sixteen minutes later on the server's clock the session is no longer fresh: the action
    // asks for the password first, then runs.
    await server.advanceClock(16 * 60_000);
    const resolved = await act(
      page,
      operator,
      'Resolve',
      /^Report #\d+ resolved\. Staff log #\d+\.$/,
      'admin-reauth-1440',
    );
    expect(resolved.asked).toBe(true);
    await page.getByText('No open reports.').waitFor();

    // The staff log shows both, newest first.
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('tab', { name: 'Staff log' })
      .click();
    const log = page.getByRole('table', { name: 'Staff log, newest first' });
    await log.getByRole('row').nth(2).waitFor();
    // Column 4 is the action: the resolution on top, the suspension right under it.
    const actions = await log.locator('tbody tr td:nth-child(4)').allInnerTexts();
    expect(actions[0]).toMatch(/report/);
    expect(actions[1]).toBe('suspend');
    await screenshot(page, 'admin-stafflog-1440');
    await expectAccessible(page, 'staff log');

    // Players search.
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('tab', { name: 'Players' })
      .click();
    await page.getByLabel('Search players').fill('vet');
    await page.getByRole('button', { name: 'Search' }).click();
    await page
      .getByRole('table', { name: 'Players matching vet' })
      .getByRole('link', { name: 'veteran' })
      .waitFor();
    await screenshot(page, 'admin-players-1440');
    await expectAccessible(page, 'players search');

    // Linked accounts (the demo world's players share no address or device) and the tools.
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('tab', { name: 'Signals' })
      .click();
    await page.getByRole('heading', { level: 2, name: 'Linked accounts' }).waitFor();
    await page.getByRole('table', { name: 'Linked accounts by group, largest first' }).waitFor();
    await screenshot(page, 'admin-signals-1440');
    await expectAccessible(page, 'linked accounts');
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('tab', { name: 'Tools' })
      .click();
    await page.getByRole('button', { name: 'Create a unique mission' }).click();
    const unique = page.getByRole('dialog', { name: 'Create a unique mission' });
    await unique.getByLabel('Name').fill('The Sunken Gate');
    await screenshot(page, 'admin-unique-1440');
    await expectAccessible(page, 'unique mission dialog');
    await unique.getByRole('button', { name: 'Cancel' }).click();
    await unique.waitFor({ state: 'detached' });
    await screenshot(page, 'admin-tools-1440');

    for (const context of [target.context, reporter.context, staff.context]) await context.close();
  });

  it("fits the console's screens on a phone (390 px)", async () => {
    const { browser, server, operator, demo } = world;
    const { page, context } = await pageWithWallet(browser, server.url, operator.account, PHONE);
    await logIn(page, operator);
    await page.goto('/admin');
    await page.getByRole('table', { name: 'All players' }).getByRole('link').first().waitFor();
    await screenshot(page, 'admin-players-390');
    await page.getByLabel('Search players').fill(demo.login);
    await page.getByRole('button', { name: 'Search' }).click();
    await page
      .getByRole('table', { name: `Players matching ${demo.login}` })
      .getByRole('link', { name: demo.login, exact: true })
      .click();
    await page.getByRole('region', { name: 'Account' }).waitFor();
    await screenshot(page, 'admin-player-390');
    await page.getByRole('tab', { name: 'Ledger' }).click();
    await page
      .getByRole('table', { name: 'Ledger, newest first' })
      .getByRole('cell', { name: /^[+-]\d/ })
      .first()
      .waitFor();
    await screenshot(page, 'admin-ledger-390');
    await page.goto('/admin/reports');
    await page.getByLabel('Status').selectOption({ label: 'Resolved' });
    await page
      .getByText(/^Resolved by operator/)
      .first()
      .waitFor();
    await screenshot(page, 'admin-reports-390');
    await page.goto('/admin/stafflog');
    await page
      .getByRole('table', { name: 'Staff log, newest first' })
      .getByRole('row')
      .nth(1)
      .waitFor();
    await screenshot(page, 'admin-stafflog-390');
    await page.goto('/admin/tools');
    await page.getByRole('region', { name: 'Unique missions' }).waitFor();
    await screenshot(page, 'admin-tools-390');
    await context.close();
  });

  it('fits the report dialog on a phone (390 px)', async () => {
    const { browser, server, veteran } = world;
    const reporter = await pageWithWallet(browser, server.url, veteran.account, PHONE);
    await logIn(reporter.page, veteran);
    await reporter.page.goto('/?tab=top');
    const board = reporter.page.getByRole('region', { name: 'Weekly Top XP Gainers' });
    // The first player on the board who is not the veteran.
    await board.getByRole('row').filter({ hasNotText: '(You)' }).nth(1).getByRole('button').click();
    const profile = reporter.page.getByRole('dialog', { name: 'Profile Information' });
    await profile.getByText('Achievements').waitFor();
    await profile.getByRole('button', { name: 'Report' }).click();
    const report = reporter.page.getByRole('dialog', { name: /^Report / });
    await report.getByLabel('Reason').selectOption({ label: 'Abusive name' });
    // The board was scrolled to; the page's top is where a phone shows the dialog, once it
    // has faded in.
    await reporter.page.evaluate(() => window.scrollTo(0, 0));
    await reporter.page.waitForFunction(() =>
      document.getAnimations().every((a) => a.playState !== 'running'),
    );
    await screenshot(reporter.page, 'report-dialog-390');
    await reporter.context.close();
  });
});
