import type { FastifyInstance } from 'fastify';
import { arenaDesk } from '../modules/arena/attack.js';
import { createAppMetrics, type AppMetrics } from './metrics.js';
import { observeRequests } from './observe-requests.js';
import { metricsRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

/**
 * Metrics, the access log and /metrics. Called on the root instance before any route is
 * registered, so that its hooks see every route (a plugin would encapsulate them).
 */
export async function registerObservability(app: FastifyInstance) {
  const metrics = createAppMetrics(
    app.deps.database,
    (err) =>
      app.log.warn(
        { db: { message: err.message, code: (err as { code?: string }).code } },
        'database connection lost; the pool replaces it',
      ),
    () => app.deps.events.streams,
  );
  app.decorate('metrics', metrics);
  app.deps.sessions.onQuery = (tokens) => metrics.sessionLookupBatch.observe(tokens);
  arenaDesk(app.deps.database.db).onBatch = (attacks) => metrics.arenaAttackBatch.observe(attacks);
  app.addHook('onClose', async () => metrics.close());
  observeRequests(app, metrics);
  // METRICS=off: nothing to protect, nothing served (docs/operations.md).
  if (app.deps.config.metricsEnabled) await app.register(metricsRoutes);
}
