import { sql } from 'drizzle-orm';
import { ArenaErrorCode, type ArenaBattle, type ArenaBattlePage } from '@aleph/contracts';
import { queryRows, type Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { battleOf, summaryOf, type BattleRow } from './views.js';

const PAGE = 20;

const selectBattles = sql`select b.id, b.attacker_id, b.defender_id, pa.nickname as attacker_name,
    pd.nickname as defender_name, b.seed, b.attackers, b.defenders, b.winner, b.attacker_change,
    b.defender_change, b.attacker_rating, b.defender_rating, b.created_at
  from arena_battles b
  join profiles pa on pa.id = b.attacker_id
  join profiles pd on pd.id = b.defender_id`;

/**
 * The caller's attacks and defences, newest first: `before` is the last id of the previous
 * page. Each side is read by its own index, newest first, and the two are merged.
 */
export async function battlesOf(
  db: Db,
  profileId: number,
  before: number | undefined,
  limit = PAGE,
): Promise<ArenaBattlePage> {
  const older = before === undefined ? sql`true` : sql`b.id < ${before}`;
  const rows = await queryRows<BattleRow>(
    db,
    sql`select * from (
          (${selectBattles} where b.attacker_id = ${profileId} and ${older} order by b.id desc limit ${limit + 1})
          union all
          (${selectBattles} where b.defender_id = ${profileId} and ${older} order by b.id desc limit ${limit + 1})
        ) x order by id desc limit ${limit + 1}`,
  );
  const page = rows.slice(0, limit);
  return {
    battles: page.map((r) => summaryOf(r, profileId)),
    next: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
  };
}

/** One battle of the caller's (as attacker or defender), replayed from its seed. */
export async function battleReplay(db: Db, profileId: number, id: number): Promise<ArenaBattle> {
  const [row] = await queryRows<BattleRow>(
    db,
    sql`${selectBattles} where b.id = ${id} and (b.attacker_id = ${profileId} or b.defender_id = ${profileId})`,
  );
  if (!row) throw notFound('There is no such battle of yours.', ArenaErrorCode.battleNotFound);
  return battleOf(row, profileId);
}
