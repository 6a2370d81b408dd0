import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { MintCurrency, MintPrices } from '@aleph/contracts';
import {
  createRng,
  GAME_CONFIG,
  mintGoldPrice,
  rollMintHero,
  rollMintLand,
  type Continent,
  type Rng,
} from '@aleph/rules';
import { queryRows, type Db, type Executor } from '../../db/client.js';
import { purchases } from '../../db/schema.js';
import { withRetry } from '../../db/retry.js';
import { countOwned } from '../../core/achievements.js';
import { ChangeBook } from '../../core/change-book.js';
import { createHero, createLand } from '../../core/create-lands-heroes.js';
import { lockWallet } from '../../core/balances.js';
import { insufficientGold, insufficientPlatinum, violatedIndex } from './errors.js';
import {
  assertSameRequest,
  purchaseByKey,
  type PurchaseRequest,
  type PurchaseResult,
  type PurchaseRow,
} from './store.js';

const MARKET = GAME_CONFIG.market;

/** A mint and what pays for it: Platinum unless `currency` says 'gold'. */
export type MintOrder = ({ kind: 'mint_land'; continent: Continent } | { kind: 'mint_hero' }) & {
  currency?: MintCurrency;
};

const PRICE = { mint_land: MARKET.landPricePlatinum, mint_hero: MARKET.heroPricePlatinum };
const WHAT = { mint_land: 'Minting a land', mint_hero: 'Minting a hero' };

/** What a mint changes in the wallet: one of the two is negative, the other 0. */
interface MintCost {
  platinum: number;
  gold: number;
}

/**
 * Spends Platinum, or treasury gold, on a land or a hero, all in one transaction: the profile
 * row is locked first, so a player's purchases run one at a time, a retried key finds the
 * purchase its twin made, and the gold price is that of what the player owns at this moment.
 * The draw comes from a seed stored with the purchase; the database picks the land's free
 * slot, and its unique (continent, x, y) index settles races between players.
 */
export async function mint(
  db: Db,
  profileId: number,
  order: MintOrder,
  idempotencyKey: string,
  now: Date,
): Promise<PurchaseRow> {
  const currency = order.currency ?? 'platinum';
  const request: PurchaseRequest = {
    ...(order.kind === 'mint_land' ? { continent: order.continent } : {}),
    // A platinum mint stores the request it always did, so its keys replay as before.
    ...(currency === 'gold' ? { currency } : {}),
  };
  try {
    return await withRetry(() =>
      db.transaction(async (tx) => {
        const wallet = await lockWallet(tx, profileId);
        const earlier = await purchaseByKey(tx, profileId, idempotencyKey);
        if (earlier) {
          assertSameRequest(earlier, order.kind, request);
          return earlier;
        }
        const cost = await costOf(tx, profileId, order.kind, currency, wallet);
        const seed = randomInt(0, 2 ** 31 - 1);
        const [row] = await tx
          .insert(purchases)
          .values({
            profileId,
            kind: order.kind,
            idempotencyKey,
            request,
            status: 'confirmed',
            platinum: cost.platinum,
            gold: cost.gold,
            seed,
            createdAt: now,
            confirmedAt: now,
          })
          .returning({ id: purchases.id });
        if (!row) throw new Error('purchase insert returned no row');
        const result = await create(tx, profileId, order, createRng(seed), now);
        const book = new ChangeBook();
        book.profile(profileId, cost, { cause: order.kind, causeId: row.id, at: now });
        if (result.heroId !== undefined) book.events.heroChanged(profileId, [result.heroId]);
        if (result.landId !== undefined) book.events.landChanged(profileId, [result.landId]);
        // Lands and heroes owned: achievement metrics (docs/game-rules.md, Achievements).
        await countOwned(tx, book, profileId, now);
        await book.flush(tx, { at: now });
        const [done] = await tx
          .update(purchases)
          .set({ result })
          .where(eq(purchases.id, row.id))
          .returning();
        if (!done) throw new Error('purchase update returned no row');
        return done;
      }),
    );
  } catch (err) {
    // The profile lock makes this unreachable in practice; the unique index is the backstop.
    if (violatedIndex(err) !== 'purchases_idempotency_key') throw err;
    const winner = await purchaseByKey(db, profileId, idempotencyKey);
    if (!winner) throw err;
    assertSameRequest(winner, order.kind, request);
    return winner;
  }
}

/** The mint's cost in its currency, or the refusal when the wallet holds less. */
async function costOf(
  tx: Executor,
  profileId: number,
  kind: MintOrder['kind'],
  currency: MintCurrency,
  wallet: MintCost,
): Promise<MintCost> {
  if (currency === 'platinum') {
    const price = PRICE[kind];
    if (wallet.platinum < price) throw insufficientPlatinum(WHAT[kind], price, wallet.platinum);
    return { platinum: -price, gold: 0 };
  }
  const owned = await ownedOf(tx, profileId);
  const price =
    kind === 'mint_land' ? mintGoldPrice('land', owned.lands) : mintGoldPrice('hero', owned.heroes);
  if (wallet.gold < price) throw insufficientGold(WHAT[kind], price, wallet.gold);
  return { platinum: 0, gold: -price };
}

/** How many lands and heroes the player owns: the gold prices grow with them. */
async function ownedOf(db: Executor, profileId: number) {
  const [owned] = await queryRows<{ lands: number; heroes: number }>(
    db,
    sql`select (select count(*) from lands where owner_id = ${profileId})::int as lands,
      (select count(*) from heroes where owner_id = ${profileId})::int as heroes`,
  );
  return owned ?? { lands: 0, heroes: 0 };
}

/** What minting costs the player now: Platinum as configured, gold by what they own. */
export async function mintPrices(db: Executor, profileId: number): Promise<MintPrices> {
  const owned = await ownedOf(db, profileId);
  return {
    land: { platinum: PRICE.mint_land, gold: mintGoldPrice('land', owned.lands) },
    hero: { platinum: PRICE.mint_hero, gold: mintGoldPrice('hero', owned.heroes) },
  };
}

async function create(
  tx: Executor,
  profileId: number,
  order: MintOrder,
  rng: Rng,
  now: Date,
): Promise<PurchaseResult> {
  if (order.kind === 'mint_hero') {
    return { heroId: await createHero(tx, profileId, rollMintHero(rng), null, now) };
  }
  // Terrain and element come from the mint rules. The slot is the database's to give: the
  // rules' guess assumes an empty world, so createLand draws on from the same rng instead.
  const draft = rollMintLand(rng, order.continent, () => false);
  if (!draft) throw new Error(`continent ${order.continent} is full`);
  const land = await createLand(
    tx,
    profileId,
    { continent: order.continent, terrain: draft.terrain, element: draft.element },
    rng,
    now,
  );
  return { landId: land.id };
}
