import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { countProgress } from '../../core/achievements.js';
import { jsonRows as rows } from '../../core/json-rows.js';
import { writeMessages } from '../../core/inbox.js';
import type { SettlementBatch } from './settle-batch.js';

/**
 * Writes a settled batch in a fixed number of set-based statements, whatever its size: the
 * inbox reports, the change book (balances, ledger entries, board scores, and the push events:
 * `mission.finished` with its report's id, the heroes, lands, profiles and inboxes that
 * changed), then what only settlement changes: the heroes' XP, levels and new homes, and the missions'
 * new status.
 */
export async function writeBatch(
  tx: Tx,
  batch: SettlementBatch,
  profileIds: readonly number[],
  settledAt: Date,
): Promise<void> {
  // Achievements the batch reached: their XP joins the book, their messages follow the reports
  // (so the reports keep the indexes of batch.finished).
  const notes = await countProgress(tx, batch, batch.counts, settledAt);
  const reportIds = await writeMessages(tx, [...batch.messages, ...notes], {
    events: batch.events,
  });
  batch.finished.forEach(({ profileId, event }, i) => {
    batch.events.add(profileId, 'mission.finished', { ...event, reportId: reportIds[i] ?? null });
  });
  // Every player of the batch gets one cache-version bump, in the same statement that books
  // their gold and XP (the statement triggers skip the batch: aleph.defer_versions is on).
  await batch.flush(tx, { bumpVersionsOf: profileIds, at: settledAt });
  // Every returning hero: its hero XP, a new level (HEROLEVELUP) and a new home (TRANSFERHERO).
  const heroes = [...batch.heroGrowth].map(([id, g]) => ({
    id,
    xp: g.xp,
    level: g.level,
    land: batch.residences.get(id) ?? null,
  }));
  if (heroes.length > 0) {
    await tx.execute(sql`update heroes h set xp = h.xp + v.xp, level = coalesce(v.level, h.level),
        residence_id = coalesce(v.land, h.residence_id)
      from jsonb_to_recordset(${rows(heroes)}) as v(id int, xp int, level smallint, land int)
      where h.id = v.id`);
  }
  // Each mission keeps its report's id: the Mission Log links to it.
  const reported = batch.results.map((r, i) => ({
    id: r.id,
    result: { ...r.result, reportId: reportIds[i] ?? null },
  }));
  await tx.execute(sql`update missions m set status = 'settled', settled_at = ${settledAt}, result = v.result
    from jsonb_to_recordset(${rows(reported)}) as v(id int, result jsonb) where m.id = v.id and m.status = 'running'`);
}
