import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  IdempotencyHeaders,
  LuckyCoinState,
  LuckyToss,
  SecretBuyBody,
  SecretMarket,
  SecretOfferParams,
  SecretPurchase,
  TossBody,
} from '@aleph/contracts';
import { authOf, cachedFor } from '../../core/session.js';
import { requireFeatureAt } from '../../core/gates.js';
import { sendEncoded } from '../../lib/encoded-answer.js';
import { luckyCoinAnswer, tossCoin } from './lucky.js';
import { buySecretOffer, secretMarketAnswer } from './secret.js';
import { traderRoutes } from './trader-routes.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** /souq: the Greedy trader (level 7) and the Secret market (level 8). */
export async function economyRoutes(scope: FastifyInstance) {
  await scope.register(traderRoutes);
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const { database, clock } = scope.deps;

  app.get(
    '/secret',
    // Sent as encoded by answers.ts: the compression plugin must not compress it again.
    { compress: false, schema: { response: { 200: SecretMarket, ...errors } } },
    async (request, reply) => {
      const auth = authOf(request);
      requireFeatureAt(auth.level, 'profileLevel8');
      const cached = cachedFor(scope, request);
      const answer = await secretMarketAnswer(database.db, auth.userId, clock.now(), cached);
      return sendEncoded(request, reply, answer);
    },
  );

  app.post(
    '/secret/:offerId/buy',
    {
      schema: {
        headers: IdempotencyHeaders,
        params: SecretOfferParams,
        body: SecretBuyBody,
        response: { 200: SecretPurchase, ...errors },
      },
    },
    async (request) => {
      const auth = authOf(request);
      requireFeatureAt(auth.level, 'profileLevel8');
      const key = request.headers['idempotency-key'];
      const { offerId } = request.params;
      return buySecretOffer(
        database.db,
        auth.userId,
        offerId,
        request.body.landid,
        key,
        clock.now(),
      );
    },
  );
}

/** /hadath: the Lucky coin event (level 5). */
export async function gameEventRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const { database, clock } = scope.deps;

  app.get(
    '/luckycoin',
    // Sent as encoded by answers.ts: the compression plugin must not compress it again.
    { compress: false, schema: { response: { 200: LuckyCoinState, ...errors } } },
    async (request, reply) => {
      const auth = authOf(request);
      requireFeatureAt(auth.level, 'profileLevel5');
      const cached = cachedFor(scope, request);
      const answer = await luckyCoinAnswer(database.db, auth.userId, clock.now(), cached);
      return sendEncoded(request, reply, answer);
    },
  );

  app.post(
    '/luckycoin/toss',
    {
      schema: {
        headers: IdempotencyHeaders,
        body: TossBody,
        response: { 200: LuckyToss, ...errors },
      },
    },
    async (request) => {
      const auth = authOf(request);
      requireFeatureAt(auth.level, 'profileLevel5');
      const key = request.headers['idempotency-key'];
      return tossCoin(database.db, auth.userId, request.body.landid, key, clock.now());
    },
  );
}
