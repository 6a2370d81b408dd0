import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  MAP_MEDIA_TYPE,
  MapBinary,
  MapParams,
  MapPlot,
  PlotParams,
} from '@aleph/contracts';
import { authOf } from '../../core/session.js';
import { MapCache, type BuiltMap } from './map-cache.js';
import { plotAt } from './plot.js';

/** True when the client takes gzip (and did not refuse it with q=0). */
function takesGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'] ?? '';
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip') return false;
    return !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
  });
}

/** Whether If-None-Match names this representation (or `*`); weak validators compare too. */
function matches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

function sendMap(request: FastifyRequest, reply: FastifyReply, map: BuiltMap) {
  const gzip = takesGzip(request);
  const etag = gzip ? map.gzipEtag : map.etag;
  // Every player gets the same bytes; "no-cache" makes the browser ask with If-None-Match.
  reply
    .header('etag', etag)
    .header('cache-control', 'private, no-cache')
    .header('vary', 'Accept-Encoding');
  if (matches(request, etag)) return reply.code(304).send();
  reply.type(MAP_MEDIA_TYPE);
  if (gzip) reply.header('content-encoding', 'gzip');
  return reply.send(gzip ? map.gzip : map.plain);
}

/** /ard/map: the world map (docs/api.md, "World map"). */
export async function mapRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app.deps.database;
  const cache = new MapCache(db);
  const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

  app.get(
    '/map/:continent',
    // Sent compressed as built: the compression plugin must not compress it again per request.
    { compress: false, schema: { params: MapParams, response: { 200: MapBinary, ...errors } } },
    async (request, reply) => sendMap(request, reply, await cache.get(request.params.continent)),
  );
  app.get(
    '/map/:continent/:x/:y',
    { schema: { params: PlotParams, response: { 200: MapPlot, ...errors } } },
    (request) => plotAt(db, authOf(request).userId, request.params),
  );
}
