import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './axe.js';
import { DESKTOP, PHONE, pageWithWallet, screenshot } from './browser.js';
import { logIn, type Player } from './player.js';
import { type RunningServer } from './server.js';
import { startVeteranWorld, type VeteranWorld } from './veteran-world.js';

/**
 * The Arena as the demo world's veteran (level 10) plays it: the demo world is made first by
 * the operator CLI, so there are level-ten opponents with defence teams and a battle history.
 */
let world: VeteranWorld;
let server: RunningServer;
let browser: Browser;
let veteran: Player;

beforeAll(async () => {
  world = await startVeteranWorld('arena');
  ({ server, browser, veteran } = world);
});
afterAll(() => world?.stop());

async function openArena(page: Page) {
  await logIn(page, veteran);
  await page.getByRole('link', { name: 'Arena' }).click();
  await page.getByRole('heading', { level: 1, name: 'Arena' }).waitFor();
  await page
    .getByRole('button', { name: /^Attack / })
    .first()
    .waitFor();
}

/** Plays the open replay a little, skips to the end and answers the result's text. */
async function watchAndSkip(page: Page): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'Battle replay' });
  await dialog.getByText(/^Turn [1-9]\d* of \d+/).waitFor();
  const skip = dialog.getByRole('button', { name: 'Skip' });
  if (await skip.isVisible()) await skip.click();
  const result = dialog.getByRole('status');
  await result.waitFor();
  return (await result.textContent()) ?? '';
}

describe('the Arena in the browser', () => {
  it('sets the defence, attacks, watches and skips the replay, reads ladder and history (1440 px)', async () => {
    const { page, context } = await pageWithWallet(browser, server.url, veteran.account, DESKTOP);
    await openArena(page);

    // The defence team: swap the first defender for a hero not in the team, then save.
    const defence = page.getByRole('region', { name: 'Defence team' });
    const boxes = defence.getByRole('checkbox');
    await expect.poll(() => defence.getByRole('checkbox', { checked: true }).count()).toBe(3);
    await defence.getByRole('checkbox', { checked: true }).first().uncheck();
    // The demo veteran has heroes on the Bazaar, which may not defend (409 HERO_LISTED): take
    // the last free hero that is not listed.
    const listed = await page.evaluate(async () => {
      const res = await fetch('/souq/bazaar/mine');
      const mine = (await res.json()) as {
        listings: { kind: string; title: string; status: string }[];
      };
      return mine.listings
        .filter((l) => l.kind === 'hero' && l.status === 'open')
        .map((l) => l.title);
    });
    const free = defence.getByRole('checkbox', { checked: false, disabled: false });
    const labels = await free.evaluateAll((els) =>
      els.map((el) => el.closest('label')?.textContent ?? ''),
    );
    const pick = labels.findLastIndex((label) => !listed.some((t) => label.startsWith(`${t} (`)));
    expect(pick).toBeGreaterThanOrEqual(0);
    await free.nth(pick).check();
    expect(await boxes.count()).toBeGreaterThan(3);
    await defence.getByRole('button', { name: 'Save defence' }).click();
    await defence.getByText('Defence team saved.').waitFor();
    await page.getByRole('table', { name: 'Weekly ladder' }).waitFor();
    await expectAccessible(page, 'arena');
    await screenshot(page, 'arena-1440');

    // An attack with two idle heroes: the replay plays, then Skip shows the end.
    const opponents = page.getByRole('region', { name: 'Opponents' });
    await opponents.getByText('attacks left today: 5', { exact: false }).waitFor();
    await opponents
      .getByRole('button', { name: /^Attack / })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: /^Attack / });
    const idle = dialog.getByRole('checkbox', { disabled: false });
    await idle.first().check();
    await idle.nth(1).check();
    await dialog.getByRole('button', { name: 'Fight' }).click();
    const replay = page.getByRole('dialog', { name: 'Battle replay' });
    await replay.getByRole('progressbar').first().waitFor();
    await replay.getByText(/^Turn [1-9]\d* of \d+/).waitFor();
    await screenshot(page, 'arena-replay-1440');
    expect(await watchAndSkip(page)).toMatch(/^(Victory|Defeat): rating [+-]?\d+ \(now \d+\)\.$/);
    await expectAccessible(page, 'arena replay');
    await replay.getByRole('button', { name: 'Close' }).click();
    await opponents.getByText('attacks left today: 4', { exact: false }).waitFor();

    // The new battle heads the history; its replay comes back from the server.
    const history = page.getByRole('region', { name: 'Battle history' });
    await history
      .getByText(/^You attacked /)
      .first()
      .waitFor();
    await history
      .getByRole('button', { name: /^Replay battle / })
      .first()
      .click();
    expect(await watchAndSkip(page)).toMatch(/^(Victory|Defeat)/);
    await page
      .getByRole('dialog', { name: 'Battle replay' })
      .getByRole('button', { name: 'Close' })
      .click();
    await expect
      .poll(() => page.getByRole('table', { name: 'Weekly ladder' }).getByText('(you)').count())
      .toBe(1);
    await context.close();
  });

  it('shows the arena and a past defence replay on a phone (390 px)', async () => {
    const { page, context } = await pageWithWallet(browser, server.url, veteran.account, PHONE);
    await openArena(page);
    await page.getByRole('table', { name: 'Weekly ladder' }).waitFor();
    const history = page.getByRole('region', { name: 'Battle history' });
    await history
      .getByText(/ attacked you: /)
      .first()
      .waitFor();
    await expectAccessible(page, 'arena on a phone');
    await screenshot(page, 'arena-390');
    const defences = history.getByRole('listitem').filter({ hasText: / attacked you: / });
    await defences
      .first()
      .getByRole('button', { name: /^Replay battle / })
      .click();
    expect(await watchAndSkip(page)).toMatch(/^(Victory|Defeat)/);
    await expectAccessible(page, 'arena replay on a phone');
    await context.close();
  });
});
