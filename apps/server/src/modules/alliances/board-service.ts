import { sql } from 'drizzle-orm';
import type { AllianceBoardResponse } from '@aleph/contracts';
import { SOCIAL_CONFIG } from '@aleph/rules';
import { queryRows, type Executor } from '../../db/client.js';
import { allianceStandingOf, allianceStandings } from './board-standings.js';
import { allianceWeekStart } from './week.js';

/**
 * `GET /mirza/alliances/last`: this ISO week's alliance board, its first places
 * (SOCIAL_CONFIG.alliances.board.topSize) and the caller's alliance's row, null when the caller
 * is in none or it has no XP this week.
 */
export async function allianceBoard(
  db: Executor,
  profileId: number,
  now: Date,
): Promise<AllianceBoardResponse> {
  const week = allianceWeekStart(now);
  const rows = await allianceStandings(db, week, SOCIAL_CONFIG.alliances.board.topSize);
  const [own] = await queryRows<{ id: number; name: string; tag: string; members: number }>(
    db,
    sql`select a.id, a.name, a.tag, a.member_count as members from alliance_members m
        join alliances a on a.id = m.alliance_id where m.profile_id = ${profileId}`,
  );
  let mine = own ? (rows.find((r) => r.allianceId === Number(own.id)) ?? null) : null;
  if (own && !mine) {
    const { xp, rank } = await allianceStandingOf(db, Number(own.id), week);
    if (rank !== null) {
      mine = {
        rank,
        allianceId: Number(own.id),
        name: own.name,
        tag: own.tag,
        members: Number(own.members),
        xp,
      };
    }
  }
  return { weekStart: week.toISOString(), rows, mine };
}
