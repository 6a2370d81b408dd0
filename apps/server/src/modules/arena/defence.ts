import { sql } from 'drizzle-orm';
import { ARENA_CONFIG, attacksLeft, nextAttackDayAt, utcDayKey } from '@aleph/rules';
import type { ArenaStatus } from '@aleph/contracts';
import { queryRows, type Db } from '../../db/client.js';
import { withRetry } from '../../db/retry.js';
import { assertHeroesNotListed } from '../../core/escrow.js';
import { lockPlayer } from '../../core/land-query.js';
import { heroNotFound } from '../../core/not-found.js';
import { defenceHeroes, heroView, loadHeroes } from './heroes.js';
import { arenaRow, attacksOn } from './players.js';

/** The caller's arena card: rating, defence team and the attacks left today. */
export async function arenaStatus(db: Db, profileId: number, now: Date): Promise<ArenaStatus> {
  const row = await arenaRow(db, profileId);
  const [team, used] = await Promise.all([
    defenceHeroes(db, profileId, row.defence, now),
    attacksOn(db, profileId, utcDayKey(now.getTime())),
  ]);
  return {
    rating: row.rating,
    defence: team.map(heroView),
    attacksLeft: attacksLeft(used),
    attacksPerDay: ARENA_CONFIG.attacksPerDay,
    nextAttacksAt: new Date(nextAttackDayAt(now.getTime())).toISOString(),
  };
}

/**
 * Sets the defence team: up to 3 distinct heroes of the caller's (the body's schema counts
 * them). A hero on a mission may defend. Another player's hero answers 404, like every hero
 * route.
 */
export async function setDefence(
  db: Db,
  profileId: number,
  heroIds: readonly number[],
  now: Date,
): Promise<ArenaStatus> {
  const heroes = await loadHeroes(db, heroIds, now);
  if (heroes.length !== heroIds.length || heroes.some((h) => h.ownerId !== profileId))
    throw heroNotFound();
  await withRetry(() =>
    db.transaction(async (tx) => {
      // Under the player's lock, which a Bazaar listing takes too: a listed hero cannot defend
      // (core/escrow.ts), and a hero cannot be listed while it defends.
      await lockPlayer(tx, profileId);
      await assertHeroesNotListed(tx, heroIds, 'heroes');
      await queryRows(
        tx,
        sql`insert into arena_players (profile_id, rating, defence, updated_at)
          values (${profileId}, ${ARENA_CONFIG.elo.start}, ${`{${heroIds.join(',')}}`}::int[], ${now})
          on conflict (profile_id) do update set defence = excluded.defence, updated_at = excluded.updated_at`,
      );
    }),
  );
  return arenaStatus(db, profileId, now);
}
