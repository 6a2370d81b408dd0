import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@aleph/contracts';
import { isApiPath } from './prefixes.js';
import { sendError } from './error-handler.js';

/**
 * Pages the web build prerenders (apps/web/scripts/prerender.mjs): index.html with a screen
 * already in it, sent for that path only. Every other route gets the empty index.html, so a
 * signed-in player opening /lands never sees the login card (docs/architecture.md, Web).
 */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = { '/login': 'login.html' };

/**
 * Serves the built web app and answers unknown non-API GETs with index.html, so that
 * client-side routes such as /lands/12 survive a reload; /login gets its prerendered page when
 * the build wrote one. Hashed assets are cached for a year; every other file is revalidated,
 * the service worker (sw.js) above all, so a new version reaches players at once.
 * The build writes brotli and gzip copies beside the files (apps/web/scripts/compress-dist.mjs);
 * they are sent by Accept-Encoding, with Vary, and no file is compressed per request.
 */
export async function registerSpa(app: FastifyInstance, webDist: string) {
  const hasSpa = existsSync(path.join(webDist, 'index.html'));
  const prerendered = new Map(
    Object.entries(PRERENDERED_PAGES).filter(([, file]) => existsSync(path.join(webDist, file))),
  );
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (reply, file) => {
        const hashed = file.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (
      hasSpa &&
      wantsPage &&
      !isApiPath(request.url) &&
      !path.extname(request.url.split('?')[0] ?? '')
    ) {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile(prerendered.get(request.url.split('?')[0] ?? '') ?? 'index.html');
    }
    return sendError(
      reply,
      404,
      ErrorCode.notFound,
      `No such endpoint: ${request.method} ${request.url.split('?')[0]}`,
    );
  });
}
