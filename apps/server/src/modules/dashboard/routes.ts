import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { DashboardStat, ErrorBody } from '@aleph/contracts';
import { authOf, cachedFor } from '../../core/session.js';
import { dashboardStat } from './service.js';

/** /dashboard: the STAT widgets (docs/api.md; polled every 60 s). */
export async function dashboardRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { database, clock } = app.deps;
  app.get('/stat', { schema: { response: { 200: DashboardStat, 401: ErrorBody } } }, (request) => {
    const { userId, level } = authOf(request);
    return dashboardStat(database.db, userId, level, clock.now(), cachedFor(app, request));
  });
}
