import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './axe.js';
import { DESKTOP, PHONE, pageWithWallet, screenshot } from './browser.js';
import { logIn, type Player } from './player.js';
import { type RunningServer } from './server.js';
import { startVeteranWorld, type VeteranWorld } from './veteran-world.js';

/**
 * The records screens as the demo world's veteran (level 10) sees them: achievements, the
 * Mission Log, the profiles rating and the avatar frame, at 390 and 1440 px. The demo world is
 * made by the operator CLI first, so the rating ranks its thousands of players.
 */
let world: VeteranWorld;
let server: RunningServer;
let browser: Browser;
let veteran: Player;

beforeAll(async () => {
  world = await startVeteranWorld('records');
  ({ server, browser, veteran } = world);
});
afterAll(() => world?.stop());

async function journey(page: Page, size: '390' | '1440') {
  await logIn(page, veteran);
  await page.goto(`${server.url}/profile`);
  const records = page.getByRole('region', { name: 'Records' });
  await records.getByLabel('Avatar frame').waitFor();
  expect(await records.getByLabel('Avatar frame').inputValue()).toBe('legendary');
  await expect.poll(() => records.locator('[data-frame="legendary"]').count()).toBe(1);
  await screenshot(page, `profile-frame-${size}`);
  await expectAccessible(page, 'profile with its frame');

  // Achievements: earned ones with dates, others with their progress.
  await records.getByRole('link', { name: 'Achievements' }).click();
  await page.getByRole('heading', { level: 1, name: 'Achievements' }).waitFor();
  await page.getByText(/^\d+ of \d+ earned$/).waitFor();
  expect(await page.getByText(/^Earned /).count()).toBeGreaterThan(10);
  await page.getByRole('progressbar', { name: /^Centurion: / }).waitFor();
  await screenshot(page, `achievements-${size}`);
  await expectAccessible(page, 'achievements');

  // The Mission Log: filter, load the next page, open a report.
  await page.goto(`${server.url}/missions/log`);
  await page.getByRole('heading', { level: 1, name: 'Mission Log' }).waitFor();
  const table = page.getByRole('table', { name: 'Finished missions, newest first' });
  await table
    .getByRole('link', { name: /^Report/ })
    .first()
    .waitFor();
  expect(await table.getByRole('row').count()).toBe(1 + 20 + 1);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect.poll(() => table.getByRole('row').count()).toBe(1 + 40 + 1);
  await page.getByLabel('Mission type').selectOption('GOLDCLAIM');
  await page.getByLabel('Outcome').selectOption('success');
  // The filtered list replaces the old one: no failure left, claims only.
  await expect.poll(() => table.getByText('Failure', { exact: true }).count()).toBe(0);
  await expect
    .poll(() => table.getByText('Claim Gold', { exact: true }).count())
    .toBeGreaterThan(0);
  expect(await table.getByText('Daily Reward', { exact: true }).count()).toBe(0);
  await screenshot(page, `mission-log-${size}`);
  await expectAccessible(page, 'mission log');
  await table
    .getByRole('link', { name: /^Report/ })
    .first()
    .click();
  await page.waitForURL((url) => url.pathname === '/messages' && url.search.includes('message='));

  // The rating: the veteran's own place, and a public profile a click away.
  await page.goto(`${server.url}/profile/rating`);
  await page.getByRole('heading', { level: 1, name: 'Profiles rating' }).waitFor();
  await page.getByText('Your place:').waitFor();
  const rating = page.getByRole('table', { name: 'Profiles rating by power' });
  await rating.getByRole('button', { name: /\(you\)$/ }).waitFor();
  await screenshot(page, `rating-${size}`);
  await expectAccessible(page, 'rating');
  await rating.getByRole('button').nth(1).click();
  const dialog = page.getByRole('dialog', { name: 'Profile Information' });
  await dialog.getByText('Achievements').waitFor();
  await expectAccessible(page, 'public profile from the rating');
}

describe('records in the browser', () => {
  it('walks the four screens on a phone (390 px)', async () => {
    const { page, context } = await pageWithWallet(browser, server.url, veteran.account, PHONE);
    await journey(page, '390');
    await context.close();
  });

  it('walks the four screens on a desktop (1440 px)', async () => {
    const { page, context } = await pageWithWallet(browser, server.url, veteran.account, DESKTOP);
    await journey(page, '1440');
    await context.close();
  });
});
