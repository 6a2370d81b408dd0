import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type {
  Hero,
  Land,
  Message,
  MissionStartResponse,
  ProfileSummary,
  UnreadSummary,
} from '@aleph/contracts';
import { expectAccessible } from './axe.js';
import { launchBrowser, PHONE, pageWithWallet, screenshot } from './browser.js';
import { api, createPlayer, logIn, type Player } from './player.js';
import { LONG_SESSIONS, startServer, type RunningServer } from './server.js';

/**
 * A fresh player earns the XP of level one with real missions on the server's test clock,
 * unlocks the level in the 'Profile Level Information' dialog, finds the XP board unlocked on
 * the dashboard's TOP tab with themselves as '(You)', then reads and deletes messages.
 */
const MINUTE = 60_000;
const DAY = 1440 * MINUTE;
const LEVEL_ONE_XP = 19_412;
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

async function serverNow(): Promise<number> {
  const res = await fetch(`${server.url}/__test/clock`);
  return Date.parse(((await res.json()) as { now: string }).now);
}

/**
 * Moves the clock to the next Tuesday 06:00 UTC, so that weekly jumps and the few hours of
 * missions after them never cross into a new ISO week: the XP board counts this week only.
 */
async function alignToTuesdayMorning() {
  const now = await serverNow();
  const date = new Date(now);
  const daysAhead = (2 - date.getUTCDay() + 7) % 7 || 7;
  const target = Date.UTC(
    date.getUTCFullYear(),
    date.getUTCMonth(),
    date.getUTCDate() + daysAhead,
    6,
  );
  await server.advanceClock(target - now);
}

async function startMission(page: Page, missionType: string, landid: number, heroid: number) {
  const res = await api<MissionStartResponse>(page, 'POST', '/misaar/mission/start', {
    missionType,
    landid,
    heroid,
  });
  expect(res.status, `${missionType}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

/** A week passes, the homeless hero claims the land's gold and the resident its daily reward. */
async function earnXpUntilLevelOne(page: Page): Promise<ProfileSummary> {
  const land = (await api<Land[]>(page, 'GET', '/ard/lands')).body[0]!;
  const heroes = (await api<Hero[]>(page, 'GET', '/abtal/heroes')).body;
  const homeless = heroes.find((hero) => hero.residenceid === null)!;
  const resident = heroes.find((hero) => hero.residenceid === land.landid)!;
  await alignToTuesdayMorning();
  for (let week = 0; week < 30; week += 1) {
    await server.advanceClock(7 * DAY);
    const claim = await startMission(page, 'GOLDCLAIM', land.landid, homeless.heroid);
    const daily = await startMission(page, 'DAILYREWARD', land.landid, resident.heroid);
    await server.advanceClock((Math.max(claim.minutes, daily.minutes) + 1) * MINUTE);
    // The first-steps card pays its goals' rewards when it is read, and the open dashboard
    // reads it again up to 1.5 s after a mission ends: read it here, so the XP read next
    // already holds every reward and the top bar shows that same number afterwards.
    expect((await api(page, 'GET', '/athar/quests')).status).toBe(200);
    const profile = (await api<ProfileSummary>(page, 'GET', '/athar/profile')).body;
    if (profile.level.profilePoints >= LEVEL_ONE_XP) return profile;
  }
  throw new Error('30 weeks of missions did not reach level one');
}

/** A screenshot once fades and badge changes are over and no tooltip hangs over the screen. */
async function shot(page: Page, name: string) {
  await page.mouse.move(0, 0);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running',
      ),
  );
  await screenshot(page, name);
}

const unread = async (page: Page) =>
  (await api<UnreadSummary>(page, 'GET', '/hatif/messages/countunread')).body.unreadMessages;

const inboxName = (count: number) => (count > 0 ? `Inbox, ${count} unread` : 'Inbox');

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Polls a state for as long as an action would wait for it: a busy machine is slow, not wrong. */
const STATE = { timeout: 30_000 };

describe('profile level, weekly boards and inbox in the browser', () => {
  let player: Player;

  it('earns XP with missions, unlocks level one and meets itself on the XP board', async () => {
    player = await createPlayer(server, 'lvl');
    const { page, context } = await pageWithWallet(browser, server.url);
    await logIn(page, player);

    // Level 0: no '+' yet, and the dialog invites to unlock with a disabled button.
    const level = page.getByRole('button', { name: /^Profile level 0, \d+ XP$/ });
    await level.click();
    let dialog = page.getByRole('dialog', { name: 'Profile Level Information' });
    await dialog
      .getByText(
        'Unlock the first veil of your profile to glimpse deeper truths about your journey.',
      )
      .waitFor();
    expect(await dialog.getByRole('button', { name: 'Unlock' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    const earned = await earnXpUntilLevelOne(page);
    expect(earned.level).toEqual({
      level: 0,
      profilePoints: earned.level.profilePoints,
      upgradable: true,
    });

    await page.reload();
    const upgradable = page.getByRole('button', {
      name: `Profile level 0, ${earned.level.profilePoints} XP, upgrade available`,
    });
    await upgradable.waitFor();
    await expect
      .poll(() => page.locator('.MuiBadge-badge', { hasText: '+' }).isVisible(), STATE)
      .toBe(true);
    await shot(page, 'profile-level-badge-1440');

    await upgradable.click();
    dialog = page.getByRole('dialog', { name: 'Profile Level Information' });
    const unlock = dialog.getByRole('button', { name: 'Unlock' });
    await unlock.waitFor();
    await expect.poll(() => unlock.isEnabled(), STATE).toBe(true);
    await shot(page, 'profile-level-unlock-1440');
    await expectAccessible(page, 'profile level dialog (locked)');
    await unlock.click();

    // About 2 s later the profile is read again: the level table replaces the invitation.
    await dialog.getByRole('button', { name: 'Upgrade' }).waitFor({ timeout: 10_000 });
    await dialog.getByText('Your profile reached level 1.').waitFor();
    await dialog.getByRole('button', { name: 'Level 1, required 19412 XP' }).waitFor();
    await dialog.getByRole('button', { name: 'Level 10, required 746275 XP' }).waitFor();
    await dialog.getByText('Hero Selector page').waitFor();
    await expect
      .poll(() => dialog.getByRole('button', { name: 'Upgrade' }).isDisabled(), STATE)
      .toBe(true);
    await shot(page, 'profile-level-dialog-1440');
    await expectAccessible(page, 'profile level dialog (levels)');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The top bar shows the new level, without the '+'.
    await page.getByRole('button', { name: /^Profile level 1, \d+ XP$/ }).waitFor();

    // The TOP tab: the XP board is open (level one), the gold board still locked (level two).
    await page.getByRole('link', { name: 'Lands of Aleph' }).click();
    await page.getByRole('tab', { name: 'TOP' }).click();
    const xpBoard = page.getByRole('region', { name: 'Weekly Top XP Gainers' });
    const own = xpBoard.getByRole('row').filter({ hasText: '(You)' });
    await own.waitFor();
    expect(await own.getByRole('button').innerText()).toBe(player.login);
    expect(await own.innerText()).toContain(`${player.login} (You)`);
    await page
      .getByRole('region', { name: 'Weekly Top Gold Claimers' })
      .getByText('You need to upgrade your profile to at least level two.')
      .waitFor();
    await shot(page, 'dashboard-top-1440');
    await expectAccessible(page, 'dashboard TOP tab');

    // Other profiles need level three: the dialog says so.
    await own.getByRole('button', { name: player.login }).click();
    const info = page.getByRole('dialog', { name: 'Profile Information' });
    await info
      .getByText('You need to upgrade your profile to at least level three to view other profiles.')
      .waitFor();
    await info.getByRole('button', { name: 'Close' }).click();
    await info.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('reads a message (marked read, badge drops) and deletes another without opening it', async () => {
    const { page, context } = await pageWithWallet(browser, server.url);
    await logIn(page, player);
    const before = await unread(page);
    expect(before).toBeGreaterThan(1);
    const inbox = page.getByRole('link', { name: inboxName(before) });
    await inbox.waitFor();
    await inbox.click();
    await page.waitForURL((url) => url.pathname === '/messages');
    const table = page.getByRole('table');
    await table.waitFor();
    expect(await table.getByRole('columnheader').allInnerTexts()).toEqual([
      'From',
      'Subject',
      'Date',
      'Delete',
    ]);
    expect(await table.getByRole('row').count()).toBeLessThanOrEqual(11);
    await shot(page, 'inbox-1440');
    await expectAccessible(page, 'inbox');

    const messages = (await api<Message[]>(page, 'GET', '/hatif/messages')).body;
    const levelUp = messages.find((m) => m.subject === 'Profile level 1 reached')!;
    expect(levelUp.read).toBe(false);
    const row = table.getByRole('row').filter({ hasText: levelUp.subject });
    // Unread rows are bold and orange.
    const weight = await row
      .getByRole('cell')
      .first()
      .evaluate((cell) => getComputedStyle(cell).fontWeight);
    expect(Number(weight)).toBeGreaterThanOrEqual(700);
    await row.getByRole('cell').nth(2).click();
    const details = page.getByRole('dialog', { name: 'Message Details' });
    await details.getByText('Unlocked:').waitFor();
    await details.locator('[data-testid="message-body"] b', { hasText: 'level 1' }).waitFor();
    await details.getByText('Top Experience Gainers widget').waitFor();
    await shot(page, 'message-details-1440');
    await expectAccessible(page, 'message details');
    await details.getByRole('button', { name: 'Close' }).click();
    await details.waitFor({ state: 'hidden' });

    await page.getByRole('link', { name: inboxName(before - 1) }).waitFor();
    const afterRead = (await api<Message[]>(page, 'GET', '/hatif/messages')).body;
    expect(afterRead.find((m) => m.msgid === levelUp.msgid)!.read).toBe(true);

    // Delete an unread message straight from its row: it is not opened, hence stays unread.
    const victim = afterRead.find((m) => !m.read && !m.deleted)!;
    await page
      .getByRole('button', { name: `Delete message ${victim.subject}` })
      .first()
      .click();
    const victimRow = table.getByRole('row').filter({ hasText: 'Deleted' });
    await victimRow.first().waitFor();
    expect(await details.isVisible()).toBe(false);
    const afterDelete = (await api<Message[]>(page, 'GET', '/hatif/messages')).body;
    const deleted = afterDelete.find((m) => m.msgid === victim.msgid)!;
    expect(deleted).toMatchObject({ deleted: true, read: false });
    await page.getByRole('link', { name: inboxName(before - 2) }).waitFor();
    await shot(page, 'inbox-deleted-1440');

    // The profile screen sums it up and opens the same level dialog.
    await page.getByRole('link', { name: 'Profile', exact: true }).click();
    const yours = page.getByRole('region', { name: 'Your profile' });
    await yours.getByText('XP to the next level').waitFor();
    // The starter grant's three heroes.
    await page
      .getByRole('region', { name: 'Lands and heroes' })
      .getByRole('link', { name: '3' })
      .waitFor();
    await shot(page, 'profile-1440');
    await expectAccessible(page, 'profile');
    await yours.getByRole('button', { name: 'Profile Level Information' }).click();
    await page
      .getByRole('dialog', { name: 'Profile Level Information' })
      .getByRole('button', { name: 'Upgrade' })
      .waitFor();
    await context.close();
  });

  it('fits a phone screen', async () => {
    const { page, context } = await pageWithWallet(browser, server.url, undefined, PHONE);
    await logIn(page, player);
    await page.getByRole('button', { name: /^Profile level 1,/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Profile Level Information' });
    await dialog.getByRole('button', { name: 'Upgrade' }).waitFor();
    await shot(page, 'profile-level-dialog-390');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await page.goto('/?tab=top');
    await page.getByRole('region', { name: 'Weekly Top XP Gainers' }).getByText('(You)').waitFor();
    await shot(page, 'dashboard-top-390');
    await expectNoHorizontalScroll(page);

    await page.goto('/messages');
    const table = page.getByRole('table');
    await table.waitFor();
    await shot(page, 'inbox-390');
    await expectNoHorizontalScroll(page);
    await table.getByRole('row').nth(1).click();
    await page.getByRole('dialog', { name: 'Message Details' }).waitFor();
    await shot(page, 'message-details-390');
    await expectNoHorizontalScroll(page);

    await page.keyboard.press('Escape');
    await page.goto('/profile');
    await page.getByRole('region', { name: 'Your profile' }).waitFor();
    await shot(page, 'profile-390');
    await expectNoHorizontalScroll(page);
    await context.close();
  });
});
