import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Hero, Land, Message } from '@aleph/contracts';
import { expectAccessible } from './axe.js';
import { DESKTOP, launchBrowser, PHONE, pageWithWallet, screenshot } from './browser.js';
import { api, createPlayer, logIn, type Player } from './player.js';
import { LONG_SESSIONS, startServer, type RunningServer } from './server.js';

/**
 * The mission loop in a browser: open a land, launch GOLDCLAIM, see the hero busy and the
 * mission running, move the server clock past the ETA, see the treasury grow by exactly the
 * claimed gold and the leftover drop; then SEARCHELEMENT and a fuller vault.
 */
const DAY = 86_400_000;
/** A new Valley land's gold a day: four towers of 25. */
const PER_DAY = 100;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer(LONG_SESSIONS);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const goldInTopBar = async (page: Page) =>
  Number((await page.getByRole('group', { name: 'Gold' }).innerText()).replace(/[^\d]/g, ''));

async function chooseInLauncher(page: Page, hero: Hero) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Hero').selectOption(String(hero.heroid));
  await dialog.getByText('READY TO LAUNCH').waitFor();
  return dialog;
}

describe('the mission loop in the browser', () => {
  let player: Player;

  it('claims gold and searches elementals on the clock', async () => {
    player = await createPlayer(server, 'loop');
    const { page, context } = await pageWithWallet(browser, server.url);
    await logIn(page, player);
    await server.advanceClock(DAY);

    const lands = (await api<Land[]>(page, 'GET', '/ard/lands')).body;
    const land = lands[0]!;
    const heroes = (await api<Hero[]>(page, 'GET', '/abtal/heroes')).body;
    const homeless = heroes.find((h) => h.residenceid === null)!;
    const resident = heroes.find((h) => h.residenceid === land.landid)!;

    await page.getByRole('link', { name: 'Lands', exact: true }).click();
    await page
      .getByRole('link', { name: new RegExp(`Land #${land.landid}`) })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === `/lands/${land.landid}`);
    const before = (await api<Land>(page, 'GET', `/ard/lands/${land.landid}`)).body;
    // The starter land came with a day of gold, and a day went by: 2 * 100.
    expect(before.gold.leftover).toBe(2 * PER_DAY);

    await page.getByRole('button', { name: 'Claim Gold' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Claim Gold' }).waitFor();
    await chooseInLauncher(page, homeless);
    await screenshot(page, 'launcher-1440');
    await dialog.getByRole('button', { name: 'Launch' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The hero is busy with its ETA at once, and the mission is running.
    await page.goto(`/heroes/${homeless.heroid}`);
    await page.getByText(/Busy/).first().waitFor();
    const busy = (await api<Hero[]>(page, 'GET', '/abtal/heroes')).body.find(
      (h) => h.heroid === homeless.heroid,
    )!;
    expect(busy.busy).toBe(true);
    await page.goto('/');
    const running = page.getByRole('table').filter({ hasText: 'ETA' });
    await running.getByRole('cell', { name: 'Claim Gold' }).waitFor();
    await running.getByText(homeless.name).waitFor();
    await screenshot(page, 'dashboard-1440');
    expect(await goldInTopBar(page)).toBe(0);

    // The server clock passes the ETA; the next read settles the mission.
    await server.advancePast(busy.eta!, 2 * DAY);
    await page.goto(`/lands/${land.landid}`);
    const report = (await api<Message[]>(page, 'GET', '/hatif/messages')).body.find((m) =>
      / brought \d+ gold/.test(m.subject),
    )!;
    const claimed = Number(/ brought (\d+) gold/.exec(report.subject)![1]);
    expect(claimed).toBeGreaterThan(0);
    await page.reload();
    await expect.poll(() => goldInTopBar(page)).toBe(claimed);
    const after = (await api<Land>(page, 'GET', `/ard/lands/${land.landid}`)).body;
    // Two more days of production went on (200 gold); the claim took what it carried (all of it
    // unless the hero carries less than the land held).
    expect(after.gold.leftover).toBeLessThan(before.gold.leftover - claimed + 2 * PER_DAY + 10);
    expect(after.gold.leftover).toBeGreaterThanOrEqual(2 * PER_DAY);
    await page.getByText(`Gold to claim: ${after.gold.leftover}`).waitFor();
    await screenshot(page, 'land-main-1440');

    // SEARCHELEMENT with the resident hero: the vault grows.
    await page.getByRole('tab', { name: 'ELEMENTS' }).click();
    await page.getByRole('button', { name: 'Search Elementals' }).click();
    const search = page.getByRole('dialog');
    await search.getByLabel('Element').selectOption({ label: 'Fire' });
    await chooseInLauncher(page, resident);
    await search.getByRole('button', { name: 'Launch' }).click();
    await search.waitFor({ state: 'detached' });
    const minutes = (await api<Hero[]>(page, 'GET', '/abtal/heroes')).body.find(
      (h) => h.heroid === resident.heroid,
    )!;
    expect(minutes.busy).toBe(true);
    // Just past the ETA: an unsealed vault loses 10 percent a day.
    await server.advancePast(minutes.eta!);
    await page.reload();
    const searched = (await api<Land>(page, 'GET', `/ard/lands/${land.landid}`)).body;
    expect(searched.vault.volume[1]).toBeGreaterThan(0);
    await page.getByText(`Fire ${searched.vault.volume[1]}`).first().waitFor();
    await screenshot(page, 'land-elements-1440');
    await context.close();
  });

  it('shows every screen at phone and desktop widths, accessibly', async () => {
    for (const [viewport, suffix] of [
      [DESKTOP, '1440'],
      [PHONE, '390'],
    ] as const) {
      const { page, context } = await pageWithWallet(browser, server.url, undefined, viewport);
      await logIn(page, player);
      const land = (await api<Land[]>(page, 'GET', '/ard/lands')).body[0]!;
      const hero = (await api<Hero[]>(page, 'GET', '/abtal/heroes')).body[0]!;
      const screens: Array<[string, string, string]> = [
        ['dashboard', '/', 'STAT'],
        ['lands', '/lands', `Land #${land.landid}`],
        ['land-main', `/lands/${land.landid}`, 'Gold on Land'],
        ['land-heroes', `/lands/${land.landid}?tab=heroes`, 'Transfer Hero'],
        ['land-elements', `/lands/${land.landid}?tab=elements`, 'Search Elementals'],
        ['land-inventory', `/lands/${land.landid}?tab=inventory`, 'stuff'],
        ['heroes', '/heroes', 'level three'],
        ['hero', `/heroes/${hero.heroid}`, 'Mastery'],
        ['marketplace', '/marketplace', 'Buy Platinum Coin'],
      ];
      for (const [name, path, marker] of screens) {
        await page.goto(path);
        await page.getByText(marker).first().waitFor();
        await page.waitForLoadState('networkidle');
        await screenshot(page, `${name}-${suffix}`);
        await expectAccessible(page, `${name} at ${suffix}`);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow, `${name} at ${suffix} scrolls sideways`).toBeLessThanOrEqual(0);
      }
      await page.goto(`/lands/${land.landid}`);
      await page.getByRole('button', { name: 'Claim Daily Reward' }).click();
      const launcher = page.getByRole('dialog');
      await launcher.getByRole('button', { name: 'Cancel' }).waitFor();
      const heroValues = await launcher
        .getByLabel('Hero')
        .locator('option')
        .evaluateAll((options) =>
          options.map((o) => (o as HTMLOptionElement).value).filter(Boolean),
        );
      if (heroValues[0]) {
        await launcher.getByLabel('Hero').selectOption(heroValues[0]);
        await launcher.getByText(/READY TO LAUNCH|NOT READY/).waitFor();
      }
      await screenshot(page, `launcher-${suffix}`);
      await expectAccessible(page, `launcher at ${suffix}`);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await context.close();
    }
  });
});
