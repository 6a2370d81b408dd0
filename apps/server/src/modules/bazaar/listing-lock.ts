import { sql } from 'drizzle-orm';
import { effectiveSkills, listRefusal } from '@aleph/rules';
import { queryRows, type Executor } from '../../db/client.js';
import { heroNotFound, landNotFound } from '../../core/not-found.js';
import { growthFromJson, heroJsonOf, lockOwnLand, type HeroJson } from '../../core/state.js';
import { NO_GOODS, refused, type PreparedListing } from './listing-facts.js';

/**
 * A hero or a land to list, locked after the seller's profile (core/land-query.ts): the hero's
 * row as a mission start locks it, the land's as every land writer does, so a listing and a
 * mission start on the same thing run one after the other. Judged by the rules' listRefusal.
 */
export async function heroListing(
  tx: Executor,
  sellerId: number,
  heroId: number,
  now: Date,
): Promise<PreparedListing> {
  const locked = await queryRows(
    tx,
    sql`select id from heroes where id = ${heroId} and owner_id = ${sellerId} for no key update`,
  );
  if (locked.length === 0) throw heroNotFound();
  const [row] = await queryRows<{
    hero: HeroJson;
    defending: boolean;
    listed: boolean;
    unlisted: number | string;
  }>(
    tx,
    sql`select ${heroJsonOf(heroId)} as hero,
      exists(select 1 from arena_players a where a.profile_id = ${sellerId} and ${heroId} = any(a.defence)) as defending,
      exists(select 1 from bazaar_listings b where b.status = 'open' and b.hero_id = ${heroId}) as listed,
      (select count(*) from heroes o where o.owner_id = ${sellerId} and not exists(
        select 1 from bazaar_listings b where b.status = 'open' and b.hero_id = o.id)) as unlisted`,
  );
  const hero = row!.hero;
  // Heroes already listed may be sold: only the unlisted ones count toward the last hero.
  const why = listRefusal({
    kind: 'hero',
    onMission: Boolean(hero.busy),
    inDefence: row!.defending,
    listed: row!.listed,
    heroCount: Number(row!.unlisted),
  });
  if (why) throw refused(why, 'heroid');
  const skills = effectiveSkills({ ...growthFromJson(hero), pot: null }, now.getTime());
  return {
    lands: [],
    facts: {
      ...NO_GOODS,
      heroId,
      title: hero.name,
      goodKey: `hero:${hero.rarity}`,
      rarity: hero.rarity,
      element: hero.element,
      level: hero.level ?? 0,
      skills: [...skills],
    },
  };
}

export async function landListing(
  tx: Executor,
  sellerId: number,
  landId: number,
): Promise<PreparedListing> {
  const land = await lockOwnLand(tx, landId, sellerId);
  if (!land) throw landNotFound();
  const [row] = await queryRows<{ running: number | string; listed: boolean; unlisted: number }>(
    tx,
    sql`select (select count(*) from missions m where m.land_id = ${landId} and m.status = 'running') as running,
      exists(select 1 from bazaar_listings b where b.status = 'open' and b.land_id = ${landId}) as listed,
      (select count(*) from lands o where o.owner_id = ${sellerId} and not exists(
        select 1 from bazaar_listings b where b.status = 'open' and b.land_id = o.id)) as unlisted`,
  );
  const why = listRefusal({
    kind: 'land',
    residents: land.residents ?? 0,
    runningMissions: Number(row!.running),
    listed: row!.listed,
    landCount: Number(row!.unlisted),
  });
  if (why) throw refused(why, 'landid');
  return {
    lands: [],
    facts: {
      ...NO_GOODS,
      landId,
      title: land.name ?? `Land (${land.x}, ${land.y})`,
      goodKey: `land:${land.terrain}`,
      element: land.element,
      terrain: land.terrain,
    },
  };
}
