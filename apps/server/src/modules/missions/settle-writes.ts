import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { jsonRows as rows } from '../game/json-rows.js';
import { writeMessages } from '../messages/store.js';
import type { SettlementBatch } from './settle-batch.js';

/**
 * Writes a settled batch in a fixed number of set-based statements, whatever its size: the
 * inbox reports, the change book (balances, ledger entries, board scores, and the push events:
 * `mission.finished` with its report's id, the heroes, lands, profiles and inboxes that
 * changed), then what only settlement changes: the heroes' new homes and the missions' new
 * status.
 */
export async function writeBatch(
  tx: Tx,
  batch: SettlementBatch,
  profileIds: readonly number[],
  settledAt: Date,
): Promise<void> {
  const reportIds = await writeMessages(tx, batch.messages, { events: batch.events });
  batch.finished.forEach(({ profileId, event }, i) => {
    batch.events.add(profileId, 'mission.finished', { ...event, reportId: reportIds[i] ?? null });
  });
  // Every player of the batch gets one cache-version bump, in the same statement that books
  // their gold and XP (the statement triggers skip the batch: aleph.defer_versions is on).
  await batch.flush(tx, { bumpVersionsOf: profileIds, at: settledAt });
  const moves = [...batch.residences].map(([id, land]) => ({ id, land }));
  if (moves.length > 0) {
    await tx.execute(sql`update heroes h set residence_id = v.land
      from jsonb_to_recordset(${rows(moves)}) as v(id int, land int) where h.id = v.id`);
  }
  await tx.execute(sql`update missions m set status = 'settled', settled_at = ${settledAt}, result = v.result
    from jsonb_to_recordset(${rows(batch.results)}) as v(id int, result jsonb) where m.id = v.id and m.status = 'running'`);
}
