import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  auctionOutcome,
  endAfterBid,
  listingFee,
  minNextBid,
  proceeds,
  saleFee,
  type AuctionBid,
} from './bazaar.js';
import { BAZAAR_CONFIG } from './config-bazaar.js';

const price = fc.integer({ min: 1, max: BAZAAR_CONFIG.maxPrice });
const bid: fc.Arbitrary<AuctionBid> = fc.record({
  bidderId: fc.integer({ min: 1, max: 50 }),
  // Small amounts too, so equal bids happen often.
  amount: fc.oneof(fc.integer({ min: 1, max: 20 }), price),
});
const bids = fc.array(bid, { maxLength: 30 });
const sum = (xs: readonly AuctionBid[]) => xs.reduce((s, b) => s + b.amount, 0);

describe('auctionOutcome properties', () => {
  it('conserves value: held bids = winning bid + refunds; winning bid = proceeds + fee', () => {
    fc.assert(
      fc.property(bids, (held) => {
        const o = auctionOutcome(held);
        expect(sum(held)).toBe((o.winner?.amount ?? 0) + sum(o.refunds));
        expect(o.sellerProceeds + o.fee).toBe(o.winner?.amount ?? 0);
        expect(o.sellerProceeds).toBeGreaterThanOrEqual(0);
        expect(o.fee).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 500 },
    );
  });

  it('seller + bidders + fee sink hold the same before and after settlement', () => {
    const world = fc.record({
      seller: fc.integer({ min: 0, max: 1e9 }),
      treasuries: fc.array(fc.integer({ min: 0, max: 1e9 }), { minLength: 1, maxLength: 8 }),
      picks: fc.array(fc.tuple(fc.nat(), price), { maxLength: 20 }),
    });
    fc.assert(
      fc.property(world, ({ seller, treasuries, picks }) => {
        const before = seller + treasuries.reduce((s, t) => s + t, 0);
        // Each bid is held from its bidder's treasury (docs/game-rules.md, Auction).
        const wallet = [...treasuries];
        const held = picks.map(([who, amount]) => ({ bidderId: who % wallet.length, amount }));
        for (const h of held) wallet[h.bidderId]! -= h.amount;
        const o = auctionOutcome(held);
        for (const r of o.refunds) wallet[r.bidderId]! += r.amount;
        const after = seller + o.sellerProceeds + wallet.reduce((s, t) => s + t, 0);
        expect(after + o.fee).toBe(before);
        // Nobody ends below where they started but the winner, who paid exactly the bid.
        wallet.forEach((w, i) => {
          const paid = o.winner?.bidderId === i ? o.winner.amount : 0;
          expect(w).toBe(treasuries[i]! - paid);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('the winner is a highest bid, the earliest among equals; no bid, no winner', () => {
    fc.assert(
      fc.property(bids, (held) => {
        const o = auctionOutcome(held);
        if (held.length === 0) {
          expect(o).toEqual({ winner: null, sellerProceeds: 0, fee: 0, refunds: [] });
          return;
        }
        const top = Math.max(...held.map((b) => b.amount));
        expect(o.winner).toBe(held.find((b) => b.amount === top));
        expect(o.fee).toBe(saleFee(top));
        expect(o.sellerProceeds).toBe(proceeds(top));
      }),
      { numRuns: 500 },
    );
  });

  it('refunds every other bid, once each, in order', () => {
    fc.assert(
      fc.property(bids, (held) => {
        const o = auctionOutcome(held);
        const others = held.filter((b) => b !== o.winner);
        expect(o.refunds).toEqual(others);
        expect(o.refunds.length).toBe(Math.max(0, held.length - 1));
        for (const r of o.refunds) expect(r).not.toBe(o.winner);
      }),
      { numRuns: 500 },
    );
  });

  it('a run of minimum raises is won by the last bid', () => {
    fc.assert(
      fc.property(price, fc.integer({ min: 1, max: 30 }), (start, n) => {
        const held: AuctionBid[] = [];
        let current: number | null = null;
        for (let i = 0; i < n; i++) {
          const amount = minNextBid(start, current);
          if (current !== null) expect(amount).toBeGreaterThan(current);
          held.push({ bidderId: i, amount });
          current = amount;
        }
        expect(auctionOutcome(held).winner).toBe(held[held.length - 1]);
      }),
    );
  });
});

describe('fee and bid arithmetic properties', () => {
  // Whole-number versions of the formulas in docs/game-rules.md, free of floating point.
  const ceilPercent = (p: number, percent: number) => Math.floor((p * percent + 99) / 100);

  it('fees match the documented formulas exactly, over the whole price range', () => {
    fc.assert(
      fc.property(price, (p) => {
        expect(listingFee(p)).toBe(Math.max(1, ceilPercent(p, 1)));
        expect(saleFee(p)).toBe(ceilPercent(p, 5));
        expect(proceeds(p)).toBe(p - ceilPercent(p, 5));
        expect(Number.isInteger(proceeds(p))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('the minimum next bid is the smallest whole amount at least 5 % and 1 above', () => {
    fc.assert(
      fc.property(price, price, (start, current) => {
        const next = minNextBid(start, current);
        const enough = (a: number) => a > current && a * 100 >= current * 105;
        expect(enough(next)).toBe(true);
        expect(enough(next - 1)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('a bid never shortens an auction, and leaves at least 5 minutes after a late one', () => {
    const w = BAZAAR_CONFIG.snipeWindowMs;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 0, max: 7 * 86_400_000 }),
        (bidAt, left) => {
          const end = endAfterBid(bidAt + left, bidAt);
          expect(end).toBeGreaterThanOrEqual(bidAt + left);
          expect(end - bidAt).toBe(Math.max(left, w));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
