import { sql } from 'drizzle-orm';
import { GAME_CONFIG, spendUpskills, usePot, type Skill, type Skills } from '@aleph/rules';
import { HeroGrowthErrorCode, type Hero } from '@aleph/contracts';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { ChangeBook } from '../../core/change-book.js';
import { assertHeroesNotListed, heroListings } from '../../core/escrow.js';
import { heroNotFound, landNotFound } from '../../core/not-found.js';
import {
  heroFromJson,
  heroJsonOf,
  heroesOfOwner,
  lockOwnLand,
  type HeroJson,
} from '../../core/state.js';
import { heroView } from '../../core/views.js';
import { lockPlayer } from '../../core/land-query.js';

/**
 * Spending upskill points and using Skill Pots (docs/game-rules.md, Hero growth). Both lock
 * the hero's row first and judge against what it holds then, so parallel requests run one
 * after the other and never spend more than there is.
 */
async function lockHero(tx: Tx, profileId: number, heroId: number, now: Date) {
  // The player's profile before the hero (core/land-query.ts, lockPlayer).
  await lockPlayer(tx, profileId);
  const locked = await queryRows(
    tx,
    sql`select id from heroes where id = ${heroId} and owner_id = ${profileId} for no key update`,
  );
  if (locked.length === 0) throw heroNotFound();
  // A listed hero is sold as listed: no upgrade until the listing closes (core/escrow.ts).
  await assertHeroesNotListed(tx, [heroId]);
  const [row] = await queryRows<{ hero: HeroJson }>(tx, sql`select ${heroJsonOf(heroId)} as hero`);
  if (!row) throw heroNotFound();
  return heroFromJson(row.hero, now.getTime());
}

/** The hero as the API shows it, read after the change committed. */
export async function heroViewOf(
  db: Db,
  profileId: number,
  heroId: number,
  now: Date,
): Promise<Hero> {
  const hero = (await heroesOfOwner(db, profileId)).find((h) => h.row.id === heroId);
  if (!hero) throw heroNotFound();
  return heroView(hero, now, await heroListings(db, [heroId]));
}

export async function spendHeroUpskills(
  db: Db,
  profileId: number,
  heroId: number,
  spend: readonly number[],
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const hero = await lockHero(tx, profileId, heroId, now);
    const growth = hero.growth;
    if (!growth) throw heroNotFound();
    const next = spendUpskills(growth, spend);
    if (!Array.isArray(next)) {
      const refusal = next as { reason: string; message: string };
      if (refusal.reason === 'points')
        throw conflict(HeroGrowthErrorCode.notEnoughPoints, refusal.message, 'skills');
      throw badRequest('VALIDATION_ERROR', refusal.message, 'skills');
    }
    const upskills = `{${(next as Skills).join(',')}}`;
    await tx.execute(
      sql`update heroes set upskills = ${upskills}::smallint[] where id = ${heroId}`,
    );
    const book = new ChangeBook();
    book.events.heroChanged(profileId, [heroId]);
    await book.flush(tx, { at: now });
  });
}

export async function useSkillPot(
  db: Db,
  profileId: number,
  heroId: number,
  body: { landid: number; skill: number },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const hero = await lockHero(tx, profileId, heroId, now);
    // Only the player's own land is locked: someone else's answers 404 without waiting.
    const land = await lockOwnLand(tx, body.landid, profileId);
    if (!land) throw landNotFound();
    if (hero.residence?.landId !== land.id) {
      const message = `${hero.name} does not live on this land; a pot is used where the hero lives.`;
      throw conflict(HeroGrowthErrorCode.notLivingThere, message, 'landid');
    }
    const pot = usePot(hero, body.skill as Skill, now.getTime());
    if ('refusal' in pot) throw conflict(HeroGrowthErrorCode.potActive, pot.refusal, 'skill');
    const code = GAME_CONFIG.heroGrowth.pot.itemCode;
    const [held] = await queryRows<{ balance: number | string }>(
      tx,
      sql`select balance from land_items where land_id = ${land.id} and item_code = ${code}`,
    );
    if (!held || Number(held.balance) < 1) {
      throw conflict(
        HeroGrowthErrorCode.noSkillPot,
        "There is no Skill Pot in this land's inventory.",
        'landid',
      );
    }
    await tx.execute(
      sql`update heroes set pot_skill = ${pot.skill}, pot_until = ${new Date(pot.until)} where id = ${heroId}`,
    );
    const book = new ChangeBook([land]);
    book.items(land.id, { [code]: -1 }, { cause: 'skill_pot', causeId: heroId, at: now });
    book.events.heroChanged(profileId, [heroId]);
    await book.flush(tx, { at: now });
  });
}
