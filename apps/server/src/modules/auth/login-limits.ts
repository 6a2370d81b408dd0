import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { rateLimitClient } from '../../lib/ip-address.js';
import { clear, hit, refund, tooMany, type RateLimitRule } from '../../lib/rate-limit.js';

/**
 * How many times the per-(username, client) limit one username may take from all client
 * addresses together. Tight per pair, so one address guessing a player's password is
 * stopped after LOGIN_RATE_PER_USERNAME attempts without locking the player out from their
 * own address; looser per username, so guessing spread over many addresses is still capped
 * (docs/operations.md, "Rate limits").
 */
export const LOGIN_USERNAME_SPREAD = 5;

const TOO_MANY = 'Too many login attempts. Please wait a few minutes and try again.';

export interface LoginAttempt {
  /** Call once the password was right: the attempt is given back. */
  succeeded(): Promise<void>;
}

/**
 * Counts a login attempt before its password is checked (one atomic upsert per counter), so
 * of many parallel attempts at most the limit reach the check; the rest answer 429. The client
 * is its address, or for IPv6 its /64 (rateLimitClient): a subscriber's whole /64 is one
 * client, so taking a new address of it for each guess gains nothing.
 */
export async function reserveLoginAttempt(
  db: Db,
  config: AppConfig,
  username: string,
  address: string,
  now: Date,
): Promise<LoginAttempt> {
  const { loginPerClient, loginPerUsername } = config.rateLimits;
  const client = rateLimitClient(address);
  const byClient = await hit(db, `login:client:${client}`, loginPerClient, now);
  if (byClient.hits > loginPerClient.max) throw tooMany(byClient, TOO_MANY);

  const name = username.toLowerCase();
  const pairKey = `login:pair:${name}:${client}`;
  const pair = await hit(db, pairKey, loginPerUsername, now);
  if (pair.hits > loginPerUsername.max) throw tooMany(pair, TOO_MANY);
  // Counted only once the pair's own limit let the attempt through: one address can take at
  // most its share of the username's budget.
  const userKey = `login:user:${name}`;
  const userRule: RateLimitRule = {
    max: loginPerUsername.max * LOGIN_USERNAME_SPREAD,
    windowSeconds: loginPerUsername.windowSeconds,
  };
  const byUser = await hit(db, userKey, userRule, now);
  if (byUser.hits > userRule.max) throw tooMany(byUser, TOO_MANY);

  return {
    async succeeded() {
      // This address knows the password: its failures are forgiven. The username's counter
      // only gets this attempt back, so a player's login does not reset other addresses' tries.
      await clear(db, pairKey);
      await refund(db, userKey, userRule, now);
    },
  };
}
