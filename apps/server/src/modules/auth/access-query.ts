import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accessTokens, sessions } from '../../db/schema.js';
import { hashToken } from '../../lib/tokens.js';
import type { AuthContext } from './sessions.js';

/** The signed-in player plus whether they have work the game must finish before a read. */
export interface SessionWork extends AuthContext {
  /** A mission of theirs is past its ETA and not yet settled. */
  due: boolean;
  /** A workflow of theirs (a level-up) waits to run. */
  pending: boolean;
  /** Their profile level as of this request: feature gates need no query of their own. */
  level: number;
  /** Their profile's state version: cached reads tagged with it are current (ProfileCache). */
  version: number;
}

function build(db: Db) {
  const now = sql.placeholder('now');
  return db
    .select({
      userId: sessions.userId,
      sessionId: sessions.id,
      due: sql<boolean>`exists(select 1 from missions m where m.profile_id = "sessions"."user_id"
        and m.status = 'running' and m.eta <= ${now})`,
      pending: sql<boolean>`exists(select 1 from workflows w where w.profile_id = "sessions"."user_id"
        and w.status = 'pending')`,
      level: sql<number>`(select p.level from profiles p where p.id = "sessions"."user_id")`,
      version: sql<number>`(select p.state_version from profiles p where p.id = "sessions"."user_id")::float8`,
    })
    .from(accessTokens)
    .innerJoin(sessions, eq(sessions.id, accessTokens.sessionId))
    .where(
      and(
        eq(accessTokens.tokenHash, sql.placeholder('hash')),
        gt(accessTokens.expiresAt, now),
        isNull(sessions.revokedAt),
      ),
    )
    .limit(1)
    .prepare('resolve_session_work');
}

const prepared = new WeakMap<Db, ReturnType<typeof build>>();

/**
 * The hot path of every signed-in request, in one prepared round trip: the token, its
 * session, and the due-work check that used to be a second query.
 */
export async function resolveSessionWork(
  db: Db,
  token: string,
  now: Date,
): Promise<SessionWork | null> {
  let query = prepared.get(db);
  if (!query) {
    query = build(db);
    prepared.set(db, query);
  }
  const [row] = await query.execute({ hash: hashToken(token), now });
  return row ?? null;
}
