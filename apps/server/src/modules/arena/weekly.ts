import { sql } from 'drizzle-orm';
import { closedArenaWeek, weeklyRewardGold } from '@aleph/rules';
import { queryRows, type Db } from '../../db/client.js';
import { withRetry } from '../../db/retry.js';
import { ChangeBook } from '../../core/change-book.js';
import { writeMessages, type NewMessage } from '../../core/inbox.js';
import { weekLadder } from './ladder.js';

const REWARDED_PLACES = 10;

/**
 * Pays the rewards of the ISO week that closed last, once (docs/game-rules.md, Arena): the
 * insert of the week's row is the claim. With several processes running housekeeping, the
 * second insert waits for the first transaction and then finds the row, so it pays nothing;
 * if the payer fails, its claim rolls back with its payments. Answers the players paid, or
 * null when the week was already claimed.
 */
export async function payClosedArenaWeek(db: Db, now: Date): Promise<number | null> {
  const week = closedArenaWeek(now.getTime());
  return withRetry(() =>
    db.transaction(async (tx) => {
      const claimed = await queryRows<{ week: string }>(
        tx,
        sql`insert into arena_weeks (week, paid_at, rewarded) values (${week}, ${now}, 0)
            on conflict (week) do nothing returning week`,
      );
      if (claimed.length === 0) return null;
      const ladder = await weekLadder(tx, week, REWARDED_PLACES);
      const book = new ChangeBook();
      const messages: NewMessage[] = [];
      for (const row of ladder) {
        const gold = weeklyRewardGold(row.place, row.points);
        if (gold <= 0) continue;
        book.profile(row.profileId, { gold }, { cause: 'arena_week', causeId: week, at: now });
        messages.push({
          profileId: row.profileId,
          kind: 'system',
          at: now,
          subject: `Arena: place ${row.place} in week ${week}`,
          body: `<p>You finished week ${week} of the Arena in place <b>${row.place}</b> with ${row.points} rating points gained.</p><p>Reward: <b>${gold} gold</b>.</p>`,
        });
      }
      await book.flush(tx, { at: now });
      await writeMessages(tx, messages);
      await queryRows(
        tx,
        sql`update arena_weeks set rewarded = ${messages.length} where week = ${week}`,
      );
      return messages.length;
    }),
  );
}
