import { sql } from 'drizzle-orm';
import { Rarity } from '@aleph/rules';
import { queryRows, type Executor } from '../../db/client.js';
import { countProgress, type MetricCount } from '../game/achievements.js';
import type { ChangeBook } from '../game/change-book.js';
import { writeMessages } from '../messages/store.js';

/**
 * countProgress (modules/game/achievements.ts) with its inbox messages written at once, for
 * domain modules that count outside a settlement batch (a purchase, a level-up, an arena win).
 * Call before `book.flush`: the XP it books and the `inbox.new` events go out with the flush.
 */
export async function countAndNotify(
  tx: Executor,
  book: ChangeBook,
  counts: readonly MetricCount[],
  at: Date,
): Promise<number> {
  const notes = await countProgress(tx, book, counts, at);
  await writeMessages(tx, notes, { events: book.events });
  return notes.length;
}

/**
 * The `max` metrics of what a player owns (lands, heroes, Legendary heroes), reported after a
 * change of it: three counts by the owner indexes.
 */
export async function countOwned(tx: Executor, book: ChangeBook, profileId: number, at: Date) {
  const [owned] = await queryRows<{ lands: number; heroes: number; legendary: number }>(
    tx,
    sql`select (select count(*) from lands where owner_id = ${profileId})::int as lands,
      (select count(*) from heroes where owner_id = ${profileId})::int as heroes,
      (select count(*) from heroes where owner_id = ${profileId} and rarity = ${Rarity.Legendary})::int as legendary`,
  );
  if (!owned) return 0;
  return countAndNotify(
    tx,
    book,
    [
      { profileId, metric: 'lands_owned', amount: owned.lands },
      { profileId, metric: 'heroes_owned', amount: owned.heroes },
      { profileId, metric: 'legendary_heroes_owned', amount: owned.legendary },
    ],
    at,
  );
}
