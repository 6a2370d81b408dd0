import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@aleph/contracts';
import { isApiPath } from '../modules/prefixes.js';
import { sendError } from './error-handler.js';

/**
 * Serves the built web app and answers unknown non-API GETs with index.html, so that
 * client-side routes such as /lands/12 survive a reload. Hashed assets are cached for a year.
 * The build writes brotli and gzip copies beside the files (apps/web/scripts/compress-dist.mjs);
 * they are sent by Accept-Encoding, with Vary, and no file is compressed per request.
 */
export async function registerSpa(app: FastifyInstance, webDist: string) {
  const hasSpa = existsSync(path.join(webDist, 'index.html'));
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
      return reply.sendFile('index.html');
    }
    return sendError(
      reply,
      404,
      ErrorCode.notFound,
      `No such endpoint: ${request.method} ${request.url.split('?')[0]}`,
    );
  });
}
