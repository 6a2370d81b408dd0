import { minNextBid } from '@aleph/rules';
import type {
  BazaarCurrency,
  ListingKind,
  ListingParty,
  ListingStatus,
  ListingSummary,
} from '@aleph/contracts';
import type { bazaarListings } from '../../db/schema.js';

/** A bazaar_listings row as drizzle reads it (select, or update ... returning). */
export type ListingRow = typeof bazaarListings.$inferSelect;

/**
 * A listing as a search card, My Bazaar and every answer show it (docs/api.md, Bazaar). An
 * auction's `minNextBid` comes from the rules, so the card and the bid check agree.
 */
export function summaryOf(row: ListingRow, seller: ListingParty): ListingSummary {
  const startPrice = row.startPrice ?? row.price;
  return {
    id: row.id,
    kind: row.kind as ListingKind,
    title: row.title,
    seller,
    currency: row.currency as BazaarCurrency,
    price: row.price,
    quantity: row.quantity,
    auction:
      row.auctionDays === null
        ? null
        : {
            startPrice,
            buyNow: row.buyNow,
            currentBid: row.currentBid,
            bids: row.bidCount,
            minNextBid: minNextBid(startPrice, row.currentBid),
            days: row.auctionDays,
          },
    status: row.status as ListingStatus,
    createdAt: row.createdAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    rarity: row.rarity,
    element: row.element,
    terrain: row.terrain,
    level: row.level,
    skills: row.skills === null ? null : [...row.skills],
    item: row.item,
    heroid: row.heroId,
    landid: row.landId,
  };
}
