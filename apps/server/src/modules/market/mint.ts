import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  createRng,
  GAME_CONFIG,
  rollMintHero,
  rollMintLand,
  type Continent,
  type Rng,
} from '@aleph/rules';
import type { Db, Executor } from '../../db/client.js';
import { purchases } from '../../db/schema.js';
import { withRetry } from '../../db/retry.js';
import { countOwned } from '../achievements/count.js';
import { ChangeBook } from '../game/change-book.js';
import { createHero, createLand } from '../world/create.js';
import { insufficientPlatinum, violatedIndex } from './errors.js';
import {
  assertSameRequest,
  lockProfile,
  purchaseByKey,
  type PurchaseRequest,
  type PurchaseResult,
  type PurchaseRow,
} from './store.js';

const MARKET = GAME_CONFIG.market;

export type MintOrder = { kind: 'mint_land'; continent: Continent } | { kind: 'mint_hero' };

const PRICE = { mint_land: MARKET.landPricePlatinum, mint_hero: MARKET.heroPricePlatinum };
const WHAT = { mint_land: 'Minting a land', mint_hero: 'Minting a hero' };

/**
 * Spends Platinum on a land or a hero, all in one transaction: the profile row is locked
 * first, so a player's purchases run one at a time and a retried key finds the purchase its
 * twin made. The draw comes from a seed stored with the purchase; the database picks the
 * land's free slot, and its unique (continent, x, y) index settles races between players.
 */
export async function mint(
  db: Db,
  profileId: number,
  order: MintOrder,
  idempotencyKey: string,
  now: Date,
): Promise<PurchaseRow> {
  const request: PurchaseRequest = order.kind === 'mint_land' ? { continent: order.continent } : {};
  const price = PRICE[order.kind];
  try {
    return await withRetry(() =>
      db.transaction(async (tx) => {
        const platinum = await lockProfile(tx, profileId);
        const earlier = await purchaseByKey(tx, profileId, idempotencyKey);
        if (earlier) {
          assertSameRequest(earlier, order.kind, request);
          return earlier;
        }
        if (platinum < price) throw insufficientPlatinum(WHAT[order.kind], price, platinum);
        const seed = randomInt(0, 2 ** 31 - 1);
        const [row] = await tx
          .insert(purchases)
          .values({
            profileId,
            kind: order.kind,
            idempotencyKey,
            request,
            status: 'confirmed',
            platinum: -price,
            seed,
            createdAt: now,
            confirmedAt: now,
          })
          .returning({ id: purchases.id });
        if (!row) throw new Error('purchase insert returned no row');
        const result = await create(tx, profileId, order, createRng(seed), now);
        const book = new ChangeBook();
        book.profile(
          profileId,
          { platinum: -price },
          { cause: order.kind, causeId: row.id, at: now },
        );
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
