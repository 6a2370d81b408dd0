import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

export interface WebResult {
  jsFiles: number;
  jsGzipKb: number;
  loginUsableMs: number;
}

/**
 * Opens /login in headless Chromium against a running server: sums the gzipped size of
 * every JavaScript file the page loads, and times navigation start -> 'LOG IN' enabled.
 */
export async function webBench(url: string, runs = 5): Promise<WebResult> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const sizes = new Map<string, number>();
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      page.on('response', async (res) => {
        if (!res.url().endsWith('.js')) return;
        const body = await res.body().catch(() => undefined);
        if (body) sizes.set(new URL(res.url()).pathname, gzipSync(body, { level: 9 }).length);
      });
      await page.goto(`${url}/login`);
      await page.getByRole('button', { name: 'LOG IN' }).waitFor();
      await page.waitForFunction(() => {
        const button = [...document.querySelectorAll('button')].find(
          (b) => b.textContent === 'LOG IN',
        );
        return button !== undefined && !button.disabled;
      });
      times.push(await page.evaluate(() => performance.now()));
      await page.waitForLoadState('networkidle');
      await context.close();
    }
    times.sort((a, b) => a - b);
    const total = [...sizes.values()].reduce((a, b) => a + b, 0);
    return {
      jsFiles: sizes.size,
      jsGzipKb: Math.round((total / 1024) * 10) / 10,
      loginUsableMs: Math.round(times[Math.floor(times.length / 2)]!),
    };
  } finally {
    await browser.close();
  }
}
