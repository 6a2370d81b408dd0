import { createHmac, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { cookieNames } from '../src/core/session-cookies.js';
import { hashToken, randomToken } from '../src/lib/tokens.js';

/**
 * A signed cookie value as @fastify/cookie makes it (its signer): the value, a dot and the
 * HMAC-SHA256 of the value under the secret in base64 without padding.
 */
function signCookie(value: string, secret: string): string {
  const mac = createHmac('sha256', secret).update(value).digest('base64').replace(/=/g, '');
  return `${value}.${mac}`;
}

/**
 * One session per user, minted directly in the database (`sessions`, `access_tokens`,
 * `refresh_tokens`, tokens stored hashed as `modules/auth/sessions.ts` stores them), instead
 * of tens of thousands of logins that each cost an argon2 hash. The access token lives a day
 * here, so a long bench needs no refresh. Answers each user's Cookie header, with the cookie
 * names of a production server (the bench servers run with NODE_ENV=production).
 */
export async function mintSessions(
  db: Db,
  userIds: readonly number[],
  secret: string,
  now: Date,
): Promise<string[]> {
  const names = cookieNames({ production: true });
  const minted = userIds.map((u) => ({ s: randomUUID(), u, a: randomToken(), r: randomToken() }));
  const accessUntil = new Date(now.getTime() + 86_400_000);
  const refreshUntil = new Date(now.getTime() + 30 * 86_400_000);
  for (let i = 0; i < minted.length; i += 10_000) {
    const rows = minted
      .slice(i, i + 10_000)
      .map((m) => ({ s: m.s, u: m.u, a: hashToken(m.a), r: hashToken(m.r) }));
    await db.execute(sql`with v as materialized (
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(s uuid, u int, a text, r text)),
      ins as (insert into sessions (id, user_id, created_at) select s, u, ${now}::timestamptz from v returning id),
      acc as (insert into access_tokens (token_hash, session_id, expires_at)
        select a, s, ${accessUntil}::timestamptz from v returning 1)
      insert into refresh_tokens (token_hash, session_id, expires_at)
        select r, s, ${refreshUntil}::timestamptz from v`);
  }
  return minted.map(
    (m) =>
      `${names.access}=${encodeURIComponent(signCookie(m.a, secret))}; ` +
      `${names.refresh}=${encodeURIComponent(signCookie(m.r, secret))}`,
  );
}
