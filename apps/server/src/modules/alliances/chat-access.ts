import { sql } from 'drizzle-orm';
import { AllianceErrorCode, type AllianceRole, type ChatLine } from '@aleph/contracts';
import { queryRows, type Executor } from '../../db/client.js';
import { AppError, forbidden } from '../../lib/errors.js';

/** The chat's refusals, with the alliance API's codes (404 no alliance, 403 not a member). */
export const noSuchAlliance = () =>
  new AppError(404, AllianceErrorCode.allianceNotFound, 'There is no such alliance.');
export const notAMember = () =>
  forbidden(AllianceErrorCode.notMember, 'Only members of this alliance can use its chat.');
export const mayNotDelete = () =>
  forbidden(AllianceErrorCode.notAllowed, 'Only officers and the leader can delete chat lines.');

/**
 * The caller's role in the alliance, or the refusal: 404 when no such alliance exists (or it
 * was dissolved), 403 when the caller is not its member. With `lock`, the member's row is
 * locked (`for no key update`): a member's posts are then counted one at a time, so the rate
 * limit holds with parallel posts, and a kick waits for the post (or the post for the kick).
 */
export async function chatRoleOf(
  db: Executor,
  allianceId: number,
  profileId: number,
  lock = false,
): Promise<AllianceRole> {
  const [member] = await queryRows<{ role: AllianceRole }>(
    db,
    sql`select m.role from alliance_members m
        join alliances a on a.id = m.alliance_id and a.dissolved_at is null
        where m.profile_id = ${profileId} and m.alliance_id = ${allianceId}
        ${lock ? sql`for no key update of m` : sql``}`,
  );
  if (member) return member.role;
  const live = await queryRows<{ id: number }>(
    db,
    sql`select id from alliances where id = ${allianceId} and dissolved_at is null`,
  );
  throw live.length === 0 ? noSuchAlliance() : notAMember();
}

export interface ChatRow {
  id: number;
  alliance_id: number;
  profile_id: number | null;
  nickname: string;
  text: string;
  created_at: Date | string;
  deleted_at: Date | string | null;
}

/** A stored line as the API and the push event show it: a deleted line has empty text. */
export function chatLineOf(row: ChatRow): ChatLine {
  const deleted = row.deleted_at !== null;
  return {
    id: Number(row.id),
    allianceId: Number(row.alliance_id),
    profileid: row.profile_id === null ? null : Number(row.profile_id),
    nickname: row.nickname,
    text: deleted ? '' : row.text,
    at: new Date(row.created_at).toISOString(),
    deleted,
  };
}

export const CHAT_COLUMNS = sql`id, alliance_id, profile_id, nickname, text, created_at, deleted_at`;

/** Every member of the alliance: who a line is pushed to. */
export async function memberIdsOf(db: Executor, allianceId: number): Promise<number[]> {
  const rows = await queryRows<{ profile_id: number }>(
    db,
    sql`select profile_id from alliance_members where alliance_id = ${allianceId}
        order by profile_id`,
  );
  return rows.map((r) => Number(r.profile_id));
}
