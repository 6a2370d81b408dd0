// Writes dist/login.html: dist/index.html with the login screen prerendered into #root and its
// styles in the head, so that the page paints its card (and its h1, the largest paint) before
// any JavaScript has run; the server sends it for /login only (docs/architecture.md, Web).
// Runs after `vite build` and the SSR build of src/app/prerender.tsx (package.json, "build").
// Usage: node scripts/prerender.mjs [dist folder] [SSR build folder]
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const PRERENDERED = [
  { path: '/login', file: 'login.html', screen: 'src/features/auth/login-screen.tsx' },
];

/** The element after #root that tells the page's CSS the markup is all there. */
const END_MARKER = 'data-prerendered-end';

/** The chunks a manifest entry loads before it runs: itself and its static imports, deep. */
export function chunksOf(manifest, key, seen = new Set()) {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) chunksOf(manifest, dep, seen);
  return seen;
}

/**
 * The prerendered page's loader: once the page has painted (the frame after it runs), it asks
 * for the app's code, its chunks all at once as `<link rel="modulepreload">` would, and runs
 * it. A page opened in a background tab, which paints nothing, loads at once.
 */
export function bootScript(entry, chunks) {
  return `// Written by apps/web/scripts/prerender.mjs: the prerendered page's loader.
const load = () => {
  for (const href of ${JSON.stringify(chunks)}) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  import(${JSON.stringify(entry)});
};
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(load));
else load();
`;
}

/**
 * index.html with the page's markup in #root and its styles in the head, and its code loaded
 * by a loader (`bootScript`, returned to be written as `boot.file`) after the first paint
 * rather than by the entry's script tag: the card, and its h1, paint from the HTML alone, with
 * no JavaScript fetched or run before them (docs/architecture.md, Web).
 */
export function pageHtml(indexHtml, manifest, page, rendered) {
  const entry = `/${manifest['index.html'].file}`;
  const chunks = [...chunksOf(manifest, 'index.html'), ...chunksOf(manifest, page.screen)]
    .filter((key, i, all) => all.indexOf(key) === i)
    .map((key) => `/${manifest[key].file}`);
  const code = bootScript(entry, chunks);
  const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
  const boot = { file: `assets/boot-${hash}.js`, code };
  // One style element named as emotion names its server-rendered styles: the client's emotion
  // cache adopts it and inserts none of these rules again.
  const style =
    `    <style data-emotion="css ${rendered.ids.join(' ')}">${rendered.css}</style>\n` +
    // Whole or not at all: a parser that yields half-way (a busy phone) must not paint half a
    // card, which would move when the rest arrives (the card is centred); the marker after
    // #root says the markup is complete. Browsers without :has() ignore the rule.
    `    <style>body:not(:has(> #root + [${END_MARKER}])) > #root{visibility:hidden}</style>\n`;
  const root = '<div id="root"></div>';
  const entryTag = `<script type="module" crossorigin src="${entry}"></script>`;
  for (const part of [root, entryTag, '</head>'])
    if (!indexHtml.includes(part)) throw new Error(`index.html has no ${part}`);
  const html = indexHtml
    .replace(/ *<link rel="modulepreload"[^>]*>\n/g, '')
    .replace(entryTag, `<script type="module" crossorigin src="/${boot.file}"></script>`)
    .replace('</head>', `${style}  </head>`)
    .replace(
      root,
      `<div id="root" data-prerendered="${page.path}">${rendered.html}</div><template ${END_MARKER}></template>`,
    );
  return { html, boot };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // React, MUI and emotion read it when they load: the markup must be the production build's
  // (emotion's class names carry a label in development, and React checks them at hydration).
  process.env.NODE_ENV = 'production';
  const dist = path.resolve(process.argv[2] ?? 'dist');
  const ssr = path.resolve(process.argv[3] ?? 'node_modules/.prerender');
  const { prerender } = await import(pathToFileURL(path.join(ssr, 'prerender.js')).href);
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const indexHtml = readFileSync(path.join(dist, 'index.html'), 'utf8');
  for (const page of PRERENDERED) {
    const rendered = await prerender(page.path);
    const { html, boot } = pageHtml(indexHtml, manifest, page, rendered);
    writeFileSync(path.join(dist, boot.file), boot.code);
    writeFileSync(path.join(dist, page.file), html);
    console.info(
      `prerender: ${page.path} -> ${page.file}, ${(rendered.html.length / 1024).toFixed(1)} KiB of markup, ` +
        `${(rendered.css.length / 1024).toFixed(1)} KiB of styles`,
    );
  }
  rmSync(ssr, { recursive: true, force: true });
}
