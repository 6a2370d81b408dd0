import { BAZAAR_CONFIG as C } from './config-bazaar.js';

/**
 * The Bazaar's pure rules (docs/game-rules.md, Bazaar): fees, the next bid, the anti-sniping
 * extension, what may be listed and an auction's outcome. Prices are whole units.
 */

/** The listing fee: 1 % of the price (an auction's start price), at least 1; never refunded. */
export function listingFee(price: number): number {
  return Math.max(1, Math.ceil(price * C.listingFeeRate));
}

/** The sale fee: 5 % of the sale price, taken from the seller's proceeds. */
export function saleFee(price: number): number {
  return Math.min(price, Math.ceil(price * C.saleFeeRate));
}

/** What the seller receives for a sale at `price`. */
export function proceeds(price: number): number {
  return price - saleFee(price);
}

/** The lowest acceptable bid: the start price, or the current bid raised by 5 % (at least 1). */
export function minNextBid(startPrice: number, currentBid: number | null): number {
  if (currentBid === null) return startPrice;
  return Math.max(currentBid + 1, Math.ceil(currentBid * (1 + C.minRaiseRate)));
}

/** An auction's end after a bid at `bidAt`: a bid in the last 5 minutes moves it to 5 minutes on. */
export function endAfterBid(endsAt: number, bidAt: number): number {
  return endsAt - bidAt < C.snipeWindowMs ? bidAt + C.snipeWindowMs : endsAt;
}

/** When a new listing ends: an auction after its days, a fixed price after BAZAAR_CONFIG.fixedDays. */
export function listingEnd(createdAt: number, auctionDays: number | null): number {
  return createdAt + (auctionDays ?? C.fixedDays) * 86_400_000;
}

/** Why something may not be listed, or null when it may. */
export type ListRefusal =
  | 'HERO_BUSY'
  | 'HERO_DEFENDING'
  | 'LAST_HERO'
  | 'LAST_LAND'
  | 'LAND_HAS_RESIDENTS'
  | 'LAND_BUSY'
  | 'ALREADY_LISTED'
  | 'NOT_ENOUGH_GOODS';

export type ListCandidate =
  | {
      kind: 'hero';
      onMission: boolean;
      inDefence: boolean;
      listed: boolean;
      /** The seller's heroes, this one included. */
      heroCount: number;
    }
  | {
      kind: 'land';
      residents: number;
      /** Missions running on the land (a claim, an upgrade). */
      runningMissions: number;
      listed: boolean;
      /** The seller's lands, this one included. */
      landCount: number;
    }
  | { kind: 'goods'; available: number; quantity: number };

export function listRefusal(c: ListCandidate): ListRefusal | null {
  switch (c.kind) {
    case 'hero':
      if (c.listed) return 'ALREADY_LISTED';
      if (c.onMission) return 'HERO_BUSY';
      if (c.inDefence) return 'HERO_DEFENDING';
      if (c.heroCount <= 1) return 'LAST_HERO';
      return null;
    case 'land':
      if (c.listed) return 'ALREADY_LISTED';
      if (c.landCount <= 1) return 'LAST_LAND';
      if (c.residents > 0) return 'LAND_HAS_RESIDENTS';
      if (c.runningMissions > 0) return 'LAND_BUSY';
      return null;
    case 'goods':
      return c.available >= c.quantity ? null : 'NOT_ENOUGH_GOODS';
  }
}

export interface AuctionBid {
  bidderId: number;
  amount: number;
}

export interface AuctionOutcome {
  /** The highest bid, which buys the item; null when nobody bid (the item goes back). */
  winner: AuctionBid | null;
  /** What the seller receives: the winning bid less the sale fee. */
  sellerProceeds: number;
  fee: number;
  /** Held bids to give back (every bid but the winner's). */
  refunds: AuctionBid[];
}

/**
 * How an ended auction settles, from its held bids: the highest (the earliest among equals)
 * wins; every other hold is released.
 */
export function auctionOutcome(held: readonly AuctionBid[]): AuctionOutcome {
  let winnerAt = -1;
  held.forEach((b, i) => {
    if (winnerAt < 0 || b.amount > (held[winnerAt]?.amount ?? 0)) winnerAt = i;
  });
  const winner = winnerAt < 0 ? null : (held[winnerAt] ?? null);
  const fee = winner ? saleFee(winner.amount) : 0;
  return {
    winner,
    sellerProceeds: winner ? winner.amount - fee : 0,
    fee,
    refunds: held.filter((_, i) => i !== winnerAt),
  };
}
