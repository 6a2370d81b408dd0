import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page, Route } from 'playwright-core';
import type { Message } from '@aleph/contracts';
import { launchBrowser, pageWithWallet, screenshot } from './browser.js';
import { api, createPlayer, logIn } from './player.js';
import { repoRoot, startServer, type RunningServer } from './server.js';

/**
 * Message bodies are HTML, so the inbox is where script could get in. The server cleans every
 * body when it writes it, and the browser cleans it again right before showing it, with the
 * same policy (packages/contracts/src/html-policy.ts).
 *
 * Why the main test intercepts GET /hatif/messages and hands the browser the RAW vectors:
 * anything that comes through the real API has already been cleaned by the server, so a test
 * that only reads real messages would pass even if the browser did no sanitising at all. Raw
 * vectors test the browser's own defence, which is what protects players if a body ever reaches
 * the database another way (an older server, a restore, an operator mistake, a server bug).
 * The real path is checked too: a server-written message passes the same checks.
 */
const vectors = JSON.parse(
  readFileSync(path.join(repoRoot, 'apps/server/test/fixtures/xss-corpus.json'), 'utf8'),
) as string[];

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

/** What the rendered body must never contain; an empty list passes. */
async function unsafeParts(body: Locator): Promise<string[]> {
  return body.evaluate((root) => {
    const allowedUri = /^(?:(?:https?|mailto|tel):|\/(?!\/)|#)/i;
    const urlAttributes = ['href', 'src', 'xlink:href', 'action', 'formaction', 'data', 'srcdoc'];
    const forbidden = [
      'script',
      'iframe',
      'object',
      'embed',
      'form',
      'input',
      'style',
      'link',
      'meta',
      'base',
      'textarea',
      'select',
      'button',
      'svg',
      'math',
      'template',
      'video',
      'audio',
      'source',
      'details',
      'marquee',
      'noscript',
      'isindex',
    ];
    const found: string[] = [];
    for (const element of root.querySelectorAll('*')) {
      const tag = element.tagName.toLowerCase();
      if (forbidden.includes(tag)) found.push(`<${tag}>`);
      for (const name of element.getAttributeNames()) {
        const value = element.getAttribute(name) ?? '';
        if (/^on/i.test(name)) found.push(`<${tag} ${name}>`);
        if (urlAttributes.includes(name.toLowerCase()) && !allowedUri.test(value.trim()))
          found.push(`<${tag} ${name}="${value}">`);
        if (name === 'style' && /url\s*\(|expression\s*\(|javascript:/i.test(value))
          found.push(`<${tag} style="${value}">`);
      }
    }
    return found;
  });
}

function rawMessages(): Message[] {
  return vectors.map((body, i) => ({
    msgid: 9000 + i,
    sender_name: 'Corpus',
    subject: `Vector ${String(i + 1).padStart(2, '0')}`,
    body,
    created: new Date(Date.UTC(2026, 10, 21, 12, 0) - i * 60_000).toISOString(),
    read: false,
    deleted: false,
  }));
}

/** Serves the raw vectors as the inbox and accepts their markread calls. */
async function serveRawVectors(page: Page) {
  const messages = rawMessages();
  await page.route('**/hatif/messages', (route: Route) =>
    route.fulfill({ json: messages, headers: { 'cache-control': 'no-store' } }),
  );
  await page.route(/\/hatif\/messages\/\d+\/markread$/, (route: Route) => {
    const id = Number(/\/(\d+)\/markread$/.exec(route.request().url())![1]);
    const message = messages.find((m) => m.msgid === id);
    if (message) message.read = true;
    return route.fulfill({ json: { ok: true, count: 1 } });
  });
  return messages;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function openMessage(page: Page, subject: string): Promise<Locator> {
  const name = new RegExp(`^${escapeRegExp(subject)}( \\(unread\\))?$`);
  await page.getByRole('button', { name }).click();
  const dialog = page.getByRole('dialog', { name: 'Message Details' });
  await dialog.waitFor();
  await dialog.getByText(subject, { exact: true }).waitFor();
  return dialog;
}

async function closeMessage(page: Page, dialog: Locator) {
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('message bodies cannot run script', () => {
  it('renders every raw vector of the corpus harmlessly, keeping the allowed markup', async () => {
    expect(vectors).toHaveLength(59);
    const player = await createPlayer(server, 'xss');
    const { page, context } = await pageWithWallet(browser, server.url);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await logIn(page, player);
    const messages = await serveRawVectors(page);
    await page.goto('/messages');
    await page.getByRole('table').waitFor();

    const unsafe: Record<string, string[]> = {};
    const bodies: Record<string, string> = {};
    for (let start = 0; start < messages.length; start += 10) {
      if (start > 0) await page.getByRole('button', { name: 'Go to next page' }).click();
      const onPage = messages.slice(start, start + 10);
      await page.getByRole('button', { name: new RegExp(`^${onPage[0]!.subject}`) }).waitFor();
      for (const message of onPage) {
        const dialog = await openMessage(page, message.subject);
        const body = dialog.getByTestId('message-body');
        const found = await unsafeParts(body);
        if (found.length > 0) unsafe[message.subject] = found;
        bodies[message.subject] = await body.innerHTML();
        if (message.subject === 'Vector 55') await screenshot(page, 'xss-allowed-markup-1440');
        await closeMessage(page, dialog);
      }
    }
    // Give late events (image errors, animations, autofocus) the chance to fire.
    await page.waitForTimeout(500);

    expect(unsafe).toEqual({});
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBe(
      undefined,
    );
    expect(dialogs).toEqual([]);
    expect(pageErrors).toEqual([]);

    // The allowed markup still shows (vectors 50, 53, 54 and 55 of the corpus, 1-based).
    expect(bodies['Vector 55']).toContain('<b>Bold</b>');
    expect(bodies['Vector 55']).toContain('<i>italic</i>');
    expect(bodies['Vector 55']).toMatch(/<ul><li>one<\/li><\/ul>/);
    for (const href of ['mailto:help@example.com', 'tel:+123', '/lands/1', '#top'])
      expect(bodies['Vector 54']).toContain(`href="${href}"`);
    expect(bodies['Vector 50']).toContain('href="https://example.com"');
    expect(bodies['Vector 50']).toContain('rel="noopener noreferrer"');
    expect(bodies['Vector 53']).toContain('src="https://example.com/a.png"');
    expect(bodies['Vector 11']).toContain('click'); // the text of a javascript: link survives
    expect(bodies['Vector 11']).not.toContain('href');
    await context.close();
  });

  it('shows server-written messages through the real API with the same guarantees', async () => {
    const player = await createPlayer(server, 'xssreal');
    const { page, context } = await pageWithWallet(browser, server.url);
    await logIn(page, player);
    const { body: messages } = await api<Message[]>(page, 'GET', '/hatif/messages');
    const welcome = messages.find((m) => m.subject.startsWith('Welcome to Lands of Aleph'))!;
    expect(welcome.body).toContain('<b>Lands of Aleph</b>');
    expect(welcome.body).not.toMatch(/<script|\son\w+=|javascript:/i);

    await page.goto('/messages');
    const dialog = await openMessage(page, welcome.subject);
    const body = dialog.getByTestId('message-body');
    expect(await unsafeParts(body)).toEqual([]);
    expect(await body.locator('b', { hasText: 'Claim Gold' }).count()).toBe(1);
    expect(await body.locator('ul > li').count()).toBe(3);
    await closeMessage(page, dialog);
    await context.close();
  });
});
