import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AllianceBoardResponse, ErrorBody } from '@aleph/contracts';
import { authOf } from '../../core/session.js';
import { allianceBoard } from './board-service.js';

/** /mirza/alliances: the weekly alliance board (docs/api.md, "Alliances"). */
export async function allianceBoardRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { database, clock } = app.deps;
  app.get(
    '/alliances/last',
    { schema: { response: { 200: AllianceBoardResponse, 401: ErrorBody } } },
    async (request) => allianceBoard(database.db, authOf(request).userId, clock.now()),
  );
}
