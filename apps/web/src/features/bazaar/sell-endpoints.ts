import type { BazaarAnswer, CreateListingBody, MyBazaar } from '@aleph/contracts';
import { api } from '../../api/api';

/**
 * What listing changes: the searches and My Bazaar, the seller's treasury (the listing fee) and
 * what went into escrow (a hero, a land, goods leaving a land's balance).
 */
const LISTED = [
  'BazaarListing',
  'BazaarMine',
  'profile',
  'user',
  'hero',
  'residents',
  'lands',
  'land',
  'dashboard',
] as const;

/** A seller's side of the Bazaar (docs/api.md, "Bazaar"): listing, and My Bazaar. */
export const sellApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The Idempotency-Key makes a retried request (a lost answer) list once (docs/api.md).
    createListing: build.mutation<BazaarAnswer, { body: CreateListingBody; key: string }>({
      query: ({ body, key }) => ({
        url: '/souq/bazaar/listings',
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': key },
      }),
      invalidatesTags: [...LISTED],
    }),
    getMyBazaar: build.query<MyBazaar, void>({
      query: () => '/souq/bazaar/mine',
      providesTags: ['BazaarMine'],
    }),
  }),
});

export const { useCreateListingMutation, useGetMyBazaarQuery } = sellApi;

/** A fresh Idempotency-Key, one per listing the player means to make. */
export function newListingKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
