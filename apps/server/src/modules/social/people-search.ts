import { sql } from 'drizzle-orm';
import type { NicknameSearchResult } from '@aleph/contracts';
import { queryRows, type Executor } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';

/** Names the compose dialog's autocomplete shows at most. */
export const SEARCH_LIMIT = 10;

/** LIKE's own characters in a player's input match themselves. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * `GET /athar/players?prefix=`: players whose nickname starts with `prefix` without regard to
 * case, the caller left out, by nickname. `lower(nickname) like 'abc%'` can use an index on
 * `lower(nickname) text_pattern_ops`.
 */
export async function searchPlayers(
  db: Executor,
  callerId: number,
  prefix: string,
): Promise<NicknameSearchResult> {
  const trimmed = prefix.trim();
  if (trimmed.length === 0) {
    throw badRequest('VALIDATION_ERROR', 'Type the start of a nickname.', 'prefix');
  }
  const rows = await queryRows<{ id: number; nickname: string }>(
    db,
    sql`select id, nickname from profiles
      where lower(nickname) like ${`${escapeLike(trimmed.toLowerCase())}%`} escape '\\'
        and id <> ${callerId}
      order by lower(nickname), id limit ${SEARCH_LIMIT}`,
  );
  return rows.map((r) => ({ profileid: Number(r.id), nickname: r.nickname }));
}
