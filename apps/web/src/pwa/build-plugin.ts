import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import {
  API_DOCS_PATH,
  API_PREFIXES,
  EVENTS_PATH,
  HEALTH_PATH,
} from '../../../../packages/contracts/src/prefixes.js';

/**
 * The installable app (docs/architecture.md, Web): the build writes the web app manifest, the
 * offline page and the service worker (sw.js) beside the app, and links the manifest from
 * index.html. A hand-sized worker rather than vite-plugin-pwa: it needs a precache list, an
 * offline page and a network-only rule, about 70 lines, without Workbox's build-time chain.
 */

/** The dark theme's background (src/app/theme.ts): the splash screen and the title bar. */
export const THEME_BACKGROUND = '#2b2b2b';

export const MANIFEST_FILE = 'manifest.webmanifest';
export const WORKER_FILE = 'sw.js';
export const OFFLINE_FILE = 'offline.html';

export const ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

export const WEB_APP_MANIFEST = {
  id: '/',
  name: 'Lands of Aleph',
  short_name: 'Aleph',
  description: 'A browser strategy game of lands, heroes and missions.',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: THEME_BACKGROUND,
  background_color: THEME_BACKGROUND,
  icons: ICONS,
};

/** What the worker never answers: the server's own paths (apps/server/src/lib/prefixes.ts). */
export const NETWORK_ONLY = [
  ...Object.values(API_PREFIXES),
  HEALTH_PATH,
  EVENTS_PATH,
  API_DOCS_PATH,
  '/metrics',
  '/__test',
];

/** The built files the worker precaches: the hashed JavaScript and styles, and the icons. */
export function precacheList(bundleFiles: readonly string[]): string[] {
  const built = bundleFiles.filter((file) => /^assets\/.+\.(js|css)$/.test(file));
  return [...built.map((file) => `/${file}`), `/${MANIFEST_FILE}`, ...ICONS.map((i) => i.src)];
}

/** The worker's source with its constants in place; a new list or worker is a new version. */
export function workerSource(template: string, precache: readonly string[]): string {
  const version = createHash('sha256')
    .update(template)
    .update(JSON.stringify(precache))
    .update(JSON.stringify(NETWORK_ONLY))
    .digest('hex')
    .slice(0, 12);
  const constants: Record<string, unknown> = {
    __ALEPH_PRECACHE__: precache,
    __ALEPH_NETWORK_ONLY__: NETWORK_ONLY,
    __ALEPH_VERSION__: version,
  };
  let source = template;
  for (const [marker, value] of Object.entries(constants)) {
    if (!source.includes(`self.${marker}`)) throw new Error(`service-worker.js has no ${marker}`);
    source = source.replace(`self.${marker}`, JSON.stringify(value));
  }
  return source;
}

// The config's bundler keeps each file's import.meta.url.
const here = path.dirname(fileURLToPath(import.meta.url));

export function installableApp(): Plugin {
  return {
    name: 'aleph-installable-app',
    // After Vite's own plugins have emitted every chunk and style the worker precaches.
    enforce: 'post',
    // The client build only: not the dev server, nor the SSR build of the prerendered /login.
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'manifest', href: `/${MANIFEST_FILE}` }, injectTo: 'head' },
      { tag: 'link', attrs: { rel: 'apple-touch-icon', href: ICONS[0].src }, injectTo: 'head' },
    ],
    generateBundle(_options, bundle) {
      const template = readFileSync(path.join(here, 'service-worker.js'), 'utf8');
      const emit = (fileName: string, source: string) =>
        this.emitFile({ type: 'asset', fileName, source });
      emit(MANIFEST_FILE, `${JSON.stringify(WEB_APP_MANIFEST, null, 2)}\n`);
      emit(OFFLINE_FILE, readFileSync(path.join(here, OFFLINE_FILE), 'utf8'));
      emit(WORKER_FILE, workerSource(template, precacheList(Object.keys(bundle))));
    },
  };
}
