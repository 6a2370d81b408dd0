import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { BoardParams, BoardResponse, ErrorBody } from '@aleph/contracts';
import { authOf } from '../auth/guard.js';
import { cachedFor } from '../../http/request-cache.js';
import { boardName, lastBoardJson } from './service.js';
import { Standings } from './standings.js';

/** /mirza: weekly boards (docs/api.md). */
export async function boardRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { database, clock, config } = app.deps;
  const standings = new Standings(config.boardCacheMs);
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
  app.get(
    '/boards/:board/last',
    { schema: { params: BoardParams, response: { 200: BoardResponse, ...errors } } },
    async (request, reply) => {
      const json = await lastBoardJson(
        database.db,
        standings,
        boardName(request.params.board),
        { profileId: authOf(request).userId, level: authOf(request).level },
        clock.now(),
        100,
        cachedFor(app, request),
      );
      // Already JSON (the shared top is serialised once per snapshot): sent as is.
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  );
}
