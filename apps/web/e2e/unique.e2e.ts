import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './axe.js';
import { DESKTOP, PHONE, pageWithWallet, screenshot } from './browser.js';
import { logIn, type Player } from './player.js';
import { type RunningServer } from './server.js';
import { startVeteranWorld, type VeteranWorld } from './veteran-world.js';

/**
 * Unique missions as the demo world's veteran (level 10) plays them: the operator CLI makes the
 * demo world, whose veteran has an open event with ten places and a hero strong enough for it.
 */
let world: VeteranWorld;
let server: RunningServer;
let browser: Browser;
let veteran: Player;

beforeAll(async () => {
  world = await startVeteranWorld('unique');
  ({ server, browser, veteran } = world);
});
afterAll(() => world?.stop());

async function openUnique(page: Page) {
  await logIn(page, veteran);
  await page.getByRole('link', { name: 'Unique missions' }).click();
  await page.getByRole('heading', { level: 1, name: 'Unique missions' }).waitFor();
  // Away from the nav button, so its tooltip is not in the screenshots.
  await page.mouse.move(0, 600);
}

const card = (page: Page) => page.getByRole('region', { name: "The Dragon's Hoard" });
const placesLeft = async (page: Page) =>
  (await card(page).getByRole('definition').first().textContent()) ?? '';

describe('unique missions in the browser', () => {
  it('shows the open event counting down and sends a hero to it (1440 px)', async () => {
    const { page, context } = await pageWithWallet(browser, server.url, veteran.account, DESKTOP);
    await openUnique(page);
    const event = card(page);
    const timer = event.getByRole('timer');
    await expect.poll(() => timer.textContent()).toMatch(/^Ends in 5d \d+:\d\d:\d\d left$/);
    // The countdown ticks on the shared clock.
    const first = await timer.textContent();
    await expect.poll(() => timer.textContent(), { timeout: 5_000 }).not.toBe(first);
    expect(await placesLeft(page)).toBe('10 of 10');
    await expect.poll(() => event.textContent()).toContain('Strength');
    await expectAccessible(page, 'unique missions');
    await screenshot(page, 'unique-missions-1440');

    const select = event.getByLabel("Hero for The Dragon's Hoard");
    const options = select.locator('option');
    expect(await options.count()).toBeGreaterThan(1);
    await select.selectOption({ index: 1 });
    await event.getByText(/^Back in .* with the reward\.$/).waitFor();
    await event.getByRole('button', { name: 'Send hero' }).click();
    await event.getByText(/^You sent .+\.$/).waitFor();
    await expect.poll(() => placesLeft(page)).toBe('9 of 10');
    await expectAccessible(page, 'unique missions after sending');
    await context.close();
  });

  it('shows the event with its places taken and the hero sent on a phone (390 px)', async () => {
    const { page, context } = await pageWithWallet(browser, server.url, veteran.account, PHONE);
    await openUnique(page);
    await card(page)
      .getByText(/^You sent .+\.$/)
      .waitFor();
    expect(await placesLeft(page)).toBe('9 of 10');
    await expect.poll(() => card(page).getByRole('timer').textContent()).toMatch(/^Ends in /);
    await expectAccessible(page, 'unique missions on a phone');
    await screenshot(page, 'unique-missions-390');
    // The running mission is on the dashboard too.
    await page.getByRole('link', { name: 'Lands of Aleph' }).click();
    await page.getByRole('cell', { name: 'Unique Mission' }).first().waitFor();
    await context.close();
  });
});
