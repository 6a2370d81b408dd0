import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  Accepted,
  AccountResponse,
  AccountSessionsResponse,
  ChangeEmailBody,
  ChangePasswordBody,
  EndOtherSessionsResponse,
  ErrorBody,
  Ok,
  SessionIdParams,
  VerifyEmailBody,
  VerifyEmailResponse,
} from '@aleph/contracts';
import { clearAuthCookies } from '../../core/session-cookies.js';
import { authOf } from '../../core/session.js';
import {
  accountView,
  changePassword,
  requestEmailChange,
  resendVerification,
  type AccountDeps,
} from './account.js';
import { followEmailLink } from './email-links.js';
import { endOtherSessions, endSession, listSessions } from './session-list.js';

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  429: ErrorBody,
  503: ErrorBody,
};

/** /athar/account: the signed-in player's account settings (docs/api.md, "Account settings"). */
export async function accountRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { config, database, clock } = app.deps;
  const deps: AccountDeps = { db: database.db, config };

  app.get(
    '/account',
    { schema: { response: { 200: AccountResponse, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return accountView(deps, authOf(request), clock.now());
    },
  );

  app.post(
    '/account/email/verify',
    { schema: { response: { 202: Accepted, ...errors } } },
    async (request, reply) => {
      await resendVerification(deps, authOf(request), clock.now());
      return reply.status(202).send({ accepted: true });
    },
  );

  app.post(
    '/account/email',
    { schema: { body: ChangeEmailBody, response: { 202: Accepted, ...errors } } },
    async (request, reply) => {
      await requestEmailChange(deps, authOf(request), request.body, clock.now());
      return reply.status(202).send({ accepted: true });
    },
  );

  app.post(
    '/account/password',
    { schema: { body: ChangePasswordBody, response: { 200: Ok, ...errors } } },
    async (request) => {
      await changePassword(deps, authOf(request), request.body, clock.now());
      return { ok: true as const };
    },
  );

  app.get(
    '/account/sessions',
    { schema: { response: { 200: AccountSessionsResponse, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { sessions: await listSessions(database.db, authOf(request), clock.now()) };
    },
  );

  app.delete(
    '/account/sessions/:id',
    { schema: { params: SessionIdParams, response: { 200: Ok, ...errors } } },
    async (request, reply) => {
      const auth = authOf(request);
      await endSession(database.db, auth, request.params.id, clock.now());
      // The caller signed itself out: its cookies go too, as after a logout.
      if (request.params.id.toLowerCase() === auth.sessionId) clearAuthCookies(reply, config);
      return { ok: true as const };
    },
  );

  app.post(
    '/account/sessions/end-others',
    { schema: { response: { 200: EndOtherSessionsResponse, ...errors } } },
    async (request) => ({
      ended: await endOtherSessions(database.db, authOf(request), clock.now()),
    }),
  );
}

/** /abwab: the e-mail links a player follows signed in or not (docs/api.md, "Account settings"). */
export async function emailLinkRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { database, clock } = app.deps;

  app.post(
    '/verify-email',
    { schema: { body: VerifyEmailBody, response: { 200: VerifyEmailResponse, ...errors } } },
    async (request) => followEmailLink(database.db, request.body.token, clock.now()),
  );
}
