import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  MarkDeleteBody,
  MarkResult,
  MessageIdParams,
  MessageList,
  UnreadSummary,
} from '@aleph/contracts';
import { badRequest } from '../../lib/errors.js';
import { authOf, cachedFor } from '../../core/session.js';
import { countUnread, listMessages, markDeleted, markRead } from './service.js';

/** /hatif: the inbox (docs/api.md). */
export async function messageRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { database, clock } = app.deps;
  const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

  app.get('/messages', { schema: { response: { 200: MessageList, ...errors } } }, (request) =>
    cachedFor(app, request)('messages', () => listMessages(database.db, authOf(request).userId)),
  );
  app.get(
    '/messages/countunread',
    { schema: { response: { 200: UnreadSummary, ...errors } } },
    async (request) => ({
      unreadMessages: await cachedFor(app, request)('unread', () =>
        countUnread(database.db, authOf(request).userId),
      ),
    }),
  );
  app.post(
    '/messages/:id/markread',
    { schema: { params: MessageIdParams, response: { 200: MarkResult, ...errors } } },
    (request) => markRead(database.db, authOf(request).userId, request.params.id, clock.now()),
  );
  app.post(
    '/messages/:id/markdelete',
    { schema: { params: MessageIdParams, response: { 200: MarkResult, ...errors } } },
    (request) => markDeleted(database.db, authOf(request).userId, [request.params.id], clock.now()),
  );
  app.post(
    '/messages/markdelete',
    { schema: { body: MarkDeleteBody, response: { 200: MarkResult, ...errors } } },
    (request) => {
      const ids = request.body.ids ?? request.body.msgids;
      if (!ids) throw badRequest('VALIDATION_ERROR', 'ids is required.', 'ids');
      return markDeleted(database.db, authOf(request).userId, ids, clock.now());
    },
  );
}
