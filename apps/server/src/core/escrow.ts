import { sql } from 'drizzle-orm';
import { BazaarErrorCode } from '@aleph/contracts';
import { queryRows, type Executor } from '../db/client.js';
import { conflict } from '../lib/errors.js';

/**
 * The Bazaar's escrow as other domains see it (docs/game-rules.md, Bazaar): a hero or land in
 * an open listing keeps its owner but is frozen. Callers check after taking their locks (the
 * owner's profile first, core/land-query.ts), the same lock a listing takes, so a listing and a
 * mission start, a defence change or an upgrade run one after the other and the later sees the
 * earlier.
 */

/**
 * The open listing of each of `heroIds` that is listed, by hero id. Read on every call rather
 * than kept with a player's cached reads: a listing's end changes no row those reads depend on.
 */
export async function heroListings(
  db: Executor,
  heroIds: readonly number[],
): Promise<Map<number, number>> {
  if (heroIds.length === 0) return new Map();
  const rows = await queryRows<{ hero_id: number; id: number }>(
    db,
    sql`select hero_id, id from bazaar_listings
        where status = 'open' and hero_id = any(${`{${heroIds.join(',')}}`}::int[])`,
  );
  return new Map(rows.map((r) => [Number(r.hero_id), Number(r.id)]));
}

/** 409 HERO_LISTED when any of `heroIds` is in an open listing. */
export async function assertHeroesNotListed(
  tx: Executor,
  heroIds: readonly number[],
  field = 'heroid',
): Promise<void> {
  if (heroIds.length === 0) return;
  const rows = await queryRows<{ title: string }>(
    tx,
    sql`select title from bazaar_listings
        where status = 'open' and hero_id = any(${`{${heroIds.join(',')}}`}::int[]) limit 1`,
  );
  const listed = rows[0];
  if (listed) {
    throw conflict(
      BazaarErrorCode.heroListed,
      `${listed.title} is listed on the Bazaar; cancel the listing first.`,
      field,
    );
  }
}

/** 409 LAND_LISTED when the land is in an open listing. */
export async function assertLandNotListed(
  tx: Executor,
  landId: number,
  field = 'landid',
): Promise<void> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select id from bazaar_listings where status = 'open' and land_id = ${landId} limit 1`,
  );
  if (rows.length > 0) throw landListed(field);
}

/** 409 LAND_LISTED, for a caller that found the listing itself (the trader's batch). */
export const landListed = (field = 'landid') =>
  conflict(
    BazaarErrorCode.landListed,
    'This land is listed on the Bazaar; cancel the listing first.',
    field,
  );

/**
 * Both checks of a mission start in one query: 409 HERO_LISTED when the hero is listed, 409
 * LAND_LISTED when the land is.
 */
export async function assertMissionNotListed(
  tx: Executor,
  heroId: number,
  landId: number,
): Promise<void> {
  const rows = await queryRows<{ hero_id: number | null }>(
    tx,
    sql`select hero_id from bazaar_listings
        where status = 'open' and (hero_id = ${heroId} or land_id = ${landId}) limit 1`,
  );
  const listed = rows[0];
  if (!listed) return;
  if (listed.hero_id !== null) await assertHeroesNotListed(tx, [heroId]);
  await assertLandNotListed(tx, landId);
}
