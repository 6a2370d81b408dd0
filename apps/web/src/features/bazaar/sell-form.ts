import type { BazaarCurrency, CreateListingBody } from '@aleph/contracts';
import { BAZAAR_CONFIG } from '@aleph/rules';
import type { SellTarget } from '../../lib/bazaar-sell';
import { formatNumber } from '../../lib/format-number';
import type { SellField } from './sell-refusal';

export interface SellForm {
  currency: BazaarCurrency;
  type: 'fixed' | 'auction';
  /** The fixed price, or an auction's start price. */
  price: string;
  /** An auction's optional buy-now price. */
  buyNow: string;
  days: string;
  quantity: string;
}

export const INITIAL_SELL_FORM: SellForm = {
  currency: 'gold',
  type: 'fixed',
  price: '',
  buyNow: '',
  days: String(BAZAAR_CONFIG.auctionDays[1]),
  quantity: '1',
};

/** A whole number from 1 to `max` typed in a field, or undefined. */
export function wholeNumber(text: string, max: number): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= 1 && value <= max ? value : undefined;
}

const PRICE_TEXT = `Enter a whole price from 1 to ${formatNumber(BAZAAR_CONFIG.maxPrice)}.`;

export interface CheckedSellForm {
  /** What each field lacks; empty when the form may be sent. */
  errors: Partial<Record<SellField, string>>;
  /** The fixed price or the start price, once valid: the fees are shares of it. */
  price?: number;
  body?: CreateListingBody;
}

/** The request the form makes, or why it cannot be made yet (the server checks again). */
export function checkSellForm(form: SellForm, target: SellTarget): CheckedSellForm {
  const errors: CheckedSellForm['errors'] = {};
  const auction = form.type === 'auction';
  const priceField: SellField = auction ? 'startPrice' : 'price';
  const price = wholeNumber(form.price, BAZAAR_CONFIG.maxPrice);
  if (price === undefined) errors[priceField] = PRICE_TEXT;
  let buyNow: number | undefined;
  if (auction && form.buyNow.trim() !== '') {
    buyNow = wholeNumber(form.buyNow, BAZAAR_CONFIG.maxPrice);
    if (buyNow === undefined) errors.buyNow = PRICE_TEXT;
    else if (price !== undefined && buyNow <= price)
      errors.buyNow = 'The buy-now price must be above the start price.';
  }
  let quantity: number | undefined;
  if (target.kind === 'goods') {
    quantity = wholeNumber(form.quantity, target.available);
    if (quantity === undefined)
      errors.quantity = `Enter a quantity from 1 to ${formatNumber(target.available)}.`;
  }
  if (Object.keys(errors).length > 0 || price === undefined) return { errors, price };

  const days = Number(form.days) as 1 | 3 | 7;
  const what: Omit<CreateListingBody, 'currency'> =
    target.kind === 'hero'
      ? { kind: 'hero', heroid: target.heroid }
      : target.kind === 'land'
        ? { kind: 'land', landid: target.landid }
        : {
            kind: 'goods',
            landid: target.landid,
            item: target.item,
            ...(target.elemid === undefined ? {} : { elemid: target.elemid }),
            quantity,
          };
  const terms = auction
    ? { auction: { startPrice: price, days, ...(buyNow === undefined ? {} : { buyNow }) } }
    : { price };
  return { errors, price, body: { ...what, currency: form.currency, ...terms } };
}
