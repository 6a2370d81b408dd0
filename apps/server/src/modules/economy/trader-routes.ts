import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  EconomyErrorCode,
  ErrorBody,
  IdempotencyHeaders,
  StaleQuoteBody,
  TradeBody,
  TradeResult,
  TraderQuotes,
} from '@aleph/contracts';
import { utcDayStart } from '@aleph/rules';
import { authOf, cachedFor } from '../../core/session.js';
import { requireFeatureAt } from '../../core/gates.js';
import { StaleQuote } from './errors.js';
import { sendEncoded, SharedAnswers } from '../../lib/encoded-answer.js';
import { quotesView } from './quotes.js';
import { trade, type Side } from './trader.js';
import { pressureCache, soldToday } from './trader-store.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** /souq/trader: the Greedy trader's quotes, sales and purchases (profile level 7). */
export async function traderRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const { database, clock } = scope.deps;
  const db = database.db;
  // Most players see the same quotes: the same bytes, compressed once.
  const answers = new SharedAnswers();

  app.get(
    '/trader',
    // Sent as encoded by answers.ts: the compression plugin must not compress it again.
    { compress: false, schema: { response: { 200: TraderQuotes, ...errors } } },
    async (request, reply) => {
      const auth = authOf(request);
      requireFeatureAt(auth.level, 'profileLevel7');
      const now = clock.now();
      // The pressures as of at most a second ago (the trade re-checks the price), and the
      // player's sales of the day by their state version (a sale changes their gold, which
      // moves it): usually no query at all.
      const day = utcDayStart(now.getTime());
      const [pressures, sold] = await Promise.all([
        pressureCache(db).get(),
        cachedFor(scope, request)(`trader-sold:${day}`, () => soldToday(db, auth.userId, now)),
      ]);
      return sendEncoded(request, reply, answers.of(quotesView(pressures, sold, now)));
    },
  );

  for (const side of ['sell', 'buy'] as const satisfies readonly Side[]) {
    app.post(
      `/trader/${side}`,
      {
        schema: {
          headers: IdempotencyHeaders,
          body: TradeBody,
          response: { 200: TradeResult, 409: StaleQuoteBody, ...errors },
        },
      },
      async (request, reply) => {
        const auth = authOf(request);
        requireFeatureAt(auth.level, 'profileLevel7');
        const key = request.headers['idempotency-key'];
        try {
          return await trade(db, auth.userId, side, request.body, key, clock.now());
        } catch (err) {
          if (!(err instanceof StaleQuote)) throw err;
          return reply.code(409).send({
            statusCode: 409,
            error: 'Conflict',
            message: err.message,
            code: EconomyErrorCode.staleQuote,
            field: 'price',
            quote: err.quote,
          });
        }
      },
    );
  }
}
