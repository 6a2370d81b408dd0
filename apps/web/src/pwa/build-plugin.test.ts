import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { API_PREFIXES, EVENTS_PATH, HEALTH_PATH } from '@aleph/contracts';
import { theme } from '../app/theme';
import { ICONS, NETWORK_ONLY, precacheList, WEB_APP_MANIFEST, workerSource } from './build-plugin';

const here = path.dirname(fileURLToPath(import.meta.url));
const template = readFileSync(path.join(here, 'service-worker.js'), 'utf8');
const BUNDLE = [
  'index.html',
  '.vite/manifest.json',
  'assets/index-AbC123.js',
  'assets/login-screen-x9Y.js',
  'assets/index-Zz1.css',
  'assets/landscape-Q1.svg',
];

describe('the installable app built beside the web app', () => {
  it('precaches the hashed JavaScript and styles, the icons and the manifest, no page', () => {
    expect(precacheList(BUNDLE)).toEqual([
      '/assets/index-AbC123.js',
      '/assets/login-screen-x9Y.js',
      '/assets/index-Zz1.css',
      '/manifest.webmanifest',
      ...ICONS.map((icon) => icon.src),
    ]);
  });

  it('leaves every API prefix, the push stream, the health check and test hooks to the network', () => {
    for (const prefix of [...Object.values(API_PREFIXES), EVENTS_PATH, HEALTH_PATH, '/__test'])
      expect(NETWORK_ONLY).toContain(prefix);
  });

  it('writes the worker with its lists in place and a version that follows the files', () => {
    const source = workerSource(template, precacheList(BUNDLE));
    expect(source).not.toContain('__ALEPH_');
    expect(source).toContain(JSON.stringify(NETWORK_ONLY));
    expect(source).toContain('"/assets/index-AbC123.js"');
    const version = (s: string) => /const VERSION = "([0-9a-f]{12})"/.exec(s)?.[1];
    expect(version(source)).toBeDefined();
    const next = workerSource(template, precacheList([...BUNDLE, 'assets/new-1.js']));
    expect(version(next)).toBeDefined();
    expect(version(next)).not.toBe(version(source));
    expect(() => workerSource('// nothing', [])).toThrow(/__ALEPH_PRECACHE__/);
  });

  it("names the game, opens standalone at / in the dark theme's colours", () => {
    expect(WEB_APP_MANIFEST).toMatchObject({
      name: 'Lands of Aleph',
      short_name: 'Aleph',
      start_url: '/',
      display: 'standalone',
      theme_color: theme.palette.background.default,
      background_color: theme.palette.background.default,
    });
  });

  it('has square PNG icons of the sizes it declares, one of them maskable', () => {
    for (const icon of ICONS) {
      const png = readFileSync(path.join(here, '../../public', icon.src));
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      // The IHDR chunk: width and height, big-endian, at bytes 16 and 20.
      const size = `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;
      expect(size).toBe(icon.sizes);
    }
    expect(ICONS.filter((icon) => icon.purpose === 'maskable')).toHaveLength(1);
  });
});
