import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorBody, IdParams, InventoryList, Land, LandList } from '@aleph/contracts';
import { authOf, cachedFor } from '../../core/session.js';
import { getLand, landInventory, listLands } from './service.js';

/** /ard: the player's lands (docs/api.md). */
export async function landRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { database, clock } = app.deps;
  const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

  app.get('/lands', { schema: { response: { 200: LandList, ...errors } } }, (request) =>
    listLands(database.db, authOf(request).userId, clock.now(), cachedFor(app, request)),
  );
  app.get(
    '/lands/:id',
    { schema: { params: IdParams, response: { 200: Land, ...errors } } },
    (request) =>
      getLand(
        database.db,
        authOf(request).userId,
        request.params.id,
        clock.now(),
        cachedFor(app, request),
      ),
  );
  app.get(
    '/lands/:id/balances',
    { schema: { params: IdParams, response: { 200: InventoryList, ...errors } } },
    (request) =>
      landInventory(
        database.db,
        authOf(request).userId,
        request.params.id,
        cachedFor(app, request),
      ),
  );
}
