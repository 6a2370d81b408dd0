import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorBody, WorldStats } from '@aleph/contracts';
import { GAME_CONFIG } from '@aleph/rules';
import { authOf } from '../../core/session.js';
import { requireFeatureAt } from '../../core/gates.js';
import { OncePer } from './minute-cache.js';
import { computeWorldStats } from './world-stats.js';

/** /athar/worldstats: the world's numbers for players of level 5 (docs/api.md). */
export async function worldStatsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { database, clock } = app.deps;
  const stats = new OncePer(clock, GAME_CONFIG.worldMap.statsRefreshSeconds * 1000, (now) =>
    computeWorldStats(database.db, now),
  );
  app.get(
    '/worldstats',
    { schema: { response: { 200: WorldStats, 401: ErrorBody, 403: ErrorBody } } },
    (request) => {
      requireFeatureAt(authOf(request).level, 'profileLevel5');
      return stats.get();
    },
  );
}
