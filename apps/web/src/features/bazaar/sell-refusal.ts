import { BazaarErrorCode, EconomyErrorCode, type ErrorBody } from '@aleph/contracts';
import { BAZAAR_CONFIG } from '@aleph/rules';
import { httpStatus, serverCode, serverMessage } from '../../api/error-message';

/** The form's fields a refusal can point at (the server's `field`). */
export type SellField = 'price' | 'startPrice' | 'buyNow' | 'quantity';

const FIELDS: Record<string, SellField> = {
  price: 'price',
  'auction.startPrice': 'startPrice',
  'auction.buyNow': 'buyNow',
  quantity: 'quantity',
};

/** The player's words for the refusals a seller meets (docs/game-rules.md, Bazaar). */
const TEXTS: Record<string, string> = {
  [BazaarErrorCode.lastHero]: 'You cannot sell your last hero.',
  [BazaarErrorCode.lastLand]: 'You cannot sell your last land.',
  [BazaarErrorCode.heroBusy]: 'This hero is on a mission. Sell it once it is back.',
  [BazaarErrorCode.heroDefending]:
    'This hero defends you in the arena. Take it out of your defence team first.',
  [BazaarErrorCode.landHasResidents]:
    'Heroes live on this land. Move them out first: a land is sold without its residents.',
  [BazaarErrorCode.landBusy]: 'A mission is running on this land. Sell it once the mission ends.',
  [BazaarErrorCode.alreadyListed]: 'This is on the Bazaar already.',
  [BazaarErrorCode.listingsFull]: `You have ${BAZAAR_CONFIG.maxOpenListings} open listings, the most at once. Wait for one to end or cancel one.`,
  [BazaarErrorCode.notEnoughGoods]: 'This land does not hold that many.',
  [EconomyErrorCode.notEnoughGold]: 'You do not have enough gold for the listing fee.',
  [EconomyErrorCode.notEnoughPlatinum]: 'You do not have enough platinum for the listing fee.',
};

export interface SellRefusal {
  field?: SellField;
  text: string;
}

/** What the dialog says when the server refuses a listing, at its field when it names one. */
export function sellRefusal(error: unknown): SellRefusal {
  if (httpStatus(error) === undefined) {
    return { text: 'The listing could not be made. Check your connection and try again.' };
  }
  const code = serverCode(error);
  const known = code === undefined ? undefined : TEXTS[code];
  const text = known ?? serverMessage(error) ?? 'The listing could not be made. Please try again.';
  const named = (error as { data?: Partial<ErrorBody> }).data?.field;
  const field = typeof named === 'string' ? FIELDS[named] : undefined;
  return field ? { field, text } : { text };
}
