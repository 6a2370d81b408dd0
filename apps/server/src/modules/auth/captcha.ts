import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  createChallenge,
  randomInt,
  verifySolution,
  type Challenge,
  type Payload,
} from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { ErrorCode } from '@aleph/contracts';
import type { AppConfig } from '../../config.js';
import { queryRows, type Db } from '../../db/client.js';
import { systemClock } from '../../lib/clock.js';
import { badRequest } from '../../lib/errors.js';

/**
 * The "I'm not a bot" check of password recovery (docs/api.md, "Password recovery"): a
 * self-hosted proof of work (ALTCHA, protocol 2). The server signs a challenge; the browser's
 * widget searches the counter whose derived key starts with the challenge's prefix, which takes
 * a browser about a second and a bot as long for every request it sends. A solution is accepted
 * once: its challenge's signature is stored until the challenge expires.
 */
export const CAPTCHA = {
  algorithm: 'PBKDF2/SHA-256',
  /** PBKDF2 iterations per tried counter. */
  cost: 500,
  /** The counter to find is drawn from this range (deterministic mode). */
  counterMin: 1_000,
  counterMax: 4_000,
  /** How long a challenge may be solved and sent. */
  ttlSeconds: 10 * 60,
} as const;

/** Secrets for signing, derived from COOKIE_SECRET so no setting is added. */
function secrets(config: AppConfig) {
  const derive = (label: string) =>
    createHmac('sha256', config.cookieSecret).update(`captcha:${label}`).digest('hex');
  return { hmacSignatureSecret: derive('challenge'), hmacKeySignatureSecret: derive('key') };
}

/**
 * Challenges expire by the real clock, not the game's: the library checks `expiresAt` against
 * the time of the machine, and a challenge is a few minutes of a browser's life, not game time.
 */
const realNow = () => systemClock.now();

export async function newCaptcha(config: AppConfig): Promise<Challenge> {
  return createChallenge({
    algorithm: CAPTCHA.algorithm,
    cost: CAPTCHA.cost,
    counter: randomInt(CAPTCHA.counterMax - CAPTCHA.counterMin) + CAPTCHA.counterMin,
    deriveKey,
    expiresAt: new Date(realNow().getTime() + CAPTCHA.ttlSeconds * 1000),
    ...secrets(config),
  });
}

const captchaInvalid = () =>
  badRequest(
    ErrorCode.captchaInvalid,
    'Please enter a valid email and confirm the captcha.',
    'captcha',
  );

function decodePayload(raw: string): Payload | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(raw, 'base64').toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { challenge, solution } = parsed as Partial<Payload>;
    if (typeof challenge !== 'object' || challenge === null) return null;
    if (typeof challenge.parameters !== 'object' || challenge.parameters === null) return null;
    if (typeof challenge.signature !== 'string') return null;
    if (typeof solution !== 'object' || solution === null) return null;
    if (!Number.isSafeInteger(solution.counter) || typeof solution.derivedKey !== 'string')
      return null;
    return { challenge, solution };
  } catch {
    return null;
  }
}

/**
 * Accepts the widget's payload once, or throws 400 CAPTCHA_INVALID: not a payload, a challenge
 * this server did not sign, expired, a wrong solution, or a solution already used.
 */
export async function spendCaptcha(db: Db, config: AppConfig, raw: string): Promise<void> {
  const payload = decodePayload(raw);
  if (!payload) throw captchaInvalid();
  let verified: boolean;
  try {
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      ...secrets(config),
    });
    verified = result.verified;
  } catch {
    // A malformed challenge (a wrong algorithm, a bad prefix) throws in the library.
    verified = false;
  }
  if (!verified) throw captchaInvalid();
  const signature = payload.challenge.signature!;
  const expires = payload.challenge.parameters.expiresAt ?? 0;
  const now = realNow();
  // Used challenges are kept until they expire; older ones go as new ones come.
  await db.execute(sql`delete from captcha_uses where expires_at < ${now}`);
  const stored = await queryRows<{ signature: string }>(
    db,
    sql`insert into captcha_uses (signature, expires_at)
        values (${signature}, ${new Date(expires * 1000)})
        on conflict (signature) do nothing returning signature`,
  );
  if (stored.length === 0) throw captchaInvalid();
}
