import { sql, type SQL } from 'drizzle-orm';
import { SOCIAL_CONFIG } from '@aleph/rules';
import { queryRows, type Executor } from '../db/client.js';

/**
 * Who is online (docs/game-rules.md, Friends): a player connected to the push stream within
 * SOCIAL_CONFIG.friends.onlineWindowMs. Each process records its connected players in the
 * `presence` table (modules/events/presence.ts); readers ask here, never the hub, since a
 * player's stream may be held by another process.
 */
const since = (now: Date) => new Date(now.getTime() - SOCIAL_CONFIG.friends.onlineWindowMs);

/** A boolean SQL expression: the profile `profileId` (a column or value) is online at `now`. */
export function isOnlineSql(profileId: SQL, now: Date): SQL {
  return sql`exists (select 1 from presence pr_on
    where pr_on.profile_id = ${profileId} and pr_on.seen_at > ${since(now)})`;
}

/** Which of `ids` are online at `now`, in one query. */
export async function onlineIds(
  db: Executor,
  ids: readonly number[],
  now: Date,
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select profile_id as id from presence
      where profile_id = any(${`{${ids.join(',')}}`}::int[]) and seen_at > ${since(now)}`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}
