import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorBody, UniqueEventList } from '@aleph/contracts';
import { authOf } from '../../core/session.js';
import { requireFeatureAt } from '../../core/gates.js';
import { listUniqueEvents } from './list.js';

/** `GET /misaar/unique`: the open and coming unique missions (docs/api.md). */
export async function uniqueRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { database, clock } = app.deps;
  app.get(
    '/unique',
    { schema: { response: { 200: UniqueEventList, 401: ErrorBody, 403: ErrorBody } } },
    (request) => {
      const auth = authOf(request);
      requireFeatureAt(auth.level, 'profileLevel9');
      return listUniqueEvents(database.db, auth.userId, clock.now());
    },
  );
}
