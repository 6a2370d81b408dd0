import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorBody, QuestBoard } from '@aleph/contracts';
import { authOf } from '../../core/session.js';
import { dismissQuests, questsFor } from './service.js';

/** /athar/quests: the first steps card (docs/api.md, Profile). */
export async function questRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { database, clock } = app.deps;
  const errors = { 401: ErrorBody, 404: ErrorBody };

  // Not in the profile cache: reading the goals is what completes them.
  app.get('/quests', { schema: { response: { 200: QuestBoard, ...errors } } }, (request) =>
    questsFor(database.db, authOf(request).userId, clock.now()),
  );

  app.post(
    '/quests/dismiss',
    { schema: { response: { 200: QuestBoard, 400: ErrorBody, ...errors } } },
    (request) => dismissQuests(database.db, authOf(request).userId, clock.now()),
  );
}
