import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, PHONE } from './browser.js';
import { startServer, type RunningServer } from './server.js';

/**
 * The prerendered /login (docs/architecture.md, Web): the card is on screen before any
 * JavaScript runs, React adopts it without replacing or moving anything, what was typed before
 * is kept, and no other route carries it.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Where the page's boxes are: the card's parts must not move when React takes over. */
const boxes = (page: Page) =>
  page.evaluate(() =>
    ['h1', 'h2', '#login-username', '#login-password', 'button[type=submit]'].map((selector) => {
      const box = document.querySelector(selector)!.getBoundingClientRect();
      return [
        selector,
        Math.round(box.x),
        Math.round(box.y),
        Math.round(box.width),
        Math.round(box.height),
      ];
    }),
  );

/** Holds the app's code back until the returned function is called. */
async function holdAppCode(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Remembers the prerendered card's heading, to tell later whether React kept it. */
const markPrerenderedHeading = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { prerenderedH1: Element | null }).prerenderedH1 =
      document.querySelector('h1');
  });

/** Whether the heading on screen is still the prerendered element (adopted, not drawn again). */
const keptPrerenderedHeading = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { prerenderedH1: Element | null }).prerenderedH1 ===
      document.querySelector('h1'),
  );

describe('the prerendered login page', () => {
  it('shows the card without JavaScript, with the texts of docs/screens.md', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByRole('heading', { name: 'Lands of Aleph', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Login', level: 2 }).waitFor();
    expect(await page.getByLabel('Username').isVisible()).toBe(true);
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe(
      'password',
    );
    expect(await page.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/restore-password',
    );
    expect(await page.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe(
      '/register',
    );
    await page.getByText("Don't have an account?").waitFor();
    // Its inputs have no names: a submit before the code runs sends no password anywhere.
    expect(await page.locator('input[name]').count()).toBe(0);
    await context.close();
  });

  it('is hydrated in place: the same elements, nothing moves, what was typed stays', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    // Hold the app's code back until the prerendered card has been looked at and typed into.
    const release = await holdAppCode(page);
    await page.goto(`${server.url}/login`, { waitUntil: 'commit' });
    await page.locator('h1').waitFor();
    const before = await boxes(page);
    await markPrerenderedHeading(page);
    await page.locator('#login-username').fill('typed_before_hydration');
    // Until the code runs the button is disabled: an early click or Enter cannot submit the
    // form natively (a reload that would drop what was typed).
    expect(await page.getByRole('button', { name: 'LOG IN' }).isDisabled()).toBe(true);
    release();
    await expect.poll(() => page.getByRole('button', { name: 'LOG IN' }).isEnabled()).toBe(true);
    // Hydrated: React has attached its props to the button.
    await page.waitForFunction(() =>
      Object.keys(document.querySelector('button[type=submit]')!).some((key) =>
        key.startsWith('__reactProps'),
      ),
    );
    await page.getByLabel('Password', { exact: true }).fill('secret');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    expect(await page.getByLabel('Username').inputValue()).toBe('typed_before_hydration');
    expect(await keptPrerenderedHeading(page)).toBe(true);
    await page.getByRole('button', { name: 'Show password' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await boxes(page)).toEqual(before);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps what was typed when the page carries a note (a changed password), reloaded', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const note = 'Your password was changed. Log in with the new one.';
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'LOG IN' }).waitFor();
    // The note another screen leaves in the history entry (as the new password screen does),
    // which a reload keeps.
    await page.evaluate((text) => {
      window.history.replaceState({ usr: { note: text }, key: 'note', idx: 0 }, '');
    }, note);
    const release = await holdAppCode(page);
    await page.reload({ waitUntil: 'commit' });
    await page.locator('h1').waitFor();
    await markPrerenderedHeading(page);
    await page.locator('#login-username').fill('typed_before_hydration');
    release();
    await page.getByText(note).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'LOG IN' }).isEnabled()).toBe(true);
    // Hydrated in place, not drawn again: the card and what was typed into it are still there.
    expect(await page.getByLabel('Username').inputValue()).toBe('typed_before_hydration');
    expect(await keptPrerenderedHeading(page)).toBe(true);
    await context.close();
  });

  it('is not what another route gets: a signed-out player at /lands is taken to /login', async () => {
    const html = await (await fetch(`${server.url}/lands`)).text();
    expect(html).not.toContain('Lands of Aleph</h1>');
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${server.url}/lands`);
    await page.getByRole('button', { name: 'LOG IN' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });
});
