import type { BazaarCurrency, ListingKind, ListingSummary } from '@aleph/contracts';
import { ELEMENT_NAMES, RARITY_NAMES, TERRAIN_NAMES } from '@aleph/rules';
import { formatNumber } from '../../lib/format-number';

/** '1,200 gold', '15 platinum'. */
export const formatPrice = (amount: number, currency: BazaarCurrency) =>
  `${formatNumber(amount)} ${currency}`;

export const KIND_LABELS: Record<ListingKind, string> = {
  hero: 'Hero',
  land: 'Land',
  goods: 'Goods',
};

/** What a card says about a listing besides its title: 'Rare · Fire', 'Forest · Water', '40 x'. */
export function listingFacts(l: ListingSummary): string[] {
  const facts: string[] = [];
  if (l.rarity !== null) facts.push(RARITY_NAMES[l.rarity] ?? `Rarity ${l.rarity}`);
  if (l.terrain !== null) facts.push(TERRAIN_NAMES[l.terrain] ?? `Terrain ${l.terrain}`);
  if (l.element !== null) facts.push(ELEMENT_NAMES[l.element] ?? `Element ${l.element}`);
  if (l.level !== null) facts.push(`Level ${l.level}`);
  if (l.kind === 'goods') facts.push(`Quantity ${formatNumber(l.quantity)}`);
  return facts;
}

/** What became of a buy, bid or cancel, said under the listing's price. */
export interface Outcome {
  ok: boolean;
  text: string;
}
export type Report = (outcome: Outcome | null) => void;

/** Tighter cells on a phone, so a five-column table fits 390 px without scrolling sideways. */
export const compactTable = { '& th, & td': { px: { xs: 0.75, sm: 2 } } } as const;
