import { sql } from 'drizzle-orm';
import type { BazaarEvent, ListingKind } from '@aleph/contracts';
import { proceeds, saleFee } from '@aleph/rules';
import type { ChangeBook } from '../../core/change-book.js';
import { escapeHtml } from '../../core/mail.js';
import type { NewMessage } from '../../core/inbox.js';
import { queryRows, type Executor } from '../../db/client.js';
import type { ListingRow } from './holds.js';

/**
 * What the Bazaar tells its players (docs/api.md, Bazaar): a push event through the change
 * book's events and an inbox message each, written by the caller with the trade.
 */
export class Notices {
  readonly messages: NewMessage[] = [];
  constructor(
    private readonly book: ChangeBook,
    private readonly listing: ListingRow,
    private readonly now: Date,
  ) {}

  private event(
    profileId: number,
    type: 'bazaar.sold' | 'bazaar.bought' | 'bazaar.outbid',
    amount: number,
  ) {
    const l = this.listing;
    const data: BazaarEvent = {
      listingid: l.id,
      kind: l.kind as ListingKind,
      title: l.title,
      currency: l.currency as BazaarEvent['currency'],
      amount,
    };
    this.book.events.add(profileId, type, data);
  }

  private message(profileId: number, subject: string, body: string) {
    this.messages.push({ profileId, subject, body, kind: 'system', at: this.now });
  }

  private get what() {
    return `<b>${escapeHtml(this.listing.title)}</b>`;
  }

  private amount(n: number) {
    return `${n.toLocaleString('en-US')} ${this.listing.currency}`;
  }

  /** The seller's `bazaar.sold` and the buyer's `bazaar.bought`, with a message each. */
  sold(
    sellerId: number,
    buyer: { id: number; nickname: string },
    seller: string,
    price: number,
    where: string,
  ) {
    const fee = saleFee(price);
    this.event(sellerId, 'bazaar.sold', price);
    this.event(buyer.id, 'bazaar.bought', price);
    this.message(
      sellerId,
      `Sold on the Bazaar: ${this.listing.title}`,
      `<p>${this.what} was sold to ${escapeHtml(buyer.nickname)} for ${this.amount(price)}.</p>` +
        `<p>The sale fee of ${this.amount(fee)} was kept; ${this.amount(proceeds(price))} went to your treasury.</p>`,
    );
    this.message(
      buyer.id,
      `Bought on the Bazaar: ${this.listing.title}`,
      `<p>You bought ${this.what} from ${escapeHtml(seller)} for ${this.amount(price)}.</p><p>${where}</p>`,
    );
  }

  /** The previous leader's `bazaar.outbid` (the new leading bid) and a message. */
  outbid(profileId: number, held: number, leading: number) {
    this.event(profileId, 'bazaar.outbid', leading);
    this.message(
      profileId,
      `Outbid on the Bazaar: ${this.listing.title}`,
      `<p>Your bid of ${this.amount(held)} on ${this.what} was beaten by a bid of ${this.amount(leading)}.</p>` +
        `<p>Your ${this.amount(held)} are back in your treasury.</p>`,
    );
  }

  /** The bidder whose held bid a buy-now purchase released. */
  boughtOut(profileId: number, held: number, price: number) {
    this.event(profileId, 'bazaar.outbid', price);
    this.message(
      profileId,
      `Auction ended: ${this.listing.title}`,
      `<p>${this.what} was bought at its buy-now price of ${this.amount(price)}.</p>` +
        `<p>Your bid of ${this.amount(held)} is back in your treasury.</p>`,
    );
  }

  /** A listing that ended unsold: its seller has it back. */
  expired(sellerId: number) {
    this.message(
      sellerId,
      `Listing ended: ${this.listing.title}`,
      `<p>Your listing of ${this.what} ended without a sale. What it held is yours again.</p>`,
    );
  }

  /** An auction whose winner had no vault with room for its elementals: nothing changed hands. */
  noRoom(sellerId: number, winnerId: number, held: number) {
    this.expired(sellerId);
    this.message(
      winnerId,
      `Auction ended: ${this.listing.title}`,
      `<p>Your bid won ${this.what}, but none of your lands' vaults had room for the elementals, so the sale did not happen.</p>` +
        `<p>Your bid of ${this.amount(held)} is back in your treasury.</p>`,
    );
  }
}

/** Nicknames of the players a notice names. */
export async function nicknames(
  tx: Executor,
  ids: readonly number[],
): Promise<Map<number, string>> {
  const rows = await queryRows<{ id: number; nickname: string }>(
    tx,
    sql`select id, nickname from profiles where id = any(${`{${ids.join(',')}}`}::int[])`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.nickname]));
}
