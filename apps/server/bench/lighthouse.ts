import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config } from 'lighthouse';
import { openDatabase } from '../src/db/client.js';
import { startBenchServer } from './server-process.js';

export type FormFactor = 'mobile' | 'desktop';

/** One Lighthouse run's figures (or, in `LighthouseResult.medians`, the median of each). */
export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Bytes the page transferred (Lighthouse's total byte weight). */
  transferKb: number;
}

export interface LighthouseResult {
  path: string;
  runs: number;
  lighthouseVersion: string;
  chromeVersion: string;
  forms: Array<{
    formFactor: FormFactor;
    medians: LighthouseFigures;
    all: LighthouseFigures[];
    /** The largest contentful paint's element in the median-LCP run, as Lighthouse names it. */
    lcpElement: string;
    /** Audits of the four categories that did not pass, in any run. */
    failed: string[];
  }>;
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/**
 * Lighthouse against the built server's /login: the default config (a phone: Moto G Power
 * emulation, simulated slow 4G and a 4x slower CPU) and the desktop config, `runs` times each
 * in a fresh headless Chromium, every figure the median of its runs. The server runs as
 * operators run it (NODE_ENV=production) on a fresh embedded database.
 */
export async function lighthouseBench(runs = 3, page = '/login'): Promise<LighthouseResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-lighthouse-'));
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  await database.migrate();
  await database.close();
  const server = await startBenchServer({ DATA_DIR: dataDir });
  try {
    const result: LighthouseResult = {
      path: page,
      runs,
      lighthouseVersion: '',
      chromeVersion: '',
      forms: [],
    };
    for (const formFactor of ['mobile', 'desktop'] as const) {
      const all: LighthouseFigures[] = [];
      const lcpElements: string[] = [];
      const failed = new Set<string>();
      for (let i = 0, retries = 0; i < runs; i++) {
        const chrome = await chromeLauncher.launch({
          chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
        });
        try {
          const config: Config | undefined = formFactor === 'desktop' ? desktopConfig : undefined;
          const answer = await lighthouse(
            `${server.url}${page}`,
            { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES },
            config,
          );
          if (!answer) throw new Error('Lighthouse returned no result');
          const lhr = answer.lhr;
          if (lhr.runtimeError) {
            // Lighthouse sometimes fails to record a trace (NO_NAVSTART): that run again, twice at most.
            if (++retries > 2) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
            console.info(`[lighthouse] ${formFactor} run ${i + 1} again: ${lhr.runtimeError.code}`);
            i--;
            continue;
          }
          result.lighthouseVersion = lhr.lighthouseVersion;
          result.chromeVersion = lhr.environment.hostUserAgent.match(/Chrome\/([\d.]+)/)?.[1] ?? '';
          const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
          const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
          const figures: LighthouseFigures = {
            performance: score('performance'),
            accessibility: score('accessibility'),
            bestPractices: score('best-practices'),
            seo: score('seo'),
            fcpMs: Math.round(value('first-contentful-paint')),
            lcpMs: Math.round(value('largest-contentful-paint')),
            tbtMs: Math.round(value('total-blocking-time')),
            cls: Math.round(value('cumulative-layout-shift') * 1000) / 1000,
            speedIndexMs: Math.round(value('speed-index')),
            transferKb: Math.round((value('total-byte-weight') / 1024) * 10) / 10,
          };
          all.push(figures);
          lcpElements.push(lcpElement(lhr.audits['largest-contentful-paint-element']?.details));
          for (const id of CATEGORIES)
            for (const ref of lhr.categories[id]?.auditRefs ?? []) {
              const audit = lhr.audits[ref.id];
              if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
                failed.add(`${id}: ${ref.id} (${audit.displayValue ?? audit.score})`);
            }
          console.info(
            `[lighthouse] ${formFactor} run ${i + 1}: performance ${figures.performance}, accessibility ${figures.accessibility}, ` +
              `best practices ${figures.bestPractices}, SEO ${figures.seo}; FCP ${figures.fcpMs} ms, LCP ${figures.lcpMs} ms, ` +
              `TBT ${figures.tbtMs} ms, CLS ${figures.cls}, ${figures.transferKb} KB; LCP element ${lcpElements.at(-1)}`,
          );
        } finally {
          await chrome.kill();
        }
      }
      const pick = (key: keyof LighthouseFigures) => median(all.map((f) => f[key]));
      const medians = Object.fromEntries(
        (Object.keys(all[0]!) as Array<keyof LighthouseFigures>).map((k) => [k, pick(k)]),
      ) as unknown as LighthouseFigures;
      const lcpRun = all.findIndex((f) => f.lcpMs === medians.lcpMs);
      result.forms.push({
        formFactor,
        medians,
        all,
        lcpElement: lcpElements[lcpRun] ?? '',
        failed: [...failed].sort(),
      });
    }
    return result;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** 'h1' and its text, from the LCP element audit's details (a table of one node). */
function lcpElement(details: unknown): string {
  const items = (details as { items?: Array<{ items?: Array<{ node?: unknown }> }> } | undefined)
    ?.items;
  const node = items?.[0]?.items?.[0]?.node as
    { nodeLabel?: string; selector?: string } | undefined;
  if (!node) return 'none';
  const tag = node.selector?.split(/\s*>\s*/).at(-1) ?? '';
  return `${tag} "${node.nodeLabel ?? ''}"`;
}

const ok = (pass: boolean) => (pass ? 'met' : '**missed**');

/** docs/performance.md's "Lighthouse" section, written by `npm run bench -- --only=lighthouse`. */
export function lighthouseSection(result: LighthouseResult, when: Date): string[] {
  const rows = result.forms.map(({ formFactor, medians: m }) => {
    const cells = [
      formFactor,
      m.performance,
      m.accessibility,
      m.bestPractices,
      m.seo,
      (m.fcpMs / 1000).toFixed(2),
      (m.lcpMs / 1000).toFixed(2),
      m.tbtMs,
      m.cls,
      (m.speedIndexMs / 1000).toFixed(2),
      m.transferKb,
    ];
    return `| ${cells.join(' | ')} |`;
  });
  const mobile = result.forms.find((f) => f.formFactor === 'mobile')?.medians;
  const hundreds = result.forms.every(
    (f) =>
      f.medians.accessibility === 100 && f.medians.bestPractices === 100 && f.medians.seo === 100,
  );
  const lines = [
    '## Lighthouse',
    '',
    `Measured by \`npm run bench -- --only=lighthouse\` on ${when.toISOString().slice(0, 10)}: Lighthouse ${result.lighthouseVersion} (its`,
    `Node API) in headless Chromium ${result.chromeVersion} on this machine, against \`${result.path}\` of the built server (NODE_ENV=production,`,
    "a fresh embedded database, compressed files from the build). **Mobile** is Lighthouse's default: a Moto G Power",
    "screen, simulated slow 4G (150 ms round trips, 1.6 Mbit/s) and a CPU four times slower than this one's; **desktop** is",
    `its desktop config. Each is run ${result.runs} times, each run in a fresh browser, and **every figure is the median of its`,
    `${result.runs} runs**. The machine is shared, so the blocking time (the CPU's share) moves from run to run.`,
    '',
    '| Form factor | Performance | Accessibility | Best practices | SEO | FCP s | LCP s | TBT ms | CLS | Speed index s | Transferred KB |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
  ];
  if (mobile)
    lines.push(
      `Targets: mobile performance >= 95 (${ok(mobile.performance >= 95)}) with LCP <= 2.0 s (${ok(mobile.lcpMs <= 2000)}); ` +
        `accessibility, best practices and SEO 100 (${ok(hundreds)}).`,
      '',
    );
  for (const form of result.forms)
    lines.push(
      `${form.formFactor[0]!.toUpperCase()}${form.formFactor.slice(1)} runs (performance, FCP / LCP ms, TBT ms): ${form.all
        .map((f) => `${f.performance}, ${f.fcpMs} / ${f.lcpMs}, ${f.tbtMs}`)
        .join('; ')}. Largest paint: ${form.lcpElement}.` +
        (form.failed.length > 0
          ? ` Audits below full marks in some run: ${form.failed.join('; ')}.`
          : ''),
      '',
    );
  return lines;
}
