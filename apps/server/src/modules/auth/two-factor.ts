import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import { Secret } from 'otpauth';
import { RECOVERY_CODE_COUNT, TwoFactorErrorCode, type TwoFactorStatus } from '@aleph/contracts';
import type { AppConfig } from '../../config.js';
import type { Db, Executor } from '../../db/client.js';
import { loginChallenges, recoveryCodes, users } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { hit, refund, tooMany } from '../../lib/rate-limit.js';
import { hashToken } from '../../lib/tokens.js';
import { writeMessages } from '../../core/inbox.js';
import { enrolmentOf, newTotpSecret, stepOfCode } from './totp.js';
import { recordStaffAction, type StaffRecord } from '../../core/staff-log.js';

/**
 * Two-factor sign-in's settings (docs/api.md, "Two-factor"): a secret to scan, confirmed by a
 * code before it is in force; ten single-use recovery codes, kept as SHA-256; turning it off
 * and new recovery codes each take a code. Every code is spent at most once: a TOTP's time step
 * is recorded (`users.totp_last_step`) and a recovery code marked used, each by a conditional
 * update, so two requests with one code succeed once between them. Wrong codes are counted per
 * account (`rateLimits.twoFactorPerAccount`) by the settings and the login's second step alike.
 */

export interface TwoFactorDeps {
  db: Db;
  config: AppConfig;
}

/** A code as the player typed it, read as a TOTP or as a recovery code. */
export type TwoFactorCode = { kind: 'totp'; token: string } | { kind: 'recovery'; hash: string };

/** Recovery codes: 8 characters of lowercase base32 (40 random bits), shown as `xxxx-xxxx`. */
const RECOVERY_RE = /^[a-z2-7]{8}$/;
const TOTP_RE = /^\d{6}$/;

export const codeInvalid = () =>
  badRequest(
    TwoFactorErrorCode.codeInvalid,
    'That code is not right. Enter the 6-digit code your authenticator app shows now, or an unused recovery code.',
    'code',
  );

/** Spaces and dashes are left out and case does not matter: apps show `123 456`. */
export function parseCode(text: string): TwoFactorCode {
  const compact = text.replace(/[\s-]/g, '').toLowerCase();
  if (TOTP_RE.test(compact)) return { kind: 'totp', token: compact };
  if (RECOVERY_RE.test(compact)) return { kind: 'recovery', hash: hashToken(compact) };
  throw codeInvalid();
}

function newRecoveryCode(): string {
  // 5 random bytes are 40 bits: eight base32 characters.
  const code = new Secret({ size: 5 }).base32.toLowerCase();
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** Replaces the account's recovery codes with new ones; answers them, the only time they show. */
async function replaceRecoveryCodes(tx: Executor, userId: number): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx
    .insert(recoveryCodes)
    .values([...codes].map((code) => ({ userId, codeHash: hashToken(code.replace('-', '')) })));
  return [...codes];
}

export interface CodeAttempt {
  /** The code was right: its count is given back, only wrong codes use up the limit. */
  succeeded(): Promise<void>;
}

/**
 * Counts a code before it is checked (one atomic upsert), so parallel guesses cannot all slip
 * under the limit; the answer past it is 429 with Retry-After.
 */
export async function countCodeAttempt(
  db: Db,
  config: AppConfig,
  userId: number,
  now: Date,
): Promise<CodeAttempt> {
  const rule = config.rateLimits.twoFactorPerAccount;
  const key = `2fa:user:${userId}`;
  const state = await hit(db, key, rule, now);
  if (state.hits > rule.max) {
    const minutes = Math.ceil(state.retryAfterSeconds / 60);
    throw tooMany(state, `Too many wrong codes. Please try again in ${minutes} min.`);
  }
  return { succeeded: () => refund(db, key, rule, now) };
}

/** The account's two-factor columns; `lock`: its row locked for the rest of the transaction. */
async function readAccount(db: Executor, userId: number, lock = false) {
  const query = db
    .select({
      login: users.login,
      secret: users.totpSecret,
      pending: users.totpPendingSecret,
      enabledAt: users.totpEnabledAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}
type Account = Awaited<ReturnType<typeof readAccount>>;

/**
 * Spends `code` for the account whose TOTP secret is `secret`: a TOTP of a step after the last
 * accepted one, recorded as the new last step, or (with `recovery`) an unused recovery code,
 * marked used. Answers false for anything else, changing nothing.
 */
export async function spendCode(
  tx: Executor,
  userId: number,
  secret: string,
  code: TwoFactorCode,
  now: Date,
  recovery = true,
): Promise<boolean> {
  if (code.kind === 'recovery') {
    if (!recovery) return false;
    const used = await tx
      .update(recoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(recoveryCodes.userId, userId),
          eq(recoveryCodes.codeHash, code.hash),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ userId: recoveryCodes.userId });
    return used.length > 0;
  }
  const step = stepOfCode(secret, code.token, now);
  if (step === null) return false;
  const accepted = await tx
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return accepted.length > 0;
}

const isOn = () => conflict(TwoFactorErrorCode.on, 'Two-factor sign-in is already on.');
const isOff = () => conflict(TwoFactorErrorCode.off, 'Two-factor sign-in is off.');
const noSetup = () =>
  conflict(
    TwoFactorErrorCode.noSetup,
    'Start by turning two-factor on: scan the new QR code, then confirm a code.',
  );

export async function twoFactorStatus(db: Db, userId: number): Promise<TwoFactorStatus> {
  const account = await readAccount(db, userId);
  if (!account.enabledAt) return { enabled: false, recoveryCodesLeft: 0 };
  const [left] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return { enabled: true, recoveryCodesLeft: left?.n ?? 0 };
}

/** A new secret to scan, pending until a code confirms it; each call replaces the last. */
export async function setupTwoFactor({ db }: TwoFactorDeps, userId: number) {
  const secret = newTotpSecret();
  const login = await db.transaction(async (tx) => {
    const account = await readAccount(tx, userId, true);
    if (account.enabledAt) throw isOn();
    await tx.update(users).set({ totpPendingSecret: secret }).where(eq(users.id, userId));
    return account.login;
  });
  return enrolmentOf(secret, login);
}

/**
 * Runs `apply` once `text` is spent as a code of the account, in the transaction that spends
 * it; `secretOf` picks the secret the code must match, or refuses with a 409 when there is
 * none. The state is checked before the attempt is counted, and again under the row's lock.
 */
async function withCode<T>(
  { db, config }: TwoFactorDeps,
  userId: number,
  text: string,
  now: Date,
  secretOf: (account: Account) => string,
  apply: (tx: Executor, secret: string) => Promise<T>,
  recovery = true,
): Promise<T> {
  const code = parseCode(text);
  secretOf(await readAccount(db, userId));
  const attempt = await countCodeAttempt(db, config, userId, now);
  const outcome = await db.transaction(async (tx) => {
    const secret = secretOf(await readAccount(tx, userId, true));
    if (!(await spendCode(tx, userId, secret, code, now, recovery))) return { ok: false as const };
    return { ok: true as const, value: await apply(tx, secret) };
  });
  if (!outcome.ok) throw codeInvalid();
  await attempt.succeeded();
  return outcome.value;
}

/**
 * A code (app or recovery) of an account with two-factor on, spent as at the login's second
 * step, for a check that needs the second factor again (staff re-authentication). Refusals as
 * the settings': 400 TWO_FACTOR_CODE_INVALID, counted against the account's limit.
 */
export async function confirmCode(deps: TwoFactorDeps, userId: number, text: string, now: Date) {
  await withCode(deps, userId, text, now, enabledSecret, async () => undefined);
}

const pendingSecret = (account: Account) => {
  if (account.enabledAt) throw isOn();
  if (!account.pending) throw noSetup();
  return account.pending;
};

const enabledSecret = (account: Account) => {
  if (!account.enabledAt || !account.secret) throw isOff();
  return account.secret;
};

/** Confirms the pending secret with one of its codes: two-factor is on; the recovery codes. */
export async function enableTwoFactor(
  deps: TwoFactorDeps,
  userId: number,
  text: string,
  now: Date,
) {
  return withCode(
    deps,
    userId,
    text,
    now,
    pendingSecret,
    async (tx, secret) => {
      await tx
        .update(users)
        .set({ totpSecret: secret, totpPendingSecret: null, totpEnabledAt: now })
        .where(eq(users.id, userId));
      return { recoveryCodes: await replaceRecoveryCodes(tx, userId) };
    },
    // No recovery code exists before two-factor is on.
    false,
  );
}

/**
 * Turns two-factor off for an account, in the caller's transaction: its secrets, last step,
 * recovery codes and login challenges go (the settings, with a code; the operator CLI).
 * Answers how many unused recovery codes and open challenges were removed.
 */
export async function clearTwoFactor(tx: Executor, userId: number, now: Date) {
  await tx
    .update(users)
    .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null })
    .where(eq(users.id, userId));
  const codes = await tx
    .delete(recoveryCodes)
    .where(eq(recoveryCodes.userId, userId))
    .returning({ usedAt: recoveryCodes.usedAt });
  const challenges = await tx
    .delete(loginChallenges)
    .where(eq(loginChallenges.userId, userId))
    .returning({ usedAt: loginChallenges.usedAt, expiresAt: loginChallenges.expiresAt });
  return {
    recoveryCodes: codes.filter((c) => c.usedAt === null).length,
    challenges: challenges.filter((c) => c.usedAt === null && c.expiresAt > now).length,
  };
}

export async function disableTwoFactor(
  deps: TwoFactorDeps,
  userId: number,
  text: string,
  now: Date,
) {
  await withCode(deps, userId, text, now, enabledSecret, (tx) => clearTwoFactor(tx, userId, now));
}

/** Ten new recovery codes for a code; the old ones stop working. */
export async function renewRecoveryCodes(
  deps: TwoFactorDeps,
  userId: number,
  text: string,
  now: Date,
) {
  return withCode(deps, userId, text, now, enabledSecret, async (tx) => ({
    recoveryCodes: await replaceRecoveryCodes(tx, userId),
  }));
}

/**
 * Turns two-factor off for an operator, in the caller's transaction: everything of it goes as
 * when the player turns it off, and the player's inbox keeps a note of when, so a reset nobody
 * asked for does not go unseen. The console's reset and the CLI's both come here.
 */
export async function clearTwoFactorForStaff(tx: Executor, userId: number, now: Date) {
  const removed = await clearTwoFactor(tx, userId, now);
  const when = `${now.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  await writeMessages(tx, [
    {
      profileId: userId,
      kind: 'system',
      subject: 'Two-factor sign-in was turned off',
      body:
        `<p>An operator turned off two-factor sign-in for your account on ${when}.</p>` +
        '<p>You can turn it on again in your account settings. If you did not ask for this, ' +
        'change your password at once and write to support.</p>',
      at: now,
    },
  ]);
  return removed;
}

/**
 * An operator turns two-factor off for a player who lost the app and the recovery codes
 * (`admin 2fa reset`), with its staff-log row in the same transaction. Answers whether it was
 * on and what was removed; an account with it off is left as it is, and nothing is logged.
 */
export async function resetTwoFactor(db: Db, userId: number, now: Date, staff: StaffRecord) {
  return db.transaction(async (tx) => {
    const account = await readAccount(tx, userId, true);
    if (!account.enabledAt) return { wasOn: false, recoveryCodes: 0, challenges: 0 };
    const removed = await clearTwoFactorForStaff(tx, userId, now);
    await recordStaffAction(tx, {
      actor: staff.actor,
      action: 'two_factor_reset',
      targetUserId: userId,
      reason: staff.reason,
      details: { before: { twoFactor: true }, after: { twoFactor: false } },
      at: now,
      ...(staff.id === undefined ? {} : { id: staff.id }),
    });
    return { wasOn: true, ...removed };
  });
}
