import Type from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorBody, FriendBody, FriendList, FriendParams, FriendState } from '@aleph/contracts';
import { authOf } from '../../core/session.js';
import { listFriends } from './friends-list.js';
import { acceptFriend, removeFriend, requestFriend } from './friends-service.js';

/** /athar/friends: friends and their requests (docs/api.md, "Friends"). */
export async function friendRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { database, clock } = app.deps;
  const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

  app.get(
    '/friends',
    { schema: { response: { 200: FriendList, 401: ErrorBody } } },
    async (request) => listFriends(database.db, authOf(request).userId, clock.now()),
  );

  app.post(
    '/friends',
    {
      schema: {
        body: FriendBody,
        response: { 200: FriendState, 201: FriendState, ...errors, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      const me = authOf(request).userId;
      const state = await requestFriend(database.db, me, request.body.profileid, clock.now());
      // Asking a player who already asked you accepts theirs: 200, not a new request.
      return reply.status(state.status === 'friends' ? 200 : 201).send(state);
    },
  );

  app.post(
    '/friends/:profileid/accept',
    {
      schema: {
        params: FriendParams,
        response: { 200: FriendState, ...errors, 409: ErrorBody },
      },
    },
    async (request) =>
      acceptFriend(database.db, authOf(request).userId, request.params.profileid, clock.now()),
  );

  app.delete(
    '/friends/:profileid',
    { schema: { params: FriendParams, response: { 204: Type.Null(), ...errors } } },
    async (request, reply) => {
      await removeFriend(database.db, authOf(request).userId, request.params.profileid);
      return reply.status(204).send(null);
    },
  );
}
