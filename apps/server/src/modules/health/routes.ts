import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';

/** Liveness answers while the process runs; readiness also needs the database. */
export async function healthRoutes(app: FastifyInstance) {
  app.get('/health/live', async () => ({ status: 'ok' }));
  app.get('/health/ready', async (_request, reply) => {
    try {
      await app.deps.database.db.execute(sql`select 1`);
      return { status: 'ok', database: app.deps.database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: app.deps.database.kind });
    }
  });
  app.get('/health', async (_request, reply) => {
    try {
      await app.deps.database.db.execute(sql`select 1`);
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
