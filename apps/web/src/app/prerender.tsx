import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppRoot } from './app-root';
import { createAppStore } from './store';

export interface PrerenderedPage {
  /** The markup of #root. */
  html: string;
  /** Emotion's ids of the styles, for the client's cache to adopt them. */
  ids: string[];
  /** The styles the markup uses. */
  css: string;
}

/**
 * Renders a signed-out page at build time (scripts/prerender.mjs, after `vite build`): the same
 * tree main.tsx hydrates, signed-out, at `path`, with every lazy screen on it loaded. Emotion
 * runs in its "compat" mode, which collects the styles rather than writing them beside each
 * element, so that they go into the page's head as one style element that the client's
 * emotion cache takes over (docs/architecture.md, Web).
 */
export async function prerender(path: string): Promise<PrerenderedPage> {
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const AtPath = ({ children }: { children?: ReactNode }) => (
    <StaticRouter location={path}>{children}</StaticRouter>
  );
  const { prelude } = await prerenderToNodeStream(
    <CacheProvider value={cache}>
      <AppRoot store={createAppStore()} router={AtPath} assumeSignedOut />
    </CacheProvider>,
  );
  const decoder = new TextDecoder();
  let html = '';
  for await (const chunk of prelude) html += decoder.decode(chunk as Uint8Array, { stream: true });
  html += decoder.decode();
  const all = Object.entries(cache.inserted).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  // The styles of the elements on the page and the global ones; not those of the loader React
  // rendered (and dropped) while a lazy screen was loading, nor keyframes only they use.
  const own = all.filter(
    ([id, rules]) =>
      html.includes(`css-${id}`) || !/^[.@]/.test(rules) || rules.startsWith('@media'),
  );
  const styles = all.filter(
    ([id, rules]) =>
      own.some(([ownId]) => ownId === id) ||
      (rules.includes('@keyframes') && own.some(([, r]) => r.includes(id))),
  );
  return {
    html,
    ids: styles.map(([id]) => id),
    css: styles.map(([, rules]) => rules).join(''),
  };
}
