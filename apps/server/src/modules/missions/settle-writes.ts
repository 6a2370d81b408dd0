import { sql } from 'drizzle-orm';
import { jsonRows } from '../game/json-rows.js';
import type { Tx } from '../../db/client.js';
import { round6 } from '../game/ledger.js';
import { writeMessages } from '../messages/store.js';
import type { SettlementBatch } from './settle-batch.js';

const rows = jsonRows;

/**
 * Writes a settled batch in a fixed number of set-based statements, whatever its size: the
 * balances, their ledger entries, board scores, inbox reports, the missions' new status and
 * the players' cache versions.
 */
export async function writeBatch(
  tx: Tx,
  batch: SettlementBatch,
  profileIds: readonly number[],
  settledAt: Date,
): Promise<void> {
  // Every player of the batch gets one cache-version bump, in the same statement that books
  // their gold and XP (the statement triggers skip the batch: aleph.defer_versions is on).
  const profiles = profileIds.map((id) => {
    const d = batch.profileDeltas.get(id);
    return { id, gold: d?.gold ?? 0, xp: d?.xp ?? 0 };
  });
  if (profiles.length > 0) {
    await tx.execute(sql`update profiles p
      set gold = p.gold + v.gold, xp = p.xp + v.xp, state_version = p.state_version + 1
      from jsonb_to_recordset(${rows(profiles)}) as v(id int, gold bigint, xp bigint) where p.id = v.id`);
  }
  const golds = [...batch.touchedLands].map((id) => {
    const land = batch.lands.get(id)!;
    return { id, leftover: land.gold.leftover, at: new Date(land.gold.at).toISOString() };
  });
  if (golds.length > 0) {
    await tx.execute(sql`update lands l set gold_leftover = v.leftover, gold_at = v.at
      from jsonb_to_recordset(${rows(golds)}) as v(id int, leftover numeric, at timestamptz) where l.id = v.id`);
  }
  const elements = [...batch.touchedElements].map((key) => {
    const [landId, el] = key.split(':').map(Number) as [number, 0 | 1 | 2 | 3];
    const land = batch.lands.get(landId)!;
    return {
      land_id: landId,
      element: el,
      tower: land.towers[el],
      seals: land.seals[el],
      shards: land.shards[el],
      volume: land.vault[el].volume,
      at: new Date(land.vault[el].at).toISOString(),
    };
  });
  if (elements.length > 0) {
    // Absolute values are safe: every writer of a land's elements holds the land's row lock.
    await tx.execute(sql`update land_elements e set tower_level = v.tower, seals = v.seals, shards = v.shards,
        vault_volume = v.volume, vault_at = v.at
      from jsonb_to_recordset(${rows(elements)})
        as v(land_id int, element smallint, tower smallint, seals smallint, shards int, volume numeric, at timestamptz)
      where e.land_id = v.land_id and e.element = v.element`);
  }
  const items = [...batch.itemDeltas.values()].filter((i) => i.delta !== 0);
  if (items.length > 0) {
    await tx.execute(sql`insert into land_items (land_id, item_code, balance)
      select "landId", code, delta from jsonb_to_recordset(${rows(items)}) as v("landId" int, code text, delta bigint)
      on conflict (land_id, item_code) do update set balance = land_items.balance + excluded.balance`);
  }
  const moves = [...batch.residences].map(([id, land]) => ({ id, land }));
  if (moves.length > 0) {
    await tx.execute(sql`update heroes h set residence_id = v.land
      from jsonb_to_recordset(${rows(moves)}) as v(id int, land int) where h.id = v.id`);
  }
  const entries = batch.ledger
    .map((e) => ({
      ...e,
      delta: round6(e.delta),
      causeId: e.causeId === undefined || e.causeId === null ? null : String(e.causeId),
    }))
    .filter((e) => e.delta !== 0);
  if (entries.length > 0) {
    await tx.execute(sql`insert into ledger (profile_id, asset, land_id, element, item_code, delta, cause, cause_id, at)
      select "profileId", asset, "landId", element, "itemCode", delta, cause, "causeId", at
      from jsonb_to_recordset(${rows(entries)}) as v("profileId" int, asset text, "landId" int, element smallint,
        "itemCode" text, delta numeric, cause text, "causeId" text, at timestamptz)`);
  }
  await batch.boards.write(tx);
  await writeMessages(
    tx,
    batch.messages.map((m) => ({ ...m, kind: 'mission' as const })),
  );
  await tx.execute(sql`update missions m set status = 'settled', settled_at = ${settledAt}, result = v.result
    from jsonb_to_recordset(${rows(batch.results)}) as v(id int, result jsonb) where m.id = v.id and m.status = 'running'`);
}
