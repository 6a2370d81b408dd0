import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './axe.js';
import { DESKTOP, PHONE, pageWithWallet, screenshot } from './browser.js';
import { api, logIn, type Player } from './player.js';
import { type RunningServer } from './server.js';
import { startVeteranWorld, type VeteranWorld } from './veteran-world.js';

/**
 * The gold economy as the demo world's veteran (level 10) plays it: a sale to the Greedy
 * trader whose quote goes stale on the way, a Secret market purchase on a phone, and a Lucky
 * Coin tossed in the week-long opening the demo world starts with.
 */
let world: VeteranWorld;
let server: RunningServer;
let browser: Browser;
let veteran: Player;

beforeAll(async () => {
  world = await startVeteranWorld('economy');
  ({ server, browser, veteran } = world);
});
afterAll(() => world?.stop());

interface Quote {
  code: string | null;
  buyPrice: number;
}

/** Another sale of one Tower Stone, straight to the API: the price on screen goes stale. */
async function sellBehindTheScreen(page: Page, landid: number) {
  const quotes = (await api<{ quotes: Quote[] }>(page, 'GET', '/souq/trader')).body.quotes;
  const price = quotes.find((q) => q.code === 'TOWER_STONE')!.buyPrice;
  const res = await page.request.fetch('/souq/trader/sell', {
    method: 'POST',
    data: { landid, kind: 'item', code: 'TOWER_STONE', quantity: 1, price },
    headers: { 'content-type': 'application/json', 'idempotency-key': `e2e-${Date.now()}` },
  });
  expect(res.status()).toBe(200);
}

describe('the gold economy in the browser', () => {
  it('sells to the trader through a stale quote and tosses a Lucky Coin (1440 px)', async () => {
    const { page, context } = await pageWithWallet(browser, server.url, veteran.account, DESKTOP);
    await logIn(page, veteran);
    await page.getByRole('link', { name: 'Greedy trader' }).click();
    await page.getByRole('heading', { level: 1, name: 'Greedy trader' }).waitFor();
    const lands = (await api<Array<{ landid: number; name: string }>>(page, 'GET', '/ard/lands'))
      .body;
    const keep = lands.find((l) => l.name === 'Dawnspire Keep')!;
    await page.getByLabel('Land', { exact: true }).selectOption(String(keep.landid));
    await page.getByLabel('Good').selectOption('item:TOWER_STONE');
    await page.getByLabel('Quantity').fill('2');
    const sell = page.getByRole('button', { name: /^Sell at [\d,]+ gold$/ });
    const shown = await sell.textContent();
    await sellBehindTheScreen(page, keep.landid);
    await sell.click();
    const stale = page.getByRole('alert').filter({ hasText: 'The price has changed' });
    await stale.waitFor();
    const again = stale.getByRole('button', { name: /^Sell at / });
    expect(await again.textContent()).not.toBe(shown?.replace(' gold', ''));
    await expectAccessible(page, 'trader with a stale quote');
    await again.click();
    await page.getByRole('status').filter({ hasText: 'Sold 2 × Tower Stone for' }).waitFor();
    await screenshot(page, 'trader-1440');
    await expectAccessible(page, 'trader after a sale');

    await page.goto('/');
    await page.getByRole('link', { name: 'Lucky coin event' }).click();
    await page.getByRole('heading', { level: 1, name: 'Lucky coin event' }).waitFor();
    await page.getByText(/^The event is open until /).waitFor();
    await page.getByRole('button', { name: 'Toss a coin from Dawnspire Keep' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^You won .+ on Dawnspire Keep!$/ })
      .waitFor();
    await page.getByRole('list', { name: 'Tosses' }).getByRole('listitem').first().waitFor();
    await screenshot(page, 'lucky-coin-1440');
    await expectAccessible(page, 'lucky coin event');
    await context.close();
  });

  it('buys a Secret market offer on a phone (390 px)', async () => {
    const { page, context } = await pageWithWallet(browser, server.url, veteran.account, PHONE);
    await logIn(page, veteran);
    await page.goto('/marketplace');
    await page.getByRole('heading', { level: 1, name: 'Marketplace' }).waitFor();
    await page.getByRole('link', { name: 'Secret market' }).click();
    await page.getByRole('heading', { level: 1, name: 'Secret market' }).waitFor();
    const buttons = page.getByRole('button', { name: /^Buy .+ for .+$/ });
    await buttons.first().waitFor();
    const before = await buttons.count();
    expect(before).toBe(6);
    const name = (await buttons.first().getAttribute('aria-label'))!;
    const title = /^Buy (.+) for /.exec(name)![1]!;
    await buttons.first().click();
    await page
      .getByRole('status')
      .filter({ hasText: `Bought ${title}.` })
      .waitFor();
    await page.getByText('Sold').first().waitFor();
    expect(await buttons.count()).toBe(5);
    await screenshot(page, 'secret-market-390');
    await expectAccessible(page, 'secret market');
    await context.close();
  });
});
