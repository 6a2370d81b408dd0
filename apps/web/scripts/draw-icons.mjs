// Draws the installed app's icons (public/icons, committed) from the favicon's emblem
// (src/assets/favicon.svg, the drawing of src/features/layout/emblem.tsx) with the browser the
// journeys use: 192 and 512 px on the favicon's rounded dark tile, and a maskable 512 px whose
// emblem stays inside the safe circle (the middle 80 %) a launcher may crop it to.
// Run again only when the emblem changes. Usage: node scripts/draw-icons.mjs
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const web = path.resolve(import.meta.dirname, '..');
const favicon = readFileSync(path.join(web, 'src/assets/favicon.svg'), 'utf8');
// The favicon's drawing without its tile: the maskable icon gets a full-bleed background.
const emblem = favicon.replace(/<svg[^>]*>|<\/svg>|<rect width="64"[^>]*\/>/g, '');
const maskable =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
  `<rect width="64" height="64" fill="#2b2b2b"/>` +
  // The emblem spans 44 x 50 of its 64 units; at 0.62 it fits the 25.6-unit safe radius.
  `<g transform="translate(32 32) scale(0.62) translate(-32 -29)">${emblem}</g></svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  { file: 'maskable-512.png', size: 512, svg: maskable },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<body style="margin:0">${sized}</body>`);
    await page.screenshot({ path: path.join(web, 'public/icons', file), omitBackground: true });
    await page.close();
    console.info(`icons: ${file} (${size} px)`);
  }
} finally {
  await browser.close();
}
