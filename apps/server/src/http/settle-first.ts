import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.js';
import { settlePlayerDue } from '../modules/missions/settle.js';
import { runPendingWorkflows } from '../modules/workflows/service.js';

/**
 * A player's own due missions and pending workflows are finished before their read is
 * answered, so nobody waits for the background worker. Whether there is any is learnt in the
 * session lookup itself (requireSession), so a player with nothing due pays nothing here.
 * Registered after requireSession.
 */
export function settleBeforeHandling(app: FastifyInstance) {
  app.addHook('preHandler', async (request) => {
    const auth = request.auth;
    if (!auth || (!auth.due && !auth.pending)) return;
    const { db } = app.deps.database;
    const now = app.deps.clock.now();
    if (auth.due) await settlePlayerDue(db, auth.userId, now);
    if (auth.pending) await runPendingWorkflows(db, now, 10, auth.userId);
    // The work just done changed the level or the state version the session lookup read:
    // gates and the profile cache must judge the new ones.
    const [row] = await queryRows<{ level: number; version: number }>(
      db,
      sql`select level, state_version::float8 as version from profiles where id = ${auth.userId}`,
    );
    if (row) {
      auth.level = row.level;
      auth.version = Number(row.version);
    }
  });
}
