import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Hero, Land, RunningMission } from '@aleph/contracts';
import { expectAccessible } from './axe.js';
import { DESKTOP, PHONE, pageWithWallet, screenshot } from './browser.js';
import { api, logIn, type Player } from './player.js';
import { LONG_SESSIONS, type RunningServer } from './server.js';
import { startVeteranWorld, type VeteranWorld } from './veteran-world.js';

/**
 * Hero growth as the demo world's veteran (level 10) plays it, on the test clock: a hero with
 * the XP of its next level trains (HEROLEVELUP) until the server's clock passes its return,
 * then spends its upskill points and drinks a Skill Pot; on a phone, that hero shows the pot
 * with its time left.
 */
let world: VeteranWorld;
let server: RunningServer;
let browser: Browser;
let veteran: Player;

beforeAll(async () => {
  world = await startVeteranWorld('growth', LONG_SESSIONS);
  ({ server, browser, veteran } = world);
});
afterAll(() => world?.stop());

describe('hero growth in the browser', () => {
  it('levels a hero up on the test clock, spends upskills and uses a pot (1440 px)', async () => {
    const { page, context } = await pageWithWallet(browser, server.url, veteran.account, DESKTOP);
    await logIn(page, veteran);
    const heroes = (await api<Hero[]>(page, 'GET', '/abtal/heroes')).body;
    const hero = heroes.find((h) => h.level < 5 && h.xpToNext === 0 && !h.busy && h.pot === null)!;
    expect(hero).toBeDefined();

    await page.getByRole('link', { name: 'Heroes', exact: true }).click();
    await page
      .getByRole('link', { name: new RegExp(hero.name) })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: hero.name }).waitFor();
    await page.getByRole('region', { name: `Level ${hero.level} / 5` }).waitFor();

    await page.getByRole('button', { name: 'Level up' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('READY TO LAUNCH').waitFor();
    await dialog.getByRole('button', { name: 'Launch' }).click();
    await dialog.waitFor({ state: 'detached' });
    const running = (await api<RunningMission[]>(page, 'GET', '/misaar/missions/status/running'))
      .body;
    const training = running.find(
      (m) => m.heroid === hero.heroid && m.missionType === 'HEROLEVELUP',
    )!;
    expect(training).toBeDefined();
    await server.advancePast(training.eta);
    // The settlement is pushed: the page shows the new level without a reload.
    const level = page.getByRole('region', { name: `Level ${hero.level + 1} / 5` });
    await level.waitFor({ timeout: 60_000 });

    const form = page.getByRole('form', { name: 'Spend upskill points' });
    const pointsText = async () => (await form.getByText(/^Points left:/).textContent()) ?? '';
    const before = Number(/(\d+)$/.exec(await pointsText())![1]);
    expect(before).toBeGreaterThanOrEqual(8);
    await form.getByLabel('Intelligence').fill('3');
    await form.getByLabel('Luck').fill('2');
    await form.getByRole('button', { name: 'Spend 5 points' }).click();
    await expect.poll(pointsText).toBe(`Points left: ${before - 5}`);

    const pot = page.getByRole('form', { name: 'Use a Skill Pot' });
    await pot.getByLabel('Skill to boost').selectOption('Agility');
    await pot.getByRole('button', { name: 'Use Skill Pot' }).click();
    await page.getByText(/^Skill Pot: \+15 Agility until/).waitFor();
    await expectAccessible(page, 'hero page after growing');
    // The returning missions' toasts would cover the skills in the picture.
    const toasts = page.getByRole('log', { name: 'Mission reports' });
    for (let n = await toasts.getByRole('button', { name: 'Dismiss' }).count(); n > 0; n--) {
      await toasts.getByRole('button', { name: 'Dismiss' }).first().click();
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'hero-growth-1440');
    await context.close();
  });

  it('shows seal improvements on the ELEMENTS tab and launches one (1440 px)', async () => {
    const { page, context } = await pageWithWallet(browser, server.url, veteran.account, DESKTOP);
    await logIn(page, veteran);
    const lands = (await api<Land[]>(page, 'GET', '/ard/lands')).body;
    const improved = lands.find((l) => l.vault.steps.some((s) => s > 0))!;
    await page.goto(`/lands/${improved.landid}?tab=elements`);
    const earth = page.getByRole('region', { name: 'Earth' });
    // The demo's first land: an Earth seal at Rare with 3 of 5 improvements.
    await earth.getByText('3 / 5', { exact: true }).waitFor();
    await earth.getByText(/%\/day \(x0\.61 by improvements\)$/).waitFor();
    await earth.getByRole('button', { name: 'Improve Earth seal' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Improve Seal').first().waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expectAccessible(page, 'land elements with seal improvements');
    await screenshot(page, 'seal-improvements-1440');
    await context.close();
  });

  it('shows the working pot with its time left on a phone (390 px)', async () => {
    const { page, context } = await pageWithWallet(browser, server.url, veteran.account, PHONE);
    await logIn(page, veteran);
    const heroes = (await api<Hero[]>(page, 'GET', '/abtal/heroes')).body;
    // The veteran's own pot ran out while the clock moved on: the one drunk above still works.
    const potted = heroes.find((h) => h.pot !== null)!;
    expect(potted).toBeDefined();
    await page.goto(`/heroes/${potted.heroid}`);
    await page.getByRole('heading', { level: 1, name: potted.name }).waitFor();
    await page.getByText(/^Skill Pot: \+15 Agility until/).waitFor();
    await page
      .getByRole('timer')
      .filter({ hasText: / left$/ })
      .first()
      .waitFor();
    await page.getByRole('form', { name: 'Spend upskill points' }).waitFor();
    await expectAccessible(page, 'hero page on a phone');
    await screenshot(page, 'hero-growth-390');
    await context.close();
  });
});
