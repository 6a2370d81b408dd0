import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './axe.js';
import { DESKTOP, PHONE, pageWithWallet, screenshot } from './browser.js';
import { api, logIn, type Player } from './player.js';
import { type RunningServer } from './server.js';
import { startVeteranWorld, type VeteranWorld } from './veteran-world.js';

/**
 * The world map and world statistics as the demo world's veteran (level 10) sees them: the
 * demo world is made first by the operator CLI in the server's data folder (test mode does
 * not make one), so the map holds thousands of other players' lands.
 */
let world: VeteranWorld;
let server: RunningServer;
let browser: Browser;
let veteran: Player;

beforeAll(async () => {
  world = await startVeteranWorld('map');
  ({ server, browser, veteran } = world);
});
afterAll(() => world?.stop());

interface LandRow {
  landid: number;
  name: string | null;
  continent: number;
  x: number;
  y: number;
}

/** The screen point of a plot while the continent is shown whole (the view's first fit). */
async function plotPoint(page: Page, x: number, y: number) {
  const box = (await page.getByRole('img', { name: 'Map of Aleph' }).boundingBox())!;
  const scale = Math.min(box.width, box.height) / 500;
  return {
    x: box.x + (box.width - 500 * scale) / 2 + (x + 0.5) * scale,
    y: box.y + (box.height - 500 * scale) / 2 + (y + 0.5) * scale,
  };
}

/**
 * Clicks a plot of the whole continent until the card names it: the page may still change its
 * width (a scroll bar) just after the map appears, which moves every plot.
 */
async function clickPlot(page: Page, x: number, y: number) {
  const named = page.getByRole('region', { name: 'Plot' }).getByText(`Plot ${x}, ${y}`);
  for (let attempt = 0; ; attempt++) {
    const at = await plotPoint(page, x, y);
    await page.mouse.click(at.x, at.y);
    try {
      await named.waitFor({ timeout: 2_000 });
      return at;
    } catch (error) {
      if (attempt === 4) throw error;
    }
  }
}

async function openMap(page: Page) {
  await logIn(page, veteran);
  await page.getByRole('link', { name: 'Map' }).click();
  await page.getByRole('heading', { level: 1, name: 'World map' }).waitFor();
  await page.getByRole('img', { name: 'Map of Aleph' }).waitFor();
  await page.getByText(/lands on Aleph$/).waitFor();
  const lands = (await api<LandRow[]>(page, 'GET', '/ard/lands')).body;
  const home = lands.find((l) => l.continent === 0)!;
  return { lands, home };
}

describe('the world map in the browser', () => {
  it('zooms, points at a land, shades travel for a hero and opens the land (1440 px)', async () => {
    const { page, context } = await pageWithWallet(browser, server.url, veteran.account, DESKTOP);
    const { home } = await openMap(page);
    const count = Number(
      (await page.getByText(/lands on Aleph$/).textContent())!.split(' ')[0]!.replace(/,/g, ''),
    );
    expect(count).toBeGreaterThan(1_900);
    await expectAccessible(page, 'world map');

    // Click the land (kept in the card once the pointer leaves); then the wheel zooms around
    // the pointer, so the land stays under it.
    const at = await clickPlot(page, home.x, home.y);
    for (let i = 0; i < 6; i++) await page.mouse.wheel(0, -300);
    const card = page.getByRole('region', { name: 'Plot' });
    // Zoomed in (40 px a plot), the pointer still rests on the land or right beside it (the
    // layout may shift the canvas by a few pixels when the card grows).
    await page.mouse.move(at.x + 1, at.y);
    await page.mouse.move(at.x, at.y);
    const hovered = (await card.getByRole('heading').textContent())!.match(/(\d+), (\d+)/)!;
    expect(Math.abs(Number(hovered[1]) - home.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(Number(hovered[2]) - home.y)).toBeLessThanOrEqual(1);
    // Off the map, the card shows the clicked land.
    await page.mouse.move(5, 5);
    await card.getByText(`Plot ${home.x}, ${home.y}`).waitFor();
    await card.getByText('You').waitFor();
    const link = card.getByRole('link', { name: `Open ${home.name ?? `Land #${home.landid}`}` });
    await link.waitFor();

    // A hero's travel time from their residence shows on the plot.
    const heroes = (
      await api<Array<{ heroid: number; name: string }>>(page, 'GET', '/abtal/heroes')
    ).body;
    await page.getByLabel('Travel time for hero').selectOption(String(heroes[0]!.heroid));
    await card.getByText(`Travel for ${heroes[0]!.name}`).waitFor();
    // Far enough out to see the shade grow darker away from the residence.
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Zoom out' }).click();
    await screenshot(page, 'map-1440');
    await expectAccessible(page, 'world map with a hero');

    // A land minted now shows on the map without a reload (push `land.changed`).
    const minted = await api(page, 'POST', '/market/mint/land', {
      continent: 0,
      idempotencyKey: `map-journey-${Date.now()}`,
    });
    expect(minted.status).toBe(200);
    await page.getByText(`${(count + 1).toLocaleString('en-US')} lands on Aleph`).waitFor();

    await link.click();
    await page.waitForURL((url) => url.pathname === `/lands/${home.landid}`);
    await context.close();
  });

  it('taps a plot on a phone and reads it (390 px)', async () => {
    const { page, context } = await pageWithWallet(browser, server.url, veteran.account, PHONE);
    const { home } = await openMap(page);
    await clickPlot(page, home.x, home.y);
    const card = page.getByRole('region', { name: 'Plot' });
    // The keyboard moves the map and reads the plot under the cross.
    await page.getByRole('img', { name: 'Map of Aleph' }).focus();
    await page.keyboard.press('+');
    await page.keyboard.press('ArrowRight');
    await card.getByText(/^Plot \d+, \d+$/).waitFor();
    await screenshot(page, 'map-390');
    await expectAccessible(page, 'world map on a phone');
    await context.close();
  });

  it('shows world statistics with charts to the level 10 veteran (1440 px)', async () => {
    const { page, context } = await pageWithWallet(browser, server.url, veteran.account, DESKTOP);
    await logIn(page, veteran);
    await page.goto('/world');
    await page.getByRole('heading', { level: 1, name: 'World statistics' }).waitFor();
    for (const name of [
      'Lands by continent and terrain',
      'Heroes by rarity',
      'Elementals in vaults',
    ])
      await page.getByRole('region', { name }).locator('svg').first().waitFor();
    const players = page.getByText('Players', { exact: true });
    await players.waitFor();
    await screenshot(page, 'world-stats-1440');
    await expectAccessible(page, 'world statistics');
    await context.close();
  });
});
