import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorBody, Features, IdParams, ProfileSummary, PublicProfile } from '@aleph/contracts';
import { authOf, cachedFor } from '../../core/session.js';
import { featuresFor } from '@aleph/rules';
import { inForce, profileSummary, publicProfile } from './service.js';

/** /athar: the player's profile (docs/api.md). */
export async function profileRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app.deps.database;
  const errors = { 401: ErrorBody, 404: ErrorBody };

  app.get(
    '/profile',
    { schema: { response: { 200: ProfileSummary, ...errors } } },
    async (request) =>
      inForce(
        await cachedFor(app, request)('profile', () => profileSummary(db, authOf(request).userId)),
        app.deps.clock.now(),
      ),
  );

  app.get(
    '/publicprofiles/:id',
    {
      schema: {
        params: IdParams,
        response: { 200: PublicProfile, 400: ErrorBody, 403: ErrorBody, ...errors },
      },
    },
    (request) => publicProfile(db, authOf(request).level, request.params.id),
  );

  app.get('/features', { schema: { response: { 200: Features, ...errors } } }, (request) =>
    // The level comes with the session lookup (and is refreshed after a level-up runs).
    featuresFor(authOf(request).level),
  );
}
