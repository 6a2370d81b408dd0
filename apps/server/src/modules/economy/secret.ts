import { and, eq, sql } from 'drizzle-orm';
import {
  EconomyErrorCode,
  type SecretMarket,
  type SecretOfferView,
  type SecretPurchase,
} from '@aleph/contracts';
import {
  createRng,
  ELEMENT_NAMES,
  GAME_CONFIG,
  RARITY_NAMES,
  rollHero,
  secretHeroSeed,
  secretOffers,
  secretWindowEnd,
  secretWindowStart,
  TERRAIN_NAMES,
  CONTINENT_NAMES,
  type SecretOffer,
} from '@aleph/rules';
import { queryRows, type Db, type Executor } from '../../db/client.js';
import { secretSales } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { uncached, type Cached } from '../../lib/profile-cache.js';
import { ChangeBook } from '../../core/change-book.js';
import { createHero, createLand } from '../../core/create-lands-heroes.js';
import { EncodedAnswer } from '../../lib/encoded-answer.js';
import { notEnoughGold, notEnoughPlatinum } from './errors.js';
import { onceByKey, ownLand } from './requests.js';

/** Offer ids name the player, the window (epoch seconds) and the slot: `7-1764000000-3`. */
const offerId = (profileId: number, windowStart: number, slot: number) =>
  `${profileId}-${windowStart / 1000}-${slot}`;

function titleOf(o: SecretOffer): string {
  const items = GAME_CONFIG.items.catalogue;
  const itemName = items.find((i) => i.item_code === o.itemCode)?.item_name ?? '';
  switch (o.kind) {
    case 'hero':
      return `${RARITY_NAMES[o.rarity ?? 2]} hero`;
    case 'land':
      return `${TERRAIN_NAMES[o.terrain ?? 0]} land on ${CONTINENT_NAMES[o.continent ?? 0]}`;
    case 'shards':
      return `${o.count} ${ELEMENT_NAMES[o.element ?? 0]} shards`;
    default:
      return `${o.count} ${itemName}${o.count > 1 ? 's' : ''}`;
  }
}

const needsLand = (o: SecretOffer) => o.kind !== 'hero' && o.kind !== 'land';

function view(
  profileId: number,
  windowStart: number,
  o: SecretOffer,
  sold: boolean,
): SecretOfferView {
  return {
    id: offerId(profileId, windowStart, o.slot),
    kind: o.kind,
    title: titleOf(o),
    count: o.count,
    gold: o.gold,
    platinum: o.platinum,
    rarity: o.rarity,
    terrain: o.terrain,
    continent: o.continent,
    elemid: o.element,
    itemCode: o.itemCode,
    needsLand: needsLand(o),
    sold,
  };
}

async function soldSlots(db: Executor, profileId: number, windowStart: number) {
  const rows = await queryRows<{ slot: number }>(
    db,
    sql`select slot from secret_sales where profile_id = ${profileId} and window_start = ${new Date(windowStart)}`,
  );
  return new Set(rows.map((r) => Number(r.slot)));
}

/**
 * The player's six offers of the current window, with their sold flags, encoded once: kept by
 * the player's state version and the window (a purchase always costs gold or platinum, which
 * moves the version), so a reload costs no query (docs/performance.md, Gold economy).
 */
export function secretMarketAnswer(
  db: Db,
  profileId: number,
  now: Date,
  cached: Cached = uncached,
): Promise<EncodedAnswer> {
  const start = secretWindowStart(now.getTime());
  return cached(
    `secret:${start}`,
    async () => new EncodedAnswer(await secretMarket(db, profileId, now)),
  );
}

/** The player's six offers of the current window, with their sold flags. */
export async function secretMarket(db: Db, profileId: number, now: Date): Promise<SecretMarket> {
  const start = secretWindowStart(now.getTime());
  const sold = await soldSlots(db, profileId, start);
  return {
    windowStart: new Date(start).toISOString(),
    windowEnd: new Date(secretWindowEnd(start)).toISOString(),
    offers: secretOffers(profileId, start).map((o) => view(profileId, start, o, sold.has(o.slot))),
  };
}

/** The offer an id names, if it is the caller's and of the current window; else 404. */
function offerOf(profileId: number, id: string, now: Date): { start: number; offer: SecretOffer } {
  const [owner, seconds, slot] = id.split('-').map(Number);
  const start = secretWindowStart(now.getTime());
  const offer = secretOffers(profileId, start)[slot ?? -1];
  if (owner !== profileId || (seconds ?? 0) * 1000 !== start || !offer) {
    throw notFound('This offer is not on sale for you now.', EconomyErrorCode.offerNotFound);
  }
  return { start, offer };
}

/**
 * Buys one offer, once: the profile lock orders a player's purchases and the (player, window,
 * slot) key of secret_sales is the backstop. Heroes and lands are created by the code minting
 * uses (core/create-lands-heroes.ts); items and shards go to the land the buyer names.
 */
export function buySecretOffer(
  db: Db,
  profileId: number,
  id: string,
  landId: number | undefined,
  key: string,
  now: Date,
): Promise<SecretPurchase> {
  const { start, offer } = offerOf(profileId, id, now);
  if (needsLand(offer) && landId === undefined) {
    throw badRequest(EconomyErrorCode.landRequired, 'Choose the land that receives it.', 'landid');
  }
  const request = { offer: id, landid: needsLand(offer) ? (landId ?? null) : null };
  return onceByKey(db, profileId, key, 'secret_buy', request, now, async (tx, wallet) => {
    const [taken] = await tx
      .select({ slot: secretSales.slot })
      .from(secretSales)
      .where(
        and(
          eq(secretSales.profileId, profileId),
          eq(secretSales.windowStart, new Date(start)),
          eq(secretSales.slot, offer.slot),
        ),
      );
    if (taken) throw conflict(EconomyErrorCode.offerSold, 'This offer has already been sold.');
    if (wallet.gold < offer.gold) throw notEnoughGold(offer.gold, wallet.gold);
    if (wallet.platinum < offer.platinum) throw notEnoughPlatinum(offer.platinum, wallet.platinum);
    const land = needsLand(offer) ? await ownLand(tx, profileId, landId ?? 0) : null;
    const book = new ChangeBook(land ? [land] : []);
    const why = { cause: 'secret_market', causeId: id, at: now };
    book.profile(profileId, { gold: -offer.gold, platinum: -offer.platinum }, why);
    let heroId: number | null = null;
    let newLandId: number | null = null;
    const rng = createRng(secretHeroSeed(profileId, start, offer.slot));
    if (offer.kind === 'hero') {
      const draft = rollHero(rng, { rarity: offer.rarity ?? 2 });
      heroId = await createHero(tx, profileId, draft, null, now);
      book.events.heroChanged(profileId, [heroId]);
    } else if (offer.kind === 'land') {
      const spec = {
        continent: offer.continent ?? 0,
        terrain: offer.terrain ?? 0,
        element: rng.int(0, 3) as 0 | 1 | 2 | 3,
      };
      newLandId = (await createLand(tx, profileId, spec, rng, now)).id;
      book.events.landChanged(profileId, [newLandId]);
    } else if (land && offer.kind === 'shards') {
      book.shards(land.id, offer.element ?? 0, offer.count, why);
    } else if (land && offer.itemCode) {
      book.items(land.id, { [offer.itemCode]: offer.count }, why);
    }
    await tx.insert(secretSales).values({
      profileId,
      windowStart: new Date(start),
      slot: offer.slot,
      landId: land?.id ?? newLandId,
      heroId,
      createdAt: now,
    });
    await book.flush(tx, { at: now });
    return {
      offer: view(profileId, start, offer, true),
      landid: land?.id ?? newLandId,
      heroId,
    };
  });
}
