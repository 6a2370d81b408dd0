import { eq } from 'drizzle-orm';
import {
  EMAIL_PATTERN,
  ErrorCode,
  LOGIN_PATTERN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  type LoginBody,
  type RegisterBody,
} from '@aleph/contracts';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { uniqueViolationOf } from '../../db/pg-errors.js';
import { authNonces, users } from '../../db/schema.js';
import { AppError, badRequest, conflict } from '../../lib/errors.js';
import { rateLimitClient } from '../../lib/ip-address.js';
import { hit, tooMany } from '../../lib/rate-limit.js';
import { createAccount, type AccountCreatedHook } from '../../core/accounts.js';
import type { SessionTokens } from '../../core/session-cookies.js';
import { reserveLoginAttempt } from './login-limits.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { createSession } from './sessions.js';
import { assertMaySignIn } from '../../core/account-status.js';
import { openChallenge } from './login-challenge.js';
import { queueVerificationMail } from './email-links.js';
import { consumeNonce, isNonceUsable, nonceInvalid } from './nonces.js';
import { generateSiweNonce, verifyRegistrationMessage } from './siwe.js';

const loginRe = new RegExp(LOGIN_PATTERN);
const emailRe = new RegExp(EMAIL_PATTERN);

export interface AuthDeps {
  db: Db;
  config: AppConfig;
  accountHooks: readonly AccountCreatedHook[];
}

export async function isLoginAvailable(db: Db, login: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.loginLower, login.toLowerCase()))
    .limit(1);
  return rows.length === 0;
}

/** Throttled per client: its address, or for IPv6 its /64 (rateLimitClient). */
export async function issueNonce(deps: AuthDeps, address: string, now: Date) {
  const client = rateLimitClient(address);
  const limit = await hit(deps.db, `nonce:${client}`, deps.config.rateLimits.nonce, now);
  if (limit.hits > deps.config.rateLimits.nonce.max) {
    throw tooMany(limit, 'Too many signature requests. Please wait a minute and try again.');
  }
  const nonce = generateSiweNonce();
  const expiresAt = new Date(now.getTime() + deps.config.nonceTtlSeconds * 1000);
  await deps.db.insert(authNonces).values({ nonce, expiresAt });
  return { nonce, expiresAt: expiresAt.toISOString() };
}

function validateFields(body: RegisterBody) {
  if (!loginRe.test(body.login)) {
    throw badRequest(
      ErrorCode.loginInvalid,
      'The username must be 3 to 32 characters: letters, digits or underscores.',
      'login',
    );
  }
  if (!emailRe.test(body.email))
    throw badRequest(ErrorCode.emailInvalid, 'Invalid email format', 'email');
  if (body.password.length < PASSWORD_MIN || body.password.length > PASSWORD_MAX) {
    throw badRequest(
      ErrorCode.passwordInvalid,
      `The password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters long.`,
      'password',
    );
  }
}

const loginTaken = () => conflict(ErrorCode.loginTaken, 'Login already taken', 'login');
const addressTaken = () =>
  conflict(
    ErrorCode.addressTaken,
    'This wallet is already registered to another account.',
    'address',
  );

/** Maps a unique-index violation raised by a racing registration to its clear refusal. */
function uniqueViolation(err: unknown): AppError | undefined {
  const constraint = uniqueViolationOf(err);
  if (constraint === undefined) return undefined;
  return constraint === 'users_address_key' ? addressTaken() : loginTaken();
}

/** `domain`: SIWE_DOMAIN, or in development the request's Host (routes.ts). */
export async function register(deps: AuthDeps, body: RegisterBody, domain: string, now: Date) {
  validateFields(body);
  const { nonce, address } = await verifyRegistrationMessage(
    body,
    {
      domain,
      chainId: deps.config.payments.chainId,
      maxAgeSeconds: deps.config.nonceTtlSeconds,
    },
    now,
  );
  // A replayed message is refused as such, before anything else is looked at.
  if (!(await isNonceUsable(deps.db, nonce, now))) throw nonceInvalid();
  const addressLower = address.toLowerCase();
  if (!(await isLoginAvailable(deps.db, body.login))) throw loginTaken();
  const [owner] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.address, addressLower));
  if (owner) throw addressTaken();
  const passwordHash = await hashPassword(body.password);
  try {
    return await deps.db.transaction(async (tx) => {
      await consumeNonce(tx, nonce, now);
      const account = await createAccount(
        tx,
        { login: body.login, email: body.email, address: addressLower, passwordHash, now },
        deps.accountHooks,
      );
      await queueVerificationMail(tx, deps.config, account.userId, body.email, now);
      return account;
    });
  } catch (err) {
    throw uniqueViolation(err) ?? err;
  }
}

const INVALID_CREDENTIALS = 'Invalid username or password.';

/** A login's outcome: a session, or for an account with two-factor on, a challenge's token. */
export type LoginResult = { tokens: SessionTokens } | { challenge: string };

/**
 * Throttled per client address, per (username, client address) and, more loosely, per
 * username; every attempt is counted before its password is checked, in the database so
 * every process enforces the same limits (login-limits.ts, docs/operations.md). The right
 * password of an account with two-factor on opens a challenge instead of a session
 * (login-challenge.ts): the session waits for a code.
 */
export async function login(
  deps: AuthDeps,
  body: LoginBody,
  client: string,
  now: Date,
  userAgent?: string,
  deviceId?: string,
): Promise<LoginResult> {
  const attempt = await reserveLoginAttempt(deps.db, deps.config, body.username, client, now);
  const [user] = await deps.db
    .select({ id: users.id, passwordHash: users.passwordHash, twoFactor: users.totpEnabledAt })
    .from(users)
    .where(eq(users.loginLower, body.username.toLowerCase()))
    .limit(1);
  const ok = await verifyPassword(user?.passwordHash, body.password);
  if (!user || !ok) throw new AppError(401, ErrorCode.invalidCredentials, INVALID_CREDENTIALS);
  await attempt.succeeded();
  if (user.twoFactor) {
    // A suspended account hears so at the password step, before any code is asked; the
    // session's own transaction (createSession) checks again when the code opens it.
    await assertMaySignIn(deps.db, user.id, now);
    return { challenge: await openChallenge(deps.db, user.id, now) };
  }
  const origin = { userAgent, clientAddress: client, deviceId };
  return { tokens: await createSession(deps.db, user.id, now, deps.config, origin) };
}
