import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { BoardParams, BoardResponse, ErrorBody } from '@aleph/contracts';
import { authOf, cachedFor } from '../../core/session.js';
import { sendWithSharedHead } from '../../lib/shared-head.js';
import { boardName, lastBoardAnswer } from './service.js';
import { Standings } from './standings.js';

/** /mirza: weekly boards (docs/api.md). */
export async function boardRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { database, clock, config } = app.deps;
  const standings = new Standings(config.boardCacheMs);
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
  app.get(
    '/boards/:board/last',
    // Sent as encoded by shared-head.ts: the compression plugin must not compress it again.
    {
      compress: false,
      schema: { params: BoardParams, response: { 200: BoardResponse, ...errors } },
    },
    async (request, reply) => {
      const { head, tail } = await lastBoardAnswer(
        database.db,
        standings,
        boardName(request.params.board),
        { profileId: authOf(request).userId, level: authOf(request).level },
        clock.now(),
        100,
        cachedFor(app, request),
      );
      // The top rows are serialised and compressed once per snapshot; the caller's row is appended.
      return sendWithSharedHead(request, reply, head, tail);
    },
  );
}
