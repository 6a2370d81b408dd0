import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  Accepted,
  CaptchaChallenge,
  CheckLoginQuery,
  CheckLoginResponse,
  CheckSessionResponse,
  ErrorBody,
  LoginBody,
  LoginResponse,
  MailStatusResponse,
  NonceResponse,
  Ok,
  RegisterBody,
  RestoreBody,
  RestoreConfirmBody,
  RestoreWalletBody,
  TwoFactorCodeBody,
} from '@aleph/contracts';
import { unauthorized } from '../../lib/errors.js';
import {
  clearAuthCookies,
  deviceOf,
  readAuthCookies,
  setAuthCookies,
  setDeviceCookie,
} from '../../core/session-cookies.js';
import { refreshRefusal } from '../../core/account-status.js';
import { isLoginAvailable, issueNonce, login, register, type AuthDeps } from './service.js';
import {
  createSession,
  resolveAccess,
  resolveRefresh,
  revokeSession,
  rotateRefresh,
} from './sessions.js';
import {
  clearChallengeCookie,
  completeChallenge,
  readChallengeCookie,
  setChallengeCookie,
} from './login-challenge.js';
import { newCaptcha } from './captcha.js';
import { confirmRestore, mailOff, requestRestore, restoreWithWallet } from './recovery.js';

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  409: ErrorBody,
  429: ErrorBody,
  503: ErrorBody,
};

/** /abwab: accounts and sessions (docs/api.md, "Session and account"). */
export async function authRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { config, database, clock } = app.deps;
  const deps: AuthDeps = { db: database.db, config, accountHooks: app.deps.accountHooks };

  app.get(
    '/checksession',
    { schema: { response: { 200: CheckSessionResponse } } },
    async (request) => {
      const { access, refresh } = readAuthCookies(request, config);
      const now = clock.now();
      if (access && (await resolveAccess(database.db, access, now))) return { session: true };
      if (refresh && (await resolveRefresh(database.db, refresh, now))) return { session: true };
      return { session: false };
    },
  );

  app.get(
    '/checklogin',
    { schema: { querystring: CheckLoginQuery, response: { 200: CheckLoginResponse, ...errors } } },
    async (request) => ({ available: await isLoginAvailable(database.db, request.query.username) }),
  );

  app.get(
    '/nonce',
    { schema: { response: { 200: NonceResponse, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return issueNonce(deps, request.ip, clock.now());
    },
  );

  app.post(
    '/register',
    { schema: { body: RegisterBody, response: { 201: Ok, ...errors } } },
    async (request, reply) => {
      // Never X-Forwarded-Host: whoever sends the request chooses it. Without SIWE_DOMAIN
      // (development only; required in production) the Host header is the best we know.
      const domain = config.siweDomain ?? request.headers.host ?? '';
      await register(deps, request.body, domain, clock.now());
      return reply.status(201).send({ ok: true });
    },
  );

  // Password recovery by e-mail (docs/api.md, "Password recovery").
  app.get('/mail', { schema: { response: { 200: MailStatusResponse } } }, async () => ({
    enabled: config.mail.enabled,
  }));

  app.get(
    '/captcha',
    { schema: { response: { 200: CaptchaChallenge, ...errors } } },
    async (_request, reply) => {
      if (!config.mail.enabled) throw mailOff();
      reply.header('cache-control', 'no-store');
      return newCaptcha(config);
    },
  );

  app.post(
    '/restore',
    { schema: { body: RestoreBody, response: { 202: Accepted, ...errors } } },
    async (request, reply) => {
      await requestRestore(deps, request.body, request.ip, clock.now());
      return reply.status(202).send({ accepted: true });
    },
  );

  app.post(
    '/restore/confirm',
    { schema: { body: RestoreConfirmBody, response: { 200: Ok, ...errors } } },
    async (request) => {
      await confirmRestore(deps, request.body, clock.now());
      return { ok: true as const };
    },
  );

  app.post(
    '/restore/wallet',
    { schema: { body: RestoreWalletBody, response: { 200: Ok, ...errors } } },
    async (request) => {
      // The same domain as a registration's (see /register below).
      const domain = config.siweDomain ?? request.headers.host ?? '';
      await restoreWithWallet(deps, request.body, domain, request.ip, clock.now());
      return { ok: true as const };
    },
  );

  app.post(
    '/login',
    { schema: { body: LoginBody, response: { 200: LoginResponse, ...errors } } },
    async (request, reply) => {
      const device = deviceOf(request, config);
      const result = await login(
        deps,
        request.body,
        request.ip,
        clock.now(),
        request.headers['user-agent'],
        device.id,
      );
      if ('challenge' in result) {
        setChallengeCookie(reply, config, result.challenge);
        return { twoFactor: true as const };
      }
      setAuthCookies(reply, config, result.tokens);
      if (device.fresh) setDeviceCookie(reply, config, device.id);
      return { ok: true as const };
    },
  );

  /** The second step of a login with two-factor: the challenge's cookie and a code. */
  app.post(
    '/login/2fa',
    { schema: { body: TwoFactorCodeBody, response: { 200: Ok, ...errors } } },
    async (request, reply) => {
      const now = clock.now();
      const device = deviceOf(request, config);
      const token = readChallengeCookie(request, config);
      const userId = await completeChallenge(deps, token, request.body.code, now);
      const tokens = await createSession(database.db, userId, now, config, {
        userAgent: request.headers['user-agent'],
        clientAddress: request.ip,
        deviceId: device.id,
      });
      clearChallengeCookie(reply, config);
      setAuthCookies(reply, config, tokens);
      if (device.fresh) setDeviceCookie(reply, config, device.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/refresh',
    // The refresh token travels in its cookie; any body is ignored.
    { schema: { response: { 200: Ok, ...errors } } },
    async (request, reply) => {
      const { refresh } = readAuthCookies(request, config);
      if (!refresh) throw unauthorized();
      try {
        const tokens = await rotateRefresh(database.db, refresh, clock.now(), config);
        setAuthCookies(reply, config, tokens);
        return { ok: true as const };
      } catch (err) {
        clearAuthCookies(reply, config);
        // A session a suspension ended: say why (403 ACCOUNT_SUSPENDED with its end).
        throw (await refreshRefusal(database.db, refresh, clock.now())) ?? err;
      }
    },
  );

  /** Ends the session on the server, whichever of its tokens the browser still holds. */
  app.post('/logout', { schema: { response: { 200: Ok, ...errors } } }, async (request, reply) => {
    const { access, refresh } = readAuthCookies(request, config);
    const now = clock.now();
    const auth =
      (access ? await resolveAccess(database.db, access, now) : null) ??
      (refresh ? await resolveRefresh(database.db, refresh, now) : null);
    if (auth) await revokeSession(database.db, auth.sessionId, 'logout', now);
    clearAuthCookies(reply, config);
    return { ok: true as const };
  });
}
