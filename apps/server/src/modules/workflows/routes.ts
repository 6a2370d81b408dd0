import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorBody, WorkflowBody, WorkflowResponse } from '@aleph/contracts';
import { authOf } from '../../core/session.js';
import { startLevelUp } from './service.js';

/** /tartib: workflows. PROFILELEVELUP answers 202 at once; the worker raises the level. */
export async function workflowRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { database, clock } = app.deps;
  app.post(
    '/workflow/start',
    {
      schema: {
        body: WorkflowBody,
        response: { 202: WorkflowResponse, 400: ErrorBody, 401: ErrorBody, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      const started = await startLevelUp(database.db, authOf(request).userId, clock.now());
      return reply.status(202).send(started);
    },
  );
}
