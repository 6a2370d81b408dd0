import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AllianceApplyBody,
  AllianceCreateBody,
  AllianceCreated,
  AllianceDetails,
  AllianceDone,
  AllianceIdParams,
  AllianceInviteBody,
  AllianceLeaderBody,
  AllianceMemberParams,
  AllianceSearchPage,
  AllianceSearchQuery,
  ErrorBody,
} from '@aleph/contracts';
import { authOf } from '../../core/session.js';
import { createAlliance } from './create.js';
import { allianceDetails } from './details.js';
import { applyToAlliance, joinAlliance } from './join.js';
import { changeRank, handOverLeadership, kickMember, leaveAlliance } from './members.js';
import { searchAlliances } from './search.js';
import { acceptApplication, invitePlayer, refuseApplication } from './staff-actions.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** /athar/alliances: create, search, read and membership (docs/api.md, "Alliances"). */
export async function allianceRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { database, clock } = app.deps;
  const db = database.db;

  app.post(
    '/alliances',
    { schema: { body: AllianceCreateBody, response: { 201: AllianceCreated, ...errors } } },
    async (request, reply) => {
      const created = await createAlliance(db, authOf(request).userId, request.body, clock.now());
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/alliances',
    {
      schema: {
        querystring: AllianceSearchQuery,
        response: { 200: AllianceSearchPage, ...errors },
      },
    },
    async (request) => searchAlliances(db, authOf(request).userId, request.query, clock.now()),
  );

  app.get(
    '/alliances/:id',
    { schema: { params: AllianceIdParams, response: { 200: AllianceDetails, ...errors } } },
    async (request) => allianceDetails(db, request.params.id, authOf(request).userId, clock.now()),
  );

  const done = { 200: AllianceDone, ...errors };
  const byId = { params: AllianceIdParams, response: done };
  const byMember = { params: AllianceMemberParams, response: done };

  app.post('/alliances/:id/join', { schema: byId }, async (request) =>
    joinAlliance(db, request.params.id, authOf(request).userId, clock.now()),
  );
  app.post(
    '/alliances/:id/apply',
    { schema: { ...byId, body: AllianceApplyBody } },
    async (request) =>
      applyToAlliance(
        db,
        request.params.id,
        authOf(request).userId,
        request.body?.text,
        clock.now(),
      ),
  );
  app.post('/alliances/:id/leave', { schema: byId }, async (request) =>
    leaveAlliance(db, request.params.id, authOf(request).userId, clock.now()),
  );
  app.post(
    '/alliances/:id/invite',
    {
      schema: { ...byId, body: AllianceInviteBody, response: { ...done, 429: ErrorBody } },
    },
    async (request) =>
      invitePlayer(
        db,
        request.params.id,
        authOf(request).userId,
        request.body.nickname,
        clock.now(),
      ),
  );
  app.post(
    '/alliances/:id/leader',
    { schema: { ...byId, body: AllianceLeaderBody } },
    async (request) =>
      handOverLeadership(
        db,
        request.params.id,
        authOf(request).userId,
        request.body.profileid,
        clock.now(),
      ),
  );
  app.post('/alliances/:id/applications/:profileid/accept', { schema: byMember }, async (request) =>
    acceptApplication(
      db,
      request.params.id,
      authOf(request).userId,
      request.params.profileid,
      clock.now(),
    ),
  );
  app.post('/alliances/:id/applications/:profileid/refuse', { schema: byMember }, async (request) =>
    refuseApplication(
      db,
      request.params.id,
      authOf(request).userId,
      request.params.profileid,
      clock.now(),
    ),
  );
  app.post('/alliances/:id/members/:profileid/kick', { schema: byMember }, async (request) =>
    kickMember(
      db,
      request.params.id,
      authOf(request).userId,
      request.params.profileid,
      clock.now(),
    ),
  );
  for (const action of ['promote', 'demote'] as const) {
    app.post(`/alliances/:id/members/:profileid/${action}`, { schema: byMember }, async (request) =>
      changeRank(
        db,
        request.params.id,
        authOf(request).userId,
        request.params.profileid,
        action,
        clock.now(),
      ),
    );
  }
}
