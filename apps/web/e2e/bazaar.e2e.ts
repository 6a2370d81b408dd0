import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ArenaStatus, Hero, ListingDetails, ProfileSummary } from '@aleph/contracts';
import { minNextBid, proceeds } from '@aleph/rules';
import { expectAccessible } from './axe.js';
import { DESKTOP, PHONE, pageWithWallet, screenshot } from './browser.js';
import { api, createPlayer, logIn, type Player } from './player.js';
import { LONG_SESSIONS } from './server.js';
import { startVeteranWorld, type VeteranWorld } from './veteran-world.js';

/**
 * The Bazaar (issue #37) in the demo world, on the test clock: the veteran puts a hero up for
 * auction from its page; Ash bids, Birch outbids her, and Ash sees her gold come back at once
 * (the top bar, a toast, My Bazaar's bids); the clock passes the auction's end and the hero is
 * among Birch's heroes. The search, the listing and My Bazaar photographed at 1440 and 390 px.
 */
let world: VeteranWorld;
let ash: Player;
let birch: Player;

const START_PRICE = 1_000;
const BIRCH_BID = 1_200;
const GRANT = 5_000;

/** Level two opens the Bazaar; the operator's console gives it and the gold to bid with. */
async function grantAsOperator(page: Page, login: string) {
  const found = await api<{ players: { id: number; login: string }[] }>(
    page,
    'GET',
    `/diwan/players?q=${encodeURIComponent(login)}`,
  );
  const id = found.body.players.find((p) => p.login === login)!.id;
  const reason = 'e2e: a bidder of the Bazaar journey';
  expect((await api(page, 'POST', `/diwan/players/${id}/level`, { level: 2, reason })).status).toBe(
    200,
  );
  const grant = await api(page, 'POST', `/diwan/players/${id}/grant`, {
    kind: 'gold',
    amount: GRANT,
    reason,
    notice: 'Gold for the Bazaar.',
  });
  expect(grant.status, JSON.stringify(grant.body)).toBe(200);
}

beforeAll(async () => {
  // Long sessions: the clock jumps a day to end the auction.
  world = await startVeteranWorld('bazaar', LONG_SESSIONS);
  ash = await createPlayer(world.server, 'ash');
  birch = await createPlayer(world.server, 'birch');
  const staff = await pageWithWallet(world.browser, world.server.url, world.operator.account);
  await logIn(staff.page, world.operator);
  await grantAsOperator(staff.page, ash.login);
  await grantAsOperator(staff.page, birch.login);
  await staff.context.close();
});
afterAll(async () => {
  await world?.stop();
});

/** The gold the top bar shows (the wide figure, as a desktop shows it), as a number. */
async function topBarGold(page: Page): Promise<number> {
  const text = await page.getByRole('group', { name: 'Gold' }).innerText();
  return Number(text.replace(/[^\d]/g, ''));
}

async function treasuryGold(page: Page): Promise<number> {
  return (await api<ProfileSummary>(page, 'GET', '/athar/profile')).body.treasury.gold;
}

/**
 * Logs in and waits for the dashboard's push stream: a change the test makes through the API
 * before the stream is up (the level-up reward below) reaches the page only by its next poll,
 * and the top bar would show the gold from before it.
 */
async function logInLive(page: Page, player: Parameters<typeof logIn>[1]) {
  const opened = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/events' && r.status() === 200,
  );
  await logIn(page, player);
  await opened;
}

/**
 * The treasury once nothing else is due to change it: the dashboard's first steps card pays a
 * new player's level-up reward (500 gold) when it reads the goals, which races a read made
 * right after logging in. The same read here pays it first, or waits for the card's to commit;
 * either way the page hears of it (logInLive), from its own read or from its stream.
 */
async function settledGold(page: Page): Promise<number> {
  expect((await api(page, 'GET', '/athar/quests')).status).toBe(200);
  return treasuryGold(page);
}

/**
 * Opens `path` and waits for the page's push stream: an event written before the stream is up
 * reaches the page only by its next poll.
 */
async function gotoLive(page: Page, path: string) {
  const opened = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/events' && r.status() === 200,
  );
  await page.goto(path);
  await opened;
}

/** Places a bid from the listing's page and waits for the server's word that it leads. */
async function bid(page: Page, listingPath: string, amount: number | null) {
  await gotoLive(page, listingPath);
  const form = page.getByRole('form', { name: 'Place a bid' });
  const field = form.getByLabel('Your bid');
  await field.waitFor();
  if (amount !== null) await field.fill(String(amount));
  const placed = Number(await field.inputValue());
  await form.getByRole('button', { name: 'Place bid' }).click();
  await page.getByText(`Your bid of ${placed.toLocaleString('en-US')} gold leads.`).waitFor();
  return placed;
}

/**
 * Birch's screens while her bid leads: the search with the listing, the listing with her bid,
 * My Bazaar with the held bid; each photographed (`width` names the file) and checked for
 * accessibility (`where` tells the widths apart in a failure).
 */
async function leaderScreens(page: Page, listingPath: string, width: string, where: string) {
  await page.goto('/bazaar');
  await page
    .getByRole('list', { name: 'Listings' })
    .locator(`a[href="${listingPath}"]`)
    .first()
    .waitFor();
  await screenshot(page, `bazaar-${width}`);
  await expectAccessible(page, `Bazaar search${where}`);
  await page.goto(listingPath);
  await page.getByRole('table', { name: 'Bid history' }).getByText(birch.login).waitFor();
  await screenshot(page, `bazaar-listing-${width}`);
  await expectAccessible(page, `listing page${where}`);
  await page.goto('/bazaar/mine');
  await page.getByRole('table', { name: 'My bids' }).getByText('Leading, held').waitFor();
  await screenshot(page, `bazaar-mine-${width}`);
  await expectAccessible(page, `My Bazaar${where}`);
}

describe('the Bazaar in the browser', () => {
  it('lists a hero by auction, is bid on and outbid, and the winner gets the hero', async () => {
    const { browser, server, veteran } = world;
    const seller = (await pageWithWallet(browser, server.url, veteran.account, DESKTOP)).page;
    await logIn(seller, veteran);

    // An idle hero outside the Arena's defence team may be listed.
    const heroes = (await api<Hero[]>(seller, 'GET', '/abtal/heroes')).body;
    const defence = (await api<ArenaStatus>(seller, 'GET', '/halba/defence')).body.defence;
    const defending = new Set(defence.map((h) => h.id));
    const hero = heroes.find((h) => !h.busy && !defending.has(h.heroid))!;
    expect(hero, 'an idle hero outside the defence team').toBeDefined();

    // The veteran sells it from its page: an auction of one day from 1,000 gold.
    await seller.goto(`/heroes/${hero.heroid}`);
    await seller.getByRole('heading', { level: 1, name: hero.name }).waitFor();
    await seller.getByRole('button', { name: 'Sell on the Bazaar' }).click();
    const sell = seller.getByRole('dialog', { name: 'Sell on the Bazaar' });
    await sell.getByLabel('Sale type').selectOption('auction');
    await sell.getByLabel('Start price').fill(String(START_PRICE));
    await sell.getByLabel('Duration').selectOption('1');
    await sell
      .getByText(/listing fee/i)
      .first()
      .waitFor();
    await screenshot(seller, 'bazaar-sell-1440');
    await expectAccessible(seller, 'sell dialog');
    await sell.getByRole('button', { name: 'List on the Bazaar' }).click();
    await seller.waitForURL(/\/bazaar\/\d+$/);
    const listingPath = new URL(seller.url()).pathname;
    const listingId = Number(listingPath.split('/').pop());
    // The listing's own link: the demo world's Bazaar may hold other heroes of this name.
    const thisListing = (page: Page) => page.locator(`a[href="${listingPath}"]`);
    await seller.getByRole('heading', { level: 1, name: hero.name }).waitFor();
    const listed = (await api<ListingDetails>(seller, 'GET', `/souq/bazaar/listings/${listingId}`))
      .body;
    expect(listed.status).toBe('open');
    expect(listed.auction?.startPrice).toBe(START_PRICE);
    // Back on the hero's page the hero is marked, with its listing's link instead of a sale.
    await seller.goto(`/heroes/${hero.heroid}`);
    await seller.getByText('On the Bazaar', { exact: true }).waitFor();
    expect(await seller.getByRole('link', { name: 'See the listing' }).getAttribute('href')).toBe(
      listingPath,
    );
    expect(await seller.getByRole('button', { name: 'Sell on the Bazaar' }).count()).toBe(0);

    // Ash bids the start price, prefilled as the lowest bid accepted; the gold is held.
    const a = (await pageWithWallet(browser, server.url, ash.account, DESKTOP)).page;
    await logInLive(a, ash);
    const ashBefore = await settledGold(a);
    await expect.poll(() => topBarGold(a)).toBe(ashBefore);
    expect(await bid(a, listingPath, null)).toBe(START_PRICE);
    await expect.poll(() => topBarGold(a)).toBe(ashBefore - START_PRICE);

    // Birch outbids her; Ash's page learns of it by the push stream, without a reload.
    const b = (await pageWithWallet(browser, server.url, birch.account, DESKTOP)).page;
    await logInLive(b, birch);
    const birchBefore = await settledGold(b);
    await b.goto(listingPath);
    // The least Birch may bid now (5 % above Ash's) is what the field offers.
    const birchField = b.getByRole('form', { name: 'Place a bid' }).getByLabel('Your bid');
    await expect
      .poll(() => birchField.inputValue())
      .toBe(String(minNextBid(START_PRICE, START_PRICE)));
    await bid(b, listingPath, BIRCH_BID);
    await expect.poll(() => topBarGold(b)).toBe(birchBefore - BIRCH_BID);

    await a
      .getByRole('log', { name: 'Bazaar' })
      .getByText(`Outbid on ${hero.name}: ${BIRCH_BID.toLocaleString('en-US')} gold leads`)
      .waitFor();
    await expect.poll(() => topBarGold(a)).toBe(ashBefore);
    expect(await treasuryGold(a)).toBe(ashBefore);
    await a.goto('/bazaar/mine');
    const ashBids = a.getByRole('table', { name: 'My bids' });
    await ashBids
      .getByRole('row')
      .filter({ has: thisListing(a) })
      .getByText('Outbid, released')
      .waitFor();

    // The screens while the auction runs: the search, the listing, My Bazaar.
    await leaderScreens(b, listingPath, '1440', '');
    await screenshot(a, 'bazaar-mine-outbid-1440');

    await b.setViewportSize(PHONE);
    await leaderScreens(b, listingPath, '390', ' on a phone');
    await b.setViewportSize(DESKTOP);

    // The clock passes the auction's end: the worker ends it, Birch is told and has the hero.
    await gotoLive(b, '/heroes');
    await server.advancePast(listed.endsAt);
    await b
      .getByRole('log', { name: 'Bazaar' })
      .getByText(`Bought: ${hero.name}`)
      .waitFor({ timeout: 60_000 });
    await b.goto('/heroes');
    await b.locator(`a[href="/heroes/${hero.heroid}"]`).first().waitFor();
    await b.locator(`a[href="/heroes/${hero.heroid}"]`).first().click();
    await b.getByRole('heading', { level: 1, name: hero.name }).waitFor();
    // It arrives with no residence (docs/game-rules.md, Bazaar).
    const bought = (await api<Hero[]>(b, 'GET', '/abtal/heroes')).body.find(
      (h) => h.heroid === hero.heroid,
    );
    expect(bought?.residenceid).toBeNull();
    expect(
      (await api<Hero[]>(seller, 'GET', '/abtal/heroes')).body.map((h) => h.heroid),
    ).not.toContain(hero.heroid);
    // The sale as each side's My Bazaar shows it: Birch paid the winning bid, the veteran
    // received it less the sale fee.
    const price = `${BIRCH_BID.toLocaleString('en-US')} gold`;
    await b.goto('/bazaar/mine');
    await b
      .getByRole('table', { name: 'Purchases' })
      .getByRole('row')
      .filter({ has: thisListing(b) })
      .getByText(price)
      .waitFor();
    await seller.goto('/bazaar/mine');
    await seller
      .getByRole('table', { name: 'Sales' })
      .getByRole('row')
      .filter({ has: thisListing(seller) })
      .getByText(`Proceeds: ${proceeds(BIRCH_BID).toLocaleString('en-US')} gold`)
      .waitFor();
    await b.goto(listingPath);
    await b.getByText(`Sold for ${price}`).waitFor();
  });
});
