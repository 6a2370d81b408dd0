import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

export interface WebResult {
  jsFiles: number;
  jsGzipKb: number;
  /** What the page really moves over the network (bodies as sent plus headers), fresh cache. */
  transferKb: number;
  /** Of which JavaScript bodies as sent (compressed when the server compresses). */
  jsTransferKb: number;
  loginUsableMs: number;
}

/**
 * Opens /login in headless Chromium against a running server: sums the gzipped size of
 * every JavaScript file the page loads, and times navigation start -> 'LOG IN' enabled and
 * hydrated. Also
 * sums the bytes really transferred (the median over the runs, each in a fresh context).
 */
export async function webBench(url: string, runs = 5): Promise<WebResult> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const sizes = new Map<string, number>();
    const times: number[] = [];
    const wires: Array<{ all: number; js: number }> = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const wire = { all: 0, js: 0 };
      const sized: Array<Promise<void>> = [];
      page.on('requestfinished', (req) => {
        sized.push(
          req.sizes().then((s) => {
            wire.all += s.responseBodySize + s.responseHeadersSize;
            if (req.url().endsWith('.js')) wire.js += s.responseBodySize;
          }),
        );
      });
      page.on('response', async (res) => {
        if (!res.url().endsWith('.js')) return;
        const body = await res.body().catch(() => undefined);
        if (body) sizes.set(new URL(res.url()).pathname, gzipSync(body, { level: 9 }).length);
      });
      await page.goto(`${url}/login`);
      await page.getByRole('button', { name: 'LOG IN' }).waitFor();
      // Usable once React runs it: the prerendered page shows the button before the code arrives.
      await page.waitForFunction(() => {
        const button = [...document.querySelectorAll('button')].find(
          (b) => b.textContent === 'LOG IN',
        );
        return (
          button !== undefined &&
          !button.disabled &&
          Object.keys(button).some((key) => key.startsWith('__reactProps'))
        );
      });
      times.push(await page.evaluate(() => performance.now()));
      await page.waitForLoadState('networkidle');
      await Promise.all(sized);
      wires.push(wire);
      await context.close();
    }
    times.sort((a, b) => a - b);
    const total = [...sizes.values()].reduce((a, b) => a + b, 0);
    const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
    const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;
    return {
      jsFiles: sizes.size,
      jsGzipKb: kb(total),
      transferKb: kb(median(wires.map((w) => w.all))),
      jsTransferKb: kb(median(wires.map((w) => w.js))),
      loginUsableMs: Math.round(times[Math.floor(times.length / 2)]!),
    };
  } finally {
    await browser.close();
  }
}
