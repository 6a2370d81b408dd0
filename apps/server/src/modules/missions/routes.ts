import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { isMissionType, MISSION_TYPES } from '@aleph/rules';
import {
  ErrorBody,
  MissionBody,
  MissionCheckResponse,
  MissionRequirements,
  MissionStartResponse,
  MissionTypeParams,
  RunningMissionList,
} from '@aleph/contracts';
import { notFound } from '../../lib/errors.js';
import { authOf, cachedFor } from '../../core/session.js';
import { checkMissionFor, runningMissions, startMission } from './service.js';

/** /misaar: mission types, check, start and the running list (docs/api.md). */
export async function missionRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { database, clock } = app.deps;
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

  app.get(
    '/mistypes/:type/requirements',
    { schema: { params: MissionTypeParams, response: { 200: MissionRequirements, ...errors } } },
    async (request) => {
      const type = request.params.type.toUpperCase();
      if (!isMissionType(type))
        throw notFound(
          `There is no mission type ${request.params.type}.`,
          'MISSION_TYPE_NOT_FOUND',
        );
      const meta = MISSION_TYPES[type];
      return {
        missionName: meta.missionName,
        missionObjective: meta.missionObjective,
        parameters: [...meta.parameters],
        misRequirements: { resident: meta.misRequirements.resident },
      };
    },
  );

  app.post(
    '/mission/check',
    { schema: { body: MissionBody, response: { 200: MissionCheckResponse, ...errors } } },
    (request) =>
      checkMissionFor(
        database.db,
        authOf(request).userId,
        request.body,
        clock.now(),
        cachedFor(app, request),
      ),
  );

  app.post(
    '/mission/start',
    { schema: { body: MissionBody, response: { 200: MissionStartResponse, ...errors } } },
    (request) => startMission(database.db, authOf(request).userId, request.body, clock.now()),
  );

  app.get(
    '/missions/status/running',
    { schema: { response: { 200: RunningMissionList, ...errors } } },
    (request) =>
      cachedFor(app, request)('running', () =>
        runningMissions(database.db, authOf(request).userId),
      ),
  );
}
