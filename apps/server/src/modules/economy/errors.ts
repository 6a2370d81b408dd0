import { EconomyErrorCode, type TraderQuote } from '@aleph/contracts';
import { badRequest, conflict } from '../../lib/errors.js';

/** The economy's refusals; none of them changes anything (the transaction rolls back). */

export const unknownGood = (field: string) =>
  badRequest(EconomyErrorCode.unknownGood, 'The trader does not deal in this good.', field);

export const notEnoughGold = (need: number, have: number) =>
  conflict(
    EconomyErrorCode.notEnoughGold,
    `This costs ${need} gold and your treasury holds ${Math.floor(have)}.`,
  );

export const notEnoughPlatinum = (need: number, have: number) =>
  conflict(
    EconomyErrorCode.notEnoughPlatinum,
    `This costs ${need} platinum and you have ${have}. Buy Platinum first.`,
  );

export const notEnoughGoods = (what: string, need: number, have: number) =>
  conflict(
    EconomyErrorCode.notEnoughGoods,
    `This land holds ${Math.floor(have)} ${what}; the sale needs ${need}.`,
    'quantity',
  );

export const vaultFull = () =>
  conflict(
    EconomyErrorCode.vaultFull,
    'The vault of this land cannot hold that many elementals. Upgrade its tower or buy fewer.',
    'quantity',
  );

export const dailyCapReached = (total: number, left: number) =>
  conflict(
    EconomyErrorCode.dailyCap,
    `The trader pays at most 20,000 gold a day per player: ${left} gold left today, this sale is ${total}.`,
    'quantity',
  );

/** The quoted price is no longer the price: the route answers 409 with the new quote. */
export class StaleQuote extends Error {
  constructor(readonly quote: TraderQuote) {
    super('The price has changed since your quote. Check the new price and try again.');
  }
}
