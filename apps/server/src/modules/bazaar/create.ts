import { and, count, eq } from 'drizzle-orm';
import { BAZAAR_CONFIG, listingEnd, listingFee } from '@aleph/rules';
import {
  BazaarErrorCode,
  EconomyErrorCode,
  type BazaarAnswer,
  type CreateListingBody,
} from '@aleph/contracts';
import type { Db, Executor } from '../../db/client.js';
import { bazaarListings } from '../../db/schema.js';
import { uniqueViolationOf } from '../../db/pg-errors.js';
import { withRetry } from '../../db/retry.js';
import { conflict } from '../../lib/errors.js';
import { lockWallet } from '../../core/balances.js';
import { ChangeBook } from '../../core/change-book.js';
import { listingRequest, sameListingRequest, type ListingRequest } from './listing-body.js';
import type { PreparedListing } from './listing-facts.js';
import { goodsFacts } from './listing-goods.js';
import { heroListing, landListing } from './listing-lock.js';
import { listingAnswer } from './listing-answer.js';

/**
 * Lists a hero, land or goods (docs/api.md, Bazaar). One transaction under the seller's
 * profile lock, which every writer of the player takes first (core/land-query.ts): a retry
 * with the same Idempotency-Key finds the first listing, the open-listings limit counts what
 * is committed, and the thing sold is locked and judged before the fee and the goods move.
 */
export async function createListing(
  db: Db,
  sellerId: number,
  body: CreateListingBody,
  key: string,
  now: Date,
): Promise<BazaarAnswer> {
  const req = listingRequest(body);
  try {
    return await withRetry(() =>
      db.transaction(async (tx) => {
        const wallet = await lockWallet(tx, sellerId);
        const [earlier] = await tx
          .select({ id: bazaarListings.id, request: bazaarListings.request })
          .from(bazaarListings)
          .where(
            and(eq(bazaarListings.sellerId, sellerId), eq(bazaarListings.idempotencyKey, key)),
          );
        if (earlier) {
          if (!sameListingRequest(earlier.request, req)) throw keyReused();
          return listingAnswer(tx, earlier.id, sellerId, now);
        }
        await assertRoom(tx, sellerId);
        const prepared = await prepare(tx, sellerId, req, now);
        const fee = listingFee(req.price);
        if (wallet[req.currency] < fee) throw notEnough(req.currency, fee, wallet[req.currency]);
        const id = await insertListing(tx, sellerId, req, prepared, fee, key, now);
        const book = new ChangeBook(prepared.lands);
        book.profile(
          sellerId,
          { [req.currency]: -fee },
          { cause: 'bazaar:fee', causeId: id, at: now },
        );
        prepared.escrow?.(book, { cause: 'bazaar:list', causeId: id, at: now });
        await book.flush(tx, { at: now });
        return listingAnswer(tx, id, sellerId, now);
      }),
    );
  } catch (err) {
    // The partial unique indexes hold the escrow even if a check above were ever bypassed.
    const constraint = uniqueViolationOf(err);
    if (constraint?.startsWith('bazaar_listings_one_open')) {
      throw conflict(BazaarErrorCode.alreadyListed, 'This is listed already.', `${req.kind}id`);
    }
    throw err;
  }
}

function prepare(tx: Executor, sellerId: number, req: ListingRequest, now: Date) {
  if (req.kind === 'hero') return heroListing(tx, sellerId, req.heroid!, now);
  if (req.kind === 'land') return landListing(tx, sellerId, req.landid!);
  return goodsFacts(tx, sellerId, req, now);
}

async function assertRoom(tx: Executor, sellerId: number) {
  const [open] = await tx
    .select({ n: count() })
    .from(bazaarListings)
    .where(and(eq(bazaarListings.sellerId, sellerId), eq(bazaarListings.status, 'open')));
  if ((open?.n ?? 0) >= BAZAAR_CONFIG.maxOpenListings) {
    throw conflict(
      BazaarErrorCode.listingsFull,
      `You have ${BAZAAR_CONFIG.maxOpenListings} open listings, the most there may be; cancel one or wait for a sale.`,
    );
  }
}

async function insertListing(
  tx: Executor,
  sellerId: number,
  req: ListingRequest,
  { facts }: PreparedListing,
  fee: number,
  key: string,
  now: Date,
): Promise<number> {
  const [row] = await tx
    .insert(bazaarListings)
    .values({
      sellerId,
      kind: req.kind,
      ...facts,
      currency: req.currency,
      price: req.price,
      auctionDays: req.days,
      startPrice: req.days === null ? null : req.price,
      buyNow: req.buyNow,
      listingFee: fee,
      createdAt: now,
      endsAt: new Date(listingEnd(now.getTime(), req.days)),
      idempotencyKey: key,
      request: req,
    })
    .returning({ id: bazaarListings.id });
  return row!.id;
}

const keyReused = () =>
  conflict(
    EconomyErrorCode.keyReused,
    'This Idempotency-Key was already used for a different listing. Use a new key.',
    'Idempotency-Key',
  );

function notEnough(currency: 'gold' | 'platinum', need: number, have: number) {
  const code =
    currency === 'gold' ? EconomyErrorCode.notEnoughGold : EconomyErrorCode.notEnoughPlatinum;
  return conflict(
    code,
    `The listing fee is ${need} ${currency} and you have ${Math.floor(have)}.`,
    'currency',
  );
}
