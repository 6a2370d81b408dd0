import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Hero, Land, ProfileSummary } from '@aleph/contracts';
import { launchBrowser, PHONE, pageWithWallet, screenshot } from './browser.js';
import { api, createPlayer, logIn, startClaimGold } from './player.js';
import { LONG_SESSIONS, startServer, type RunningServer } from './server.js';

/**
 * The world pushes: a mission launched in the browser counts down each second, reads
 * "Returning…" at zero, and when the server settles it the toast, the running list, the
 * inbox badge and the tab title change without a reload, while no poll runs (the stream is up).
 */
const MINUTE = 60_000;
/** The calls the app polls while the stream is down (docs/screens.md, "Live updates"). */
const POLLED = [
  '/dashboard/stat',
  '/misaar/missions/status/running',
  '/athar/profile',
  '/hatif/messages/countunread',
];

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

/** Every request the page makes to a polled path, from now on. */
function countPolls(page: Page): { count: () => number; paths: string[] } {
  const paths: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (POLLED.includes(path)) paths.push(path);
  });
  return { count: () => paths.length, paths };
}

/**
 * A request of the page's own, answered: requests the page issued before it have been seen
 * by then (a barrier before asserting that nothing was asked).
 */
const settle = (page: Page) => page.evaluate(() => fetch('/health/ready').then(() => undefined));

/** The gold the top bar shows (the wide figure, as a desktop shows it), as a number. */
async function topBarGold(page: Page): Promise<number> {
  const text = await page.getByRole('group', { name: 'Gold' }).innerText();
  return Number(text.replace(/[^\d]/g, ''));
}

const streamOpened = (page: Page) =>
  page.waitForResponse((r) => new URL(r.url()).pathname === '/events' && r.status() === 200);

describe('live updates in the browser', () => {
  it('polls at the spec rates while the stream is down', async () => {
    const player = await createPlayer(server, 'down');
    const { page, context } = await pageWithWallet(browser, server.url, undefined, PHONE);
    // The stream is refused at the network: the app falls back to polling.
    await page.route(
      (url) => url.pathname === '/events',
      (route) => route.abort(),
    );
    await page.clock.install({ time: await server.now() });
    await logIn(page, player);
    const polls = countPolls(page);
    const count = (path: string) => polls.paths.filter((p) => p === path).length;
    // The page's clock moves a second at a time, each step answered before the next (a poll
    // is set up when the previous answer arrives), for two minutes and ten seconds.
    for (let second = 0; second < 130; second++) {
      await page.clock.runFor(1_000);
      await settle(page);
    }
    // Profile and unread count every 30 s, the dashboard every 60 s, running missions every
    // 120 s (the first dashboard loads may fall in the window too).
    expect(count('/athar/profile')).toBeGreaterThanOrEqual(4);
    expect(count('/athar/profile')).toBeLessThanOrEqual(5);
    expect(count('/hatif/messages/countunread')).toBeGreaterThanOrEqual(4);
    expect(count('/hatif/messages/countunread')).toBeLessThanOrEqual(5);
    expect(count('/dashboard/stat')).toBeGreaterThanOrEqual(2);
    expect(count('/dashboard/stat')).toBeLessThanOrEqual(3);
    expect(count('/misaar/missions/status/running')).toBeGreaterThanOrEqual(1);
    expect(count('/misaar/missions/status/running')).toBeLessThanOrEqual(2);
    await context.close();
  });

  it('counts a mission down, then shows its return without a reload or a poll', async () => {
    const player = await createPlayer(server, 'live');
    const { page, context } = await pageWithWallet(browser, server.url);
    // A day of production, so that the land has gold to claim.
    await server.advanceClock(24 * 60 * MINUTE);
    // The page's clock starts at the server's (which other journeys may have moved) and then
    // runs on its own; the journey moves both.
    await page.clock.install({ time: await server.now() });
    const opened = streamOpened(page);
    await logIn(page, player);
    await opened;

    const land = (await api<Land[]>(page, 'GET', '/ard/lands')).body[0]!;
    const heroes = (await api<Hero[]>(page, 'GET', '/abtal/heroes')).body;
    const hero = heroes.find((h) => h.residenceid === null)!;

    // Launch Claim Gold from the land, then go to the dashboard through the app's own links.
    await page.getByRole('link', { name: 'Lands', exact: true }).click();
    await page
      .getByRole('link', { name: new RegExp(`Land #${land.landid}`) })
      .first()
      .click();
    await page.getByRole('button', { name: 'Claim Gold' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Hero').selectOption(String(hero.heroid));
    await dialog.getByText('READY TO LAUNCH').waitFor();
    await dialog.getByRole('button', { name: 'Launch' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Lands of Aleph' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    const running = page.getByRole('table').filter({ hasText: 'ETA' });
    await running.getByRole('cell', { name: hero.name }).waitFor();
    const timer = running.getByRole('timer');
    await expect.poll(() => timer.textContent()).toMatch(/^\d+:\d\d(:\d\d)? left$/);
    // One shared clock ticks every second: the countdown moves on its own.
    const first = await timer.textContent();
    await page.clock.runFor(2_000);
    await expect.poll(() => timer.textContent()).not.toBe(first);

    const busy = (await api<Hero[]>(page, 'GET', '/abtal/heroes')).body.find(
      (h) => h.heroid === hero.heroid,
    )!;
    const untilEta = Date.parse(busy.eta!) - (await page.evaluate(() => Date.now()));

    // From here on, with the stream up, the spec's polls must not run: the page's clock passes
    // every polling interval (30 s to 120 s) several times over before the mission ends.
    const polls = countPolls(page);
    await page.clock.runFor(untilEta + 1_000);
    await expect.poll(() => timer.textContent()).toBe('Returning…');
    await settle(page);
    await screenshot(page, 'live-returning-1440');
    expect(untilEta).toBeGreaterThan(3 * MINUTE);
    expect(polls.paths).toEqual([]);

    // The server's clock passes the ETA too; its settlement worker finishes the mission and the
    // stream brings the news: a toast, the running list empties, the inbox badge and title.
    await server.advancePast(busy.eta!);
    const toasts = page.getByRole('log', { name: 'Mission reports' });
    const toast = toasts.getByText(
      new RegExp(`^${hero.name} returned from Claim Gold: \\+\\d+ gold`),
    );
    await toast.waitFor({ timeout: 30_000 });
    await running.getByRole('cell', { name: hero.name }).waitFor({ state: 'detached' });
    await page.getByRole('link', { name: /^Inbox, \d+ unread$/ }).waitFor();
    await expect.poll(() => page.title()).toMatch(/^\(\d+\) /);
    await screenshot(page, 'live-toast-1440');

    // The toast's link opens the report.
    const inbox = page.getByRole('link', { name: /^Inbox/ });
    const unread = Number(/(\d+) unread/.exec((await inbox.getAttribute('aria-label')) ?? '')?.[1]);
    await toasts.getByRole('link', { name: 'View report' }).first().click();
    const report = page.getByRole('dialog', { name: 'Message Details' });
    await report.getByText(hero.name).first().waitFor();
    await report.getByRole('button', { name: 'Close' }).click();
    await report.waitFor({ state: 'detached' });
    // Reading it marked it read: one unread fewer.
    await expect
      .poll(() => inbox.getAttribute('aria-label'))
      .toBe(unread > 1 ? `Inbox, ${unread - 1} unread` : 'Inbox');
    await settle(page);
    // The events caused refetches; none of them came from a timer: five more minutes of the
    // page's clock ask nothing.
    const afterEvents = polls.paths.length;
    await page.clock.runFor(5 * MINUTE);
    await settle(page);
    expect(polls.paths.length).toBe(afterEvents);
    await context.close();
  });
  it('hears of a mission that ended while the page loaded, before its stream opened', async () => {
    const player = await createPlayer(server, 'load');
    const { page, context } = await pageWithWallet(browser, server.url);
    // A day of production, so that the land has gold to claim.
    await server.advanceClock(24 * 60 * MINUTE);
    await logIn(page, player);
    const { hero, eta } = await startClaimGold(page);

    // The page loads again, and its stream is held at the network until the mission has ended:
    // the page's first reads answered before the mission ended, its stream opens after.
    let letStreamThrough: () => void = () => undefined;
    const streamHeld = new Promise<void>((resolve) => (letStreamThrough = resolve));
    await page.route(
      (url) => url.pathname === '/events',
      async (route) => {
        await streamHeld;
        await route.continue();
      },
    );
    const firstRead = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/athar/profile' && r.ok(),
    );
    await page.reload();
    await firstRead;
    const before = await topBarGold(page);
    await server.advancePast(eta);
    await expect
      .poll(
        async () => (await api<unknown[]>(page, 'GET', '/misaar/missions/status/running')).body,
        { timeout: 30_000 },
      )
      .toEqual([]);
    const gold = (await api<ProfileSummary>(page, 'GET', '/athar/profile')).body.treasury.gold;
    expect(gold).toBeGreaterThan(before);
    const opened = streamOpened(page);
    letStreamThrough();
    await opened;

    // The stream starts after the page's first read: the mission's news comes as it would live.
    await page
      .getByRole('log', { name: 'Mission reports' })
      .getByText(new RegExp(`^${hero.name} returned from Claim Gold: \\+\\d+ gold`))
      .waitFor({ timeout: 30_000 });
    await expect.poll(() => topBarGold(page)).toBe(gold);
    await context.close();
  });
});
