import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Hero, PushKey, PushPayload } from '@aleph/contracts';
import { startPushService, type PushService } from '../../server/test/web-push-service.js';
import { launchBrowser, PHONE, pageWithWallet, screenshot } from './browser.js';
import { api, createPlayer, logIn, startClaimGold } from './player.js';
import {
  clickNotification,
  pushChannel,
  shownNotifications,
  WORKER_WAIT,
} from './push-devtools.js';
import { LONG_SESSIONS, startServer, type RunningServer } from './server.js';

/**
 * Web push in Chromium (docs/api.md, "Web push"): the service worker shows what a push carries,
 * a push it cannot read still shows a notification (the browser wants one for every push), and
 * a click takes a tab of the game to the page the push names, never to another site. The
 * DevTools protocol stands in for the browser's push service, and the worker's message hook for
 * the click (e2e/push-devtools.ts). The last journey is the whole chain: a mission ends while
 * the player has no tab open, the server sends the push to a loopback push service, and the
 * bytes it decrypted are what the browser's worker shows.
 */
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

/**
 * A browser context of one journey, closed when the journey ends, passed or failed: a page left
 * open keeps its push stream open, and the last journey waits for the server to have none.
 */
async function journeyContext(): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await pageWithWallet(browser, server.url, undefined, PHONE);
  onTestFinished(() => opened.context.close());
  return opened;
}

/** A signed-in player's page on the dashboard, and their heroes. */
async function signedIn(): Promise<{ context: BrowserContext; page: Page; heroes: Hero[] }> {
  const player = await createPlayer(server, 'push');
  const { context, page } = await journeyContext();
  await logIn(page, player);
  const heroes = (await api<Hero[]>(page, 'GET', '/abtal/heroes')).body;
  return { context, page, heroes };
}

const missionPush = (hero: Hero): PushPayload => ({
  kind: 'mission.finished',
  title: 'Mission finished',
  body: `${hero.name} returned from Claim Gold: +120 gold.`,
  url: `/heroes/${hero.heroid}`,
  tag: 'mission.finished',
  count: 1,
  at: new Date().toISOString(),
});

const heroHeading = (page: Page, hero: Hero) =>
  page.getByRole('heading', { name: hero.name, level: 1 });

/** The hero's page once its portrait and its growth cards have loaded: ready for a picture. */
async function heroPageShown(page: Page, hero: Hero) {
  await heroHeading(page, hero).waitFor();
  // A new player's hero: the Skill Pot card says what it needs.
  await page.getByText('You need to upgrade your profile to at least level four.').waitFor();
  const portrait = page.getByRole('img', { name: `Portrait of ${hero.name}` });
  await expect
    .poll(
      () => portrait.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      { timeout: 15_000 },
    )
    .toBe(true);
}

describe('web push in the browser', () => {
  it('shows a finished mission, and its click takes the open tab to the hero', async () => {
    const { context, page, heroes } = await signedIn();
    const hero = heroes[0]!;
    const push = await pushChannel(context, page, server.url);
    await push.deliver(JSON.stringify(missionPush(hero)));
    await expect
      .poll(() => shownNotifications(page), WORKER_WAIT)
      .toEqual([
        {
          title: 'Mission finished',
          body: `${hero.name} returned from Claim Gold: +120 gold.`,
          tag: 'mission.finished',
          url: `/heroes/${hero.heroid}`,
          icon: `${server.url}/icons/icon-192.png`,
        },
      ]);
    // No tab is on the hero's page: the dashboard's tab goes there.
    expect(new URL(page.url()).pathname).toBe('/');
    await clickNotification(page, 'mission.finished');
    await page.waitForURL((url) => url.pathname === `/heroes/${hero.heroid}`);
    await heroPageShown(page, hero);
    await page.getByText(`Hero #${hero.heroid}`).waitFor();
    await screenshot(page, 'push-click-hero-390');
    // The click closed it.
    expect(await shownNotifications(page)).toEqual([]);
    expect(context.pages()).toHaveLength(1);
  });

  it('prefers a tab already on the page, and a newer push of a tag replaces the older', async () => {
    const { context, page, heroes } = await signedIn();
    const [first, second] = [heroes[0]!, heroes[1]!];
    const heroTab = await context.newPage();
    await heroTab.goto(`/heroes/${second.heroid}`);
    await heroHeading(heroTab, second).waitFor();
    const push = await pushChannel(context, page, server.url);
    await push.deliver(JSON.stringify(missionPush(first)));
    await expect
      .poll(async () => (await shownNotifications(page)).map((n) => n.url), WORKER_WAIT)
      .toEqual([`/heroes/${first.heroid}`]);
    // One notification per tag: the second mission's replaces the first's.
    await push.deliver(JSON.stringify(missionPush(second)));
    await expect
      .poll(async () => (await shownNotifications(page)).map((n) => n.url), WORKER_WAIT)
      .toEqual([`/heroes/${second.heroid}`]);
    // The worker answers once it has chosen: the tab on that hero, not the dashboard's.
    expect(await clickNotification(page, 'mission.finished', true)).toBe(
      `/heroes/${second.heroid}`,
    );
    expect(new URL(page.url()).pathname).toBe('/');
    expect(new URL(heroTab.url()).pathname).toBe(`/heroes/${second.heroid}`);
    expect(context.pages()).toHaveLength(2);
    expect(await shownNotifications(page)).toEqual([]);
    // No notification of that tag is left: a second click opens nothing.
    expect(await clickNotification(page, 'mission.finished', true)).toBeNull();
  });

  it('shows a generic notification for a push it cannot read', async () => {
    const { context, page } = await signedIn();
    const push = await pushChannel(context, page, server.url);
    await push.deliver('{"title": "cut short');
    await expect
      .poll(() => shownNotifications(page), WORKER_WAIT)
      .toEqual([
        {
          title: 'Lands of Aleph',
          body: 'Something happened in your lands.',
          tag: '',
          url: '/',
          icon: `${server.url}/icons/icon-192.png`,
        },
      ]);
    // Valid JSON without a title to show is as unreadable.
    await push.deliver(JSON.stringify({ kind: 'message.new', body: 'No title' }));
    // And so is a push without data.
    await push.deliver('');
    await expect
      .poll(
        async () => (await shownNotifications(page)).map((n) => `${n.title}: ${n.body}`),
        WORKER_WAIT,
      )
      .toEqual(Array(3).fill('Lands of Aleph: Something happened in your lands.'));
  });

  it('opens only pages of the game, whatever address a push names', async () => {
    const { context, page, heroes } = await signedIn();
    const push = await pushChannel(context, page, server.url);
    const elsewhere = [
      'https://example.com/heroes/1',
      '//example.com/heroes/1',
      '/\\example.com/heroes/1',
      'javascript:alert(1)',
      'heroes/1',
    ];
    for (const [i, url] of elsewhere.entries())
      await push.deliver(JSON.stringify({ ...missionPush(heroes[0]!), url, tag: `away-${i}` }));
    await expect
      .poll(async () => (await shownNotifications(page)).map((n) => n.url), WORKER_WAIT)
      .toEqual(elsewhere.map(() => '/'));
    // The page of a hero first, so that a click sending it to '/' is seen to move it.
    await page.goto(`/heroes/${heroes[0]!.heroid}`);
    await heroHeading(page, heroes[0]!).waitFor();
    await clickNotification(page, 'away-1');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('group', { name: 'Gold' }).waitFor();
    expect(new URL(page.url()).origin).toBe(server.url);
  });
});

/** Event streams open in the server's process (its metrics). */
async function openStreams(): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  return Number(/^aleph_push_streams (\d+)$/m.exec(text)?.[1]);
}

describe('a push from the server to the browser', () => {
  let service: PushService;
  beforeAll(async () => {
    service = await startPushService();
  });
  afterAll(() => service?.close());

  it('tells a player with no tab open that a mission finished, and the click opens the hero', async () => {
    const player = await createPlayer(server, 'chain');
    const { context, page } = await journeyContext();
    // A day of production, so that the land has gold to claim.
    await server.advanceClock(24 * 3_600_000);
    await logIn(page, player);
    const { publicKey } = (await api<PushKey>(page, 'GET', '/athar/push/key')).body;
    service.expectKey(publicKey);
    // The device subscribes from the signed-in page, as the account page does.
    const device = service.newDevice();
    const subscribed = await page.evaluate(
      async (body) =>
        (
          await fetch('/athar/push/subscriptions', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).status,
      { endpoint: device.endpoint, keys: device.keys },
    );
    expect(subscribed).toBe(201);

    const { hero, eta } = await startClaimGold(page);

    // The player closes the game: with no stream open, the server pushes instead of toasting.
    await page.close();
    await expect.poll(openStreams, { timeout: 30_000 }).toBe(0);
    // ...and has written so for the push worker (the row goes just after the count).
    expect((await fetch(`${server.url}/__test/presence`, { method: 'POST' })).status).toBe(200);
    await server.advancePast(eta);
    const [push] = await service.waitFor(1, device.id, 60_000);
    expect(push!.payload).toMatchObject({
      kind: 'mission.finished',
      title: 'Mission finished',
      url: `/heroes/${hero.heroid}`,
      tag: 'mission.finished',
      count: 1,
    });
    expect((push!.payload as PushPayload).body).toMatch(
      new RegExp(`^${hero.name} returned from Claim Gold: `),
    );

    // The browser hands the worker what the push service decrypted: the notification shows.
    const tab = await context.newPage();
    await tab.goto('/');
    await tab.getByRole('group', { name: 'Gold' }).waitFor();
    const channel = await pushChannel(context, tab, server.url);
    await channel.deliver(push!.text);
    await expect
      .poll(
        async () => (await shownNotifications(tab)).map((n) => `${n.title}: ${n.body}`),
        WORKER_WAIT,
      )
      .toEqual([`Mission finished: ${(push!.payload as PushPayload).body}`]);
    await clickNotification(tab, 'mission.finished');
    await tab.waitForURL((url) => url.pathname === `/heroes/${hero.heroid}`);
    await heroPageShown(tab, hero);
    await screenshot(tab, 'push-chain-hero-390');
    // One mission, one push.
    const missions = service
      .received(device.id)
      .filter((p) => (p.payload as PushPayload).kind === 'mission.finished');
    expect(missions).toHaveLength(1);
  });
});
