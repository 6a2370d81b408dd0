import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorBody, Hero, HeroList, IdParams, PotBody, UpskillsBody } from '@aleph/contracts';
import { notFound } from '../../lib/errors.js';
import { authOf, cachedFor } from '../../core/session.js';
import { heroesOfOwner } from '../../core/state.js';
import { heroView } from '../../core/views.js';
import { heroListings } from '../../core/escrow.js';
import { requireFeatureAt } from '../../core/gates.js';
import { heroViewOf, spendHeroUpskills, useSkillPot } from './growth.js';

/**
 * /abtal: the player's heroes (docs/api.md), with busy and ETA from running missions, and
 * their growth: spending upskill points and using Skill Pots.
 */
export async function heroRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { database, clock } = app.deps;
  const { db } = database;
  const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

  const ownHeroes = (request: FastifyRequest) =>
    cachedFor(app, request)('heroes', () => heroesOfOwner(db, authOf(request).userId));

  app.get('/heroes', { schema: { response: { 200: HeroList, ...errors } } }, async (request) => {
    const own = await ownHeroes(request);
    const listings = await heroListings(
      db,
      own.map((h) => h.row.id),
    );
    return own.map((h) => heroView(h, clock.now(), listings));
  });
  app.get(
    '/heroes/:id',
    { schema: { params: IdParams, response: { 200: Hero, ...errors } } },
    async (request) => {
      const hero = (await ownHeroes(request)).find((h) => h.row.id === request.params.id);
      if (!hero) throw notFound('Hero not found.', 'HERO_NOT_FOUND');
      return heroView(hero, clock.now(), await heroListings(db, [hero.row.id]));
    },
  );

  const writes = { ...errors, 403: ErrorBody, 409: ErrorBody };
  app.post(
    '/heroes/:id/upskills',
    { schema: { params: IdParams, body: UpskillsBody, response: { 200: Hero, ...writes } } },
    async (request) => {
      const { userId, level } = authOf(request);
      requireFeatureAt(level, 'profileLevel6');
      const now = clock.now();
      await spendHeroUpskills(db, userId, request.params.id, request.body.skills, now);
      return heroViewOf(db, userId, request.params.id, now);
    },
  );
  app.post(
    '/heroes/:id/pot',
    { schema: { params: IdParams, body: PotBody, response: { 200: Hero, ...writes } } },
    async (request) => {
      const { userId, level } = authOf(request);
      requireFeatureAt(level, 'profileLevel4');
      const now = clock.now();
      await useSkillPot(db, userId, request.params.id, request.body, now);
      return heroViewOf(db, userId, request.params.id, now);
    },
  );
}
