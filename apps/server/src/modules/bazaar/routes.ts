import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  BazaarAnswer,
  BidBody,
  BuyListingBody,
  CreateListingBody,
  ErrorBody,
  IdempotencyHeaders,
  ListingDetails,
  ListingPage,
  ListingParams,
  ListingSearchQuery,
  MyBazaar,
  PriceHistory,
  PriceHistoryQuery,
} from '@aleph/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { sendEncoded } from '../../lib/encoded-answer.js';
import { authOf } from '../../core/session.js';
import { requireFeatureAt } from '../../core/gates.js';
import { placeBid } from './bids.js';
import { buyListing } from './buy.js';
import { cancelListing } from './cancel.js';
import { createListing } from './create.js';
import { myBazaar } from './mine.js';
import { priceHistory } from './prices.js';
import { searchListings } from './search.js';
import { settleIfDue } from './settle.js';
import { searchPagesOf } from './search-cache.js';
import { listingDetails } from './view.js';

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  429: ErrorBody,
};

/** Trading needs profile level 2 (BAZAAR_CONFIG.minLevel); anyone may browse (docs/api.md). */
const requireTrader = (level: number) => requireFeatureAt(level, 'profileLevel2');

/**
 * Ends a due listing for a reader. A refusal of the game's (an expiry whose elementals have no
 * room yet: docs/game-rules.md, Bazaar) leaves it due for the worker; the reader sees it open.
 */
async function endIfDue(db: Db, id: number, now: Date): Promise<boolean> {
  try {
    return await settleIfDue(db, id, now);
  } catch (err) {
    if (err instanceof AppError) return false;
    throw err;
  }
}

/** /souq/bazaar: the players' market (docs/api.md, "Bazaar"). */
export async function bazaarRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { database, clock } = app.deps;
  const db = database.db;
  const pages = searchPagesOf(db);
  // Every write of the Bazaar's (also a refused one: cheap, and never wrong) drops the kept pages.
  app.addHook('onResponse', async (request) => {
    if (request.method !== 'GET') pages.wrote();
  });

  app.get(
    '/bazaar/listings',
    {
      // Sent as encoded by search-cache.ts: the compression plugin must not compress it again.
      compress: false,
      schema: { querystring: ListingSearchQuery, response: { 200: ListingPage, ...errors } },
    },
    async (request, reply) => {
      const answer = await pages.page(request.query, () =>
        searchListings(db, request.query, clock.now()),
      );
      return sendEncoded(request, reply, answer);
    },
  );

  app.post(
    '/bazaar/listings',
    {
      schema: {
        headers: IdempotencyHeaders,
        body: CreateListingBody,
        response: { 201: BazaarAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      requireTrader(auth.level);
      const key = request.headers['idempotency-key'];
      const answer = await createListing(db, auth.userId, request.body, key, clock.now());
      return reply.status(201).send(answer);
    },
  );

  app.get(
    '/bazaar/listings/:id',
    { schema: { params: ListingParams, response: { 200: ListingDetails, ...errors } } },
    async (request) => {
      const viewer = authOf(request).userId;
      const { id } = request.params;
      const now = clock.now();
      const listing = await listingDetails(db, id, viewer, now);
      // Past its end but not yet reached by the worker: end it now, so the page tells the truth.
      if (listing.status !== 'open' || Date.parse(listing.endsAt) > now.getTime()) return listing;
      if (!(await endIfDue(db, id, now))) return listing;
      return listingDetails(db, id, viewer, now);
    },
  );

  app.delete(
    '/bazaar/listings/:id',
    { schema: { params: ListingParams, response: { 200: BazaarAnswer, ...errors } } },
    async (request) => cancelListing(db, authOf(request).userId, request.params.id, clock.now()),
  );

  app.post(
    '/bazaar/listings/:id/buy',
    {
      schema: {
        params: ListingParams,
        body: BuyListingBody,
        response: { 200: BazaarAnswer, ...errors },
      },
    },
    async (request) => {
      const auth = authOf(request);
      requireTrader(auth.level);
      return buyListing(db, auth.userId, request.params.id, request.body, clock.now());
    },
  );

  app.post(
    '/bazaar/listings/:id/bids',
    {
      schema: { params: ListingParams, body: BidBody, response: { 200: BazaarAnswer, ...errors } },
    },
    async (request) => {
      const auth = authOf(request);
      requireTrader(auth.level);
      return placeBid(db, auth.userId, request.params.id, request.body.amount, clock.now());
    },
  );

  app.get('/bazaar/mine', { schema: { response: { 200: MyBazaar, ...errors } } }, async (request) =>
    myBazaar(db, authOf(request).userId, clock.now()),
  );

  app.get(
    '/bazaar/prices',
    { schema: { querystring: PriceHistoryQuery, response: { 200: PriceHistory, ...errors } } },
    async (request) => priceHistory(db, request.query, clock.now()),
  );
}
