import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { launchBrowser, PHONE } from './browser.js';
import { repoRoot, startServer, type RunningServer } from './server.js';

/**
 * The installable app (docs/architecture.md, Web): Chromium registers the service worker after
 * the page has loaded, the manifest passes the browser's own installability checks, a page
 * opened offline says the game needs a connection, the API never comes from the worker, and a
 * new version takes over with a note. The server serves a copy of the build, so the last test
 * can publish a new worker without touching the build other journeys use.
 */
let server: RunningServer;
let browser: Browser;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'aleph-pwa-dist-'));
  cpSync(path.join(repoRoot, 'apps/web/dist'), dist, { recursive: true });
  server = await startServer({ WEB_DIST: dist });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

/** A fresh browser profile's page, controlled by the worker once it has installed. */
async function controlledPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByRole('heading', { name: 'Lands of Aleph', level: 1 }).waitFor();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return { context, page };
}

/** Every URL in the page's Cache Storage. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      urls.push(...(await cache.keys()).map((request) => new URL(request.url).pathname));
    }
    return urls;
  });

describe('the installable app', () => {
  it('registers its worker and has a manifest the browser can install', async () => {
    // A profile on disk: Chromium installs nothing from an incognito window, which is what a
    // context of `browser.newContext()` is, and says so among the installability errors.
    const profile = mkdtempSync(path.join(tmpdir(), 'aleph-pwa-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
      viewport: PHONE,
    });
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${server.url}/login`);
    await page.getByRole('heading', { name: 'Lands of Aleph', level: 1 }).waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // The first worker of a page is no update: no note.
    expect(await page.getByText('Lands of Aleph has been updated').count()).toBe(0);
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return { script: registration.active?.scriptURL, scope: registration.scope };
    });
    expect(worker).toEqual({ script: `${server.url}/sw.js`, scope: `${server.url}/` });

    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest', {});
    expect(manifest.url).toBe(`${server.url}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const data = JSON.parse(manifest.data ?? '{}') as Record<string, unknown>;
    expect(data).toMatchObject({
      name: 'Lands of Aleph',
      short_name: 'Aleph',
      start_url: '/',
      display: 'standalone',
      theme_color: '#2b2b2b',
      background_color: '#2b2b2b',
    });
    const icons = data.icons as { src: string; sizes: string; purpose: string }[];
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of icons) {
      const res = await fetch(`${server.url}${icon.src}`);
      expect(res.headers.get('content-type'), icon.src).toBe('image/png');
    }
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  });

  it('precaches the shell but never an API answer, which needs the network', async () => {
    const { context, page } = await controlledPage();
    // An API call while online reaches the server, not the worker's cache.
    const health = page.waitForResponse((res) => res.url().endsWith('/health/ready'));
    await page.evaluate(() => fetch('/health/ready'));
    expect((await health).fromServiceWorker()).toBe(false);

    const cached = await cachedUrls(page);
    expect(cached).toContain('/offline.html');
    expect(cached.some((url) => /^\/assets\/index-[^/]+\.js$/.test(url))).toBe(true);
    const api = ['/abwab', '/athar', '/souq', '/events', '/health', '/__test'];
    expect(cached.filter((url) => api.some((prefix) => url.startsWith(prefix)))).toEqual([]);

    // The app's code now comes from the worker.
    const entry = page.waitForResponse((res) => /\/assets\/index-[^/]+\.js$/.test(res.url()));
    await page.goto(`${server.url}/`);
    expect((await entry).fromServiceWorker()).toBe(true);

    await context.setOffline(true);
    const offline = await page.evaluate(async () => {
      const entryUrl = performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .find((name) => /\/assets\/index-[^/]+\.js$/.test(name));
      const asset = await fetch(entryUrl!).then((res) => res.status);
      const apiCall = await fetch('/health/ready').then(
        (res) => `answered ${res.status}`,
        () => 'failed',
      );
      return { asset, apiCall };
    });
    expect(offline).toEqual({ asset: 200, apiCall: 'failed' });
    await context.close();
  });

  it('shows the offline page for a page opened without a connection', async () => {
    const { context, page } = await controlledPage();
    await context.setOffline(true);
    await page.goto(`${server.url}/lands`);
    await page.getByRole('heading', { name: 'You are offline', level: 1 }).waitFor();
    await page.getByText("Lands of Aleph needs a connection to the game's server").waitFor();
    expect(await page.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/');
    // Back online, the same address is the game again.
    await context.setOffline(false);
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Username').waitFor();
    await context.close();
  });

  it('lets a new version take over with a small note, and the next page load is new', async () => {
    const { context, page } = await controlledPage();
    const before = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    // Publish a new worker: the server sends the plain file once its compressed copies are gone.
    const workerFile = path.join(dist, 'sw.js');
    for (const copy of ['.br', '.gz']) rmSync(`${workerFile}${copy}`, { force: true });
    writeFileSync(workerFile, `${readFileSync(workerFile, 'utf8')}\n// a new version\n`);
    await page.evaluate(async () => (await navigator.serviceWorker.ready).update());
    const note = page.getByRole('status').filter({ hasText: 'Lands of Aleph has been updated' });
    await note.waitFor();
    const cacheNames = await page.evaluate(() => caches.keys());
    expect(cacheNames).toHaveLength(1);
    await note.getByRole('button', { name: 'Reload' }).click();
    await page.getByLabel('Username').waitFor();
    expect(await page.getByText('Lands of Aleph has been updated').count()).toBe(0);
    // The reloaded page is the new worker's from the start: no second change, so no note.
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
    expect(before).toBe(`${server.url}/sw.js`);
    await context.close();
  });
});
