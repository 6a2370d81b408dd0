import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ErrorBody } from '@aleph/contracts';
import { unauthorized } from '../lib/errors.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * GET /metrics in the Prometheus text format. With METRICS_TOKEN set it needs
 * `Authorization: Bearer <token>`; without (refused in production unless METRICS=off), it is
 * open (docs/operations.md).
 */
export async function metricsRoutes(app: FastifyInstance) {
  const token = app.deps.config.metricsToken;
  const expected = token ? digest(token) : undefined;
  app.get('/metrics', { schema: { response: { 401: ErrorBody } } }, async (request, reply) => {
    if (expected) {
      const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
      // Compared as digests: equal lengths, and no timing hint about the token.
      if (!timingSafeEqual(digest(given), expected)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw unauthorized('The metrics need their token: Authorization: Bearer <METRICS_TOKEN>.');
      }
    }
    reply.header('cache-control', 'no-store');
    return reply.type(app.metrics.contentType).send(await app.metrics.render());
  });
}
