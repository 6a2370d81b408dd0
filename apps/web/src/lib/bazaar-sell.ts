import { createContext, useContext } from 'react';

/**
 * What a player puts on the Bazaar from a hero's or a land's page: the hero, the land, or goods
 * of the land (an item code, or 'elementals' / 'shards' of `elemid`) up to what it holds.
 */
export type SellTarget =
  | { kind: 'hero'; heroid: number; title: string }
  | { kind: 'land'; landid: number; title: string }
  | {
      kind: 'goods';
      landid: number;
      item: string;
      elemid?: number;
      title: string;
      /** What the land holds of it: the most one listing may take. */
      available: number;
    };

/**
 * How the heroes' and lands' screens open the Bazaar's sell dialog without importing the Bazaar
 * feature: the app layer provides it (features do not import each other), as it does the
 * mission launcher (src/lib/mission-launcher-context.ts).
 */
export interface BazaarSeller {
  open(target: SellTarget): void;
}

export const BazaarSellContext = createContext<BazaarSeller | null>(null);

/** The seller, or null where a screen is shown on its own (its Sell buttons are then absent). */
export const useBazaarSeller = () => useContext(BazaarSellContext);
