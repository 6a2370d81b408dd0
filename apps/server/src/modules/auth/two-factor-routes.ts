import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  Ok,
  RecoveryCodes,
  TwoFactorCodeBody,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@aleph/contracts';
import { authOf } from '../../core/session.js';
import {
  disableTwoFactor,
  enableTwoFactor,
  renewRecoveryCodes,
  setupTwoFactor,
  twoFactorStatus,
  type TwoFactorDeps,
} from './two-factor.js';

/** /athar/account/2fa: turning two-factor on and off (docs/api.md, "Two-factor"). */
export async function twoFactorRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { config, database, clock } = app.deps;
  const deps: TwoFactorDeps = { db: database.db, config };
  const errors = { 400: ErrorBody, 401: ErrorBody, 409: ErrorBody, 429: ErrorBody };
  const withCode = { body: TwoFactorCodeBody };

  app.get(
    '/account/2fa',
    { schema: { response: { 200: TwoFactorStatus, 401: ErrorBody } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return twoFactorStatus(database.db, authOf(request).userId);
    },
  );

  app.post(
    '/account/2fa/setup',
    { schema: { response: { 200: TwoFactorSetup, ...errors } } },
    async (request, reply) => {
      // The answer holds the secret: no cache keeps it.
      reply.header('cache-control', 'no-store');
      return setupTwoFactor(deps, authOf(request).userId);
    },
  );

  app.post(
    '/account/2fa/enable',
    { schema: { ...withCode, response: { 200: RecoveryCodes, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return enableTwoFactor(deps, authOf(request).userId, request.body.code, clock.now());
    },
  );

  app.post(
    '/account/2fa/disable',
    { schema: { ...withCode, response: { 200: Ok, ...errors } } },
    async (request) => {
      await disableTwoFactor(deps, authOf(request).userId, request.body.code, clock.now());
      return { ok: true as const };
    },
  );

  app.post(
    '/account/2fa/recovery-codes',
    { schema: { ...withCode, response: { 200: RecoveryCodes, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return renewRecoveryCodes(deps, authOf(request).userId, request.body.code, clock.now());
    },
  );
}
