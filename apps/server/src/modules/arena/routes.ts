import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ArenaAttackBody,
  ArenaBattle,
  ArenaBattlePage,
  ArenaBattlesQuery,
  ArenaDefenceBody,
  ArenaLadder,
  ArenaOpponentList,
  ArenaStatus,
  ErrorBody,
  IdParams,
} from '@aleph/contracts';
import { authOf } from '../../core/session.js';
import { requireFeatureAt } from '../../core/gates.js';
import { attack } from './attack.js';
import { battleReplay, battlesOf } from './battles.js';
import { arenaStatus, setDefence } from './defence.js';
import { currentLadder } from './ladder.js';
import { opponentsFor } from './opponents.js';

/** /halba: the Arena, from profile level 10 (docs/api.md, Arena). */
export async function arenaRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { database, clock } = app.deps;
  const db = database.db;
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

  // Every arena route is behind the level-10 gate, judged on the session's level.
  app.addHook('preHandler', async (request) => {
    requireFeatureAt(authOf(request).level, 'profileLevel10');
  });
  const me = (request: Parameters<typeof authOf>[0]) => authOf(request).userId;

  app.get('/defence', { schema: { response: { 200: ArenaStatus, ...errors } } }, (request) =>
    arenaStatus(db, me(request), clock.now()),
  );

  app.put(
    '/defence',
    { schema: { body: ArenaDefenceBody, response: { 200: ArenaStatus, ...errors } } },
    (request) => setDefence(db, me(request), request.body.heroes, clock.now()),
  );

  app.get(
    '/opponents',
    { schema: { response: { 200: ArenaOpponentList, ...errors } } },
    (request) => opponentsFor(db, me(request), clock.now()),
  );

  app.post(
    '/attack',
    {
      schema: {
        body: ArenaAttackBody,
        response: { 200: ArenaBattle, 429: ErrorBody, ...errors },
      },
    },
    (request) => attack(db, me(request), request.body, clock.now()),
  );

  app.get(
    '/battles',
    { schema: { querystring: ArenaBattlesQuery, response: { 200: ArenaBattlePage, ...errors } } },
    (request) => battlesOf(db, me(request), request.query.before, request.query.limit),
  );

  app.get(
    '/battles/:id',
    { schema: { params: IdParams, response: { 200: ArenaBattle, ...errors } } },
    (request) => battleReplay(db, me(request), request.params.id),
  );

  app.get('/ladder', { schema: { response: { 200: ArenaLadder, ...errors } } }, (request) =>
    currentLadder(db, me(request), clock.now()),
  );
}
