import { constants } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyCompress from '@fastify/compress';
import { isApiPath } from './prefixes.js';

/** Smaller API answers go out as they are: a packet either way, and no CPU spent. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * API answers up to this size are compressed in one call (at most about half a millisecond);
 * only larger ones go through a compression stream. The plugin's default depends on the host's
 * cores (8 KB on two, 4 KB on more), and a stream allocates a compressor per answer in flight:
 * the weekly board's 8.6 KB answer, read by 64 players at once, raised the server's peak memory
 * by 100 to 600 MB and cut its throughput by three quarters (docs/performance.md, Compression).
 */
export const COMPRESSION_SYNC_LIMIT = 64 * 1024;

/** The levels of API answers, here and wherever a route compresses its own answer. */
export const BROTLI_PARAMS = {
  [constants.BROTLI_PARAM_QUALITY]: 3,
  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
};
export const GZIP_LEVEL = 5;

export type Coding = 'br' | 'gzip';

/** The best coding the client takes (brotli, then gzip), none when it refuses both. */
export function codingFor(request: FastifyRequest): Coding | null {
  const header = request.headers['accept-encoding'] ?? '';
  const taken = new Set<string>();
  for (const part of header.split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p))) taken.add(coding.trim());
  }
  if (taken.has('br')) return 'br';
  if (taken.has('gzip') || taken.has('*')) return 'gzip';
  return null;
}

/**
 * Sends `json` as the compression plugin would have, for a route that says `compress: false`
 * because it keeps its own compressed bytes: `encode` gives them for the client's coding, used
 * above the threshold when the server compresses at all; otherwise the text goes as it is.
 */
export function sendJson(
  request: FastifyRequest,
  reply: FastifyReply,
  json: string,
  encode: (coding: Coding) => Buffer,
) {
  reply.type('application/json; charset=utf-8');
  const coding = reply.server.hasReplyDecorator('compress') ? codingFor(request) : null;
  if (!coding || json.length < COMPRESSION_THRESHOLD) return reply.send(json);
  return reply
    .header('vary', 'accept-encoding')
    .header('content-encoding', coding)
    .send(encode(coding));
}

/**
 * Compresses API answers above the threshold, brotli or gzip as the client accepts, at the
 * levels chosen by measurement in docs/performance.md ("Compression"): CPU per request
 * matters more than the last bytes. The built web app's files are compressed at build time
 * and sent as they are by spa.ts, so routes outside the API are left alone (no per-request
 * work, nothing compressed twice). Off behind a proxy that compresses (HTTP_COMPRESSION=off,
 * docs/operations.md). Must run before the routes are registered.
 */
export async function registerCompression(app: FastifyInstance, enabled: boolean) {
  if (!enabled) return;
  // Runs before the plugin's own onRoute hook, which reads `compress`.
  app.addHook('onRoute', (route) => {
    if (route.compress === undefined && !isApiPath(route.url)) route.compress = false;
  });
  await app.register(fastifyCompress, {
    threshold: COMPRESSION_THRESHOLD,
    syncThreshold: COMPRESSION_SYNC_LIMIT,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: BROTLI_PARAMS },
    zlibOptions: { level: GZIP_LEVEL },
    // Request bodies stay plain: the API's bodies are small, and no inflating of client data.
    globalDecompression: false,
  });
}
