import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorBody, ReportBody, ReportCreated } from '@aleph/contracts';
import { authOf } from '../../core/session.js';
import { fileReport } from './service.js';

/** /athar/reports: a player reports another to staff (docs/api.md, "Reports"). */
export async function reportRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { database, clock } = app.deps;
  app.post(
    '/reports',
    {
      schema: {
        body: ReportBody,
        response: {
          201: ReportCreated,
          400: ErrorBody,
          401: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
          429: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const id = await fileReport(database.db, authOf(request).userId, request.body, clock.now());
      return reply.status(201).send({ id });
    },
  );
}
