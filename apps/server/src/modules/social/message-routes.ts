import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  MessageSent,
  SendMessageBody,
  SentMessagePage,
  SentMessagesQuery,
} from '@aleph/contracts';
import { authOf } from '../../core/session.js';
import { sendMessage } from './messages-send.js';
import { listSent } from './messages-sent.js';

/** /hatif: player messages (send, the Sent view) (docs/api.md, "Player messages"). */
export async function playerMessageRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { database, clock } = app.deps;
  const errors = { 400: ErrorBody, 401: ErrorBody };

  app.post(
    '/messages',
    {
      schema: {
        body: SendMessageBody,
        response: { 201: MessageSent, ...errors, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const id = await sendMessage(database.db, authOf(request).userId, request.body, clock.now());
      return reply.status(201).send({ id });
    },
  );
  app.get(
    '/messages/sent',
    { schema: { querystring: SentMessagesQuery, response: { 200: SentMessagePage, ...errors } } },
    (request) => listSent(database.db, authOf(request).userId, request.query.cursor),
  );
}
