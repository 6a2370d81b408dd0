import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorBody, Hero, HeroList, IdParams } from '@aleph/contracts';
import { notFound } from '../../lib/errors.js';
import { authOf } from '../auth/guard.js';
import { cachedFor } from '../../http/request-cache.js';
import { heroesOfOwner } from '../game/state.js';
import { heroView } from '../game/views.js';

/** /abtal: the player's heroes (docs/api.md), with busy and ETA from running missions. */
export async function heroRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app.deps.database;
  const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

  const ownHeroes = (request: FastifyRequest) =>
    cachedFor(app, request)('heroes', () => heroesOfOwner(db, authOf(request).userId));

  app.get('/heroes', { schema: { response: { 200: HeroList, ...errors } } }, async (request) =>
    (await ownHeroes(request)).map(heroView),
  );
  app.get(
    '/heroes/:id',
    { schema: { params: IdParams, response: { 200: Hero, ...errors } } },
    async (request) => {
      const hero = (await ownHeroes(request)).find((h) => h.row.id === request.params.id);
      if (!hero) throw notFound('Hero not found.', 'HERO_NOT_FOUND');
      return heroView(hero);
    },
  );
}
