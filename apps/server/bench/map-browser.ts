import { chromium } from 'playwright-core';

export interface MapPaintResult {
  /** Navigation start of /map to the continent drawn (median of the runs), ms. */
  firstPaintMs: number;
  /** Frame intervals while dragging the zoomed map, ms. */
  frameP50: number;
  frameP95: number;
  frameMax: number;
  /** Share of intervals above 1.5 frames at 60 Hz (25 ms): frames the eye sees dropped. */
  droppedShare: number;
  frames: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/**
 * The map in headless Chromium (software rendering) against a running server: time to the first
 * drawn continent, then frame intervals while a mouse drags the zoomed map for three seconds.
 */
export async function mapPaintBench(url: string, login: string, password: string, runs = 3) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const res = await page.request.post(`${url}/abwab/login`, {
      data: { username: login, password },
    });
    if (!res.ok()) throw new Error(`login ${res.status()}`);
    const paints: number[] = [];
    for (let i = 0; i < runs; i++) {
      await page.goto(`${url}/map`);
      await page
        .getByText(/lands on Aleph$/)
        .waitFor({ timeout: 120_000 })
        .catch(async (error: unknown) => {
          await page.screenshot({ path: 'bench-map-failure.png' });
          throw error;
        });
      // The render loop draws on its next frame: wait for two, then read the clock.
      // Strings, not functions: the bench's TypeScript loader would wrap functions in helpers
      // the page does not have.
      paints.push(
        await page.evaluate<number>(
          'new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(performance.now()))))',
        ),
      );
    }
    const canvas = page.getByRole('img', { name: 'Map of Aleph' });
    await canvas.focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('+');
    const box = (await canvas.boundingBox())!;
    await page.evaluate(`(() => {
      window.frames_ = [];
      window.recording = true;
      const tick = (t) => {
        window.frames_.push(t);
        if (window.recording) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    })()`);
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    const started = Date.now();
    for (let step = 0; Date.now() - started < 3000; step++) {
      const a = step / 20;
      await page.mouse.move(cx + Math.cos(a) * 200, cy + Math.sin(a) * 150);
    }
    await page.mouse.up();
    const times = await page.evaluate<number[]>(
      '(() => { window.recording = false; return window.frames_; })()',
    );
    const gaps = times
      .slice(1)
      .map((t, i) => t - times[i]!)
      .sort((a, b) => a - b);
    paints.sort((a, b) => a - b);
    const result: MapPaintResult = {
      firstPaintMs: Math.round(quantile(paints, 0.5)),
      frameP50: Math.round(quantile(gaps, 0.5) * 10) / 10,
      frameP95: Math.round(quantile(gaps, 0.95) * 10) / 10,
      frameMax: Math.round((gaps.at(-1) ?? 0) * 10) / 10,
      droppedShare: Math.round((gaps.filter((g) => g > 25).length / gaps.length) * 1000) / 10,
      frames: gaps.length,
    };
    return result;
  } finally {
    await browser.close();
  }
}
