import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  BlockBody,
  BlockedPlayer,
  BlockList,
  BlockParams,
  ErrorBody,
  NicknameSearchQuery,
  NicknameSearchResult,
} from '@aleph/contracts';
import Type from 'typebox';
import { authOf } from '../../core/session.js';
import { addBlock, listBlocks, removeBlock } from './blocks-service.js';
import { searchPlayers } from './people-search.js';

/** /athar: the player search by nickname and blocks (docs/api.md, "Player messages"). */
export async function peopleRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { database, clock } = app.deps;
  const errors = { 400: ErrorBody, 401: ErrorBody };

  app.get(
    '/players',
    {
      schema: {
        querystring: NicknameSearchQuery,
        response: { 200: NicknameSearchResult, ...errors },
      },
    },
    (request) => searchPlayers(database.db, authOf(request).userId, request.query.prefix),
  );
  app.get('/blocks', { schema: { response: { 200: BlockList, ...errors } } }, (request) =>
    listBlocks(database.db, authOf(request).userId),
  );
  app.post(
    '/blocks',
    {
      schema: {
        body: BlockBody,
        response: {
          200: BlockedPlayer,
          201: BlockedPlayer,
          ...errors,
          404: ErrorBody,
          409: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const { block, created } = await addBlock(
        database.db,
        authOf(request).userId,
        request.body.profileid,
        clock.now(),
      );
      return reply.status(created ? 201 : 200).send(block);
    },
  );
  app.delete(
    '/blocks/:profileid',
    {
      schema: {
        params: BlockParams,
        response: { 204: Type.Null(), ...errors, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      await removeBlock(database.db, authOf(request).userId, request.params.profileid);
      return reply.status(204).send(null);
    },
  );
}
