import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AllianceChatBody,
  AllianceChatLineParams,
  AllianceChatPage,
  AllianceChatParams,
  AllianceChatQuery,
  ChatLine,
  ErrorBody,
} from '@aleph/contracts';
import { authOf } from '../../core/session.js';
import { postChatLine } from './chat-post.js';
import { chatPage, deleteChatLine } from './chat-service.js';

const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** /athar/alliances/{id}/chat: the alliance chat (docs/api.md, "Alliances"). */
export async function allianceChatRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { database, clock } = app.deps;

  app.get(
    '/alliances/:id/chat',
    {
      schema: {
        params: AllianceChatParams,
        querystring: AllianceChatQuery,
        response: { 200: AllianceChatPage, ...refusals },
      },
    },
    async (request) =>
      chatPage(database.db, authOf(request).userId, request.params.id, request.query.before),
  );

  app.post(
    '/alliances/:id/chat',
    {
      schema: {
        params: AllianceChatParams,
        body: AllianceChatBody,
        response: { 201: ChatLine, ...refusals, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const line = await postChatLine(
        database.db,
        authOf(request).userId,
        request.params.id,
        request.body.text,
        clock.now(),
      );
      return reply.status(201).send(line);
    },
  );

  app.delete(
    '/alliances/:id/chat/:lineid',
    {
      schema: {
        params: AllianceChatLineParams,
        response: { 204: Type.Null(), ...refusals },
      },
    },
    async (request, reply) => {
      const { id, lineid } = request.params;
      await deleteChatLine(database.db, authOf(request).userId, id, lineid, clock.now());
      return reply.status(204).send(null);
    },
  );
}
