import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  BuyPlatinumBody,
  ErrorBody,
  IdParams,
  MarketOffers,
  MintHeroBody,
  MintLandBody,
  MintPrices,
  Purchase,
  PurchaseList,
  PurchaseListQuery,
} from '@aleph/contracts';
import type { Continent } from '@aleph/rules';
import { authOf } from '../../core/session.js';
import { mint, mintPrices } from './mint.js';
import { marketOffers } from './offers.js';
import { createPaymentProvider } from './payments/provider.js';
import { buyPlatinum, refreshPending, type PaymentDeps } from './platinum.js';
import { noteMarketSeen, purchaseHistory, purchaseOf } from './store.js';
import { purchaseView, purchaseViews } from './views.js';

const DEFAULT_HISTORY = 50;

/** /market/offers: the catalogue and payment setup, public. */
export async function marketOfferRoutes(base: FastifyInstance) {
  const offers = marketOffers(createPaymentProvider(base.deps.config.payments));
  base
    .withTypeProvider<TypeBoxTypeProvider>()
    .get('/offers', { schema: { response: { 200: MarketOffers } } }, async () => offers);
}

/**
 * /market: buying Platinum, minting for Platinum or gold, and the purchase history (a
 * signed-in player's scope).
 */
export async function marketRoutes(scope: FastifyInstance) {
  const { config, database, clock } = scope.deps;
  const payments: PaymentDeps = {
    db: database.db,
    provider: createPaymentProvider(config.payments),
    log: scope.log,
  };
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const db = database.db;
  const errors = {
    400: ErrorBody,
    401: ErrorBody,
    404: ErrorBody,
    409: ErrorBody,
    429: ErrorBody,
    503: ErrorBody,
  };

  app.post(
    '/platinum',
    { schema: { body: BuyPlatinumBody, response: { 200: Purchase, 202: Purchase, ...errors } } },
    async (request, reply) => {
      const now = clock.now();
      const row = await buyPlatinum(payments, authOf(request).userId, request.body, now);
      if (row.status === 'pending') reply.code(202);
      return purchaseView(db, row, now);
    },
  );

  app.post(
    '/mint/land',
    { schema: { body: MintLandBody, response: { 200: Purchase, ...errors } } },
    async (request) => {
      const now = clock.now();
      const { continent, idempotencyKey, currency } = request.body;
      const order = { kind: 'mint_land' as const, continent: continent as Continent, currency };
      const row = await mint(db, authOf(request).userId, order, idempotencyKey, now);
      return purchaseView(db, row, now);
    },
  );

  app.post(
    '/mint/hero',
    { schema: { body: MintHeroBody, response: { 200: Purchase, ...errors } } },
    async (request) => {
      const now = clock.now();
      const { idempotencyKey, currency } = request.body;
      const order = { kind: 'mint_hero' as const, currency };
      const row = await mint(db, authOf(request).userId, order, idempotencyKey, now);
      return purchaseView(db, row, now);
    },
  );

  app.get(
    '/mint/prices',
    { schema: { response: { 200: MintPrices, ...errors } } },
    async (request) => mintPrices(db, authOf(request).userId),
  );

  app.get(
    '/purchases',
    { schema: { querystring: PurchaseListQuery, response: { 200: PurchaseList, ...errors } } },
    async (request) => {
      const limit = request.query.limit ?? DEFAULT_HISTORY;
      const { userId } = authOf(request);
      // The marketplace screen opens on this list: it counts as having seen the market.
      await noteMarketSeen(db, userId, clock.now());
      const rows = await purchaseHistory(db, userId, limit);
      return purchaseViews(db, rows, clock.now());
    },
  );

  app.get(
    '/purchases/:id',
    { schema: { params: IdParams, response: { 200: Purchase, ...errors } } },
    async (request) => {
      const now = clock.now();
      const stored = await purchaseOf(db, authOf(request).userId, request.params.id);
      return purchaseView(db, await refreshPending(payments, stored, now), now);
    },
  );
}
