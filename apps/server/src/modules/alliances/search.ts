import { sql, type SQL } from 'drizzle-orm';
import { ErrorCode, type AllianceSearchPage, type AllianceSearchQuery } from '@aleph/contracts';
import { badRequest } from '../../lib/errors.js';
import { queryRows, type Executor } from '../../db/client.js';
import { allianceWeekStart } from './week.js';

export const SEARCH_PAGE_SIZE = 20;

/** A LIKE pattern matching what starts with `q` literally. */
const prefixPattern = (q: string) => `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The rows after a cursor `<0|1>-<id>`; anything else is a bad cursor (400). */
function afterCursor(cursor: string): SQL {
  const [k, id] = cursor.split('-').map(Number);
  if ((k !== 0 && k !== 1) || !Number.isInteger(id) || id! < 0 || id! > 2_147_483_647) {
    throw badRequest(ErrorCode.validation, 'This cursor is not one a page answered.', 'cursor');
  }
  return sql`and ((case when a.open then 0 else 1 end), a.id) > (${k}::int, ${id}::int)`;
}

/**
 * `GET /athar/alliances?q=&cursor=`: existing alliances whose name or tag starts with `q`
 * (without regard to case), open ones first, then the oldest. Keyset-paged: the cursor is the
 * last row's key `<0 open | 1 closed>-<id>`, so a page costs the same however deep.
 */
export async function searchAlliances(
  db: Executor,
  callerId: number,
  query: AllianceSearchQuery,
  now: Date,
): Promise<AllianceSearchPage> {
  const q = (query.q ?? '').trim();
  const match = q
    ? sql`and (lower(a.name) like ${prefixPattern(q.toLowerCase())}
            or upper(a.tag) like ${prefixPattern(q.toUpperCase())})`
    : sql``;
  const after = query.cursor ? afterCursor(query.cursor) : sql``;
  const week = allianceWeekStart(now);
  const rows = await queryRows<{
    id: number;
    name: string;
    tag: string;
    open: boolean;
    members: number;
    xp: string | number;
  }>(
    db,
    sql`select a.id, a.name, a.tag, a.open, a.member_count as members,
          coalesce((select sum(s.xp) from alliance_scores s
            where s.alliance_id = a.id and s.week_start = ${week}), 0) as xp
        from alliances a
        where a.dissolved_at is null ${match} ${after}
        order by (case when a.open then 0 else 1 end), a.id
        limit ${SEARCH_PAGE_SIZE + 1}`,
  );
  const [mine] = await queryRows<{ id: number; name: string; tag: string }>(
    db,
    sql`select a.id, a.name, a.tag from alliance_members m join alliances a on a.id = m.alliance_id
        where m.profile_id = ${callerId}`,
  );
  const page = rows.slice(0, SEARCH_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    alliances: page.map((r) => ({
      id: r.id,
      name: r.name,
      tag: r.tag,
      open: r.open,
      members: Number(r.members),
      weekXp: Number(r.xp),
    })),
    next: rows.length > SEARCH_PAGE_SIZE && last ? `${last.open ? 0 : 1}-${last.id}` : null,
    mine: mine ?? null,
  };
}
