import type {
  BazaarAnswer,
  ListingDetails,
  ListingPage,
  ListingSearchQuery,
  PriceHistory,
  PriceHistoryQuery,
} from '@aleph/contracts';
import { api } from '../../api/api';

/**
 * The Bazaar's cache kinds (declared in api.ts): 'BazaarListing' (search pages, one listing,
 * price history) and 'BazaarMine' (My Bazaar); the push events invalidate both.
 */
const BAZAAR_TAGS = ['BazaarListing', 'BazaarMine'] as const;

/**
 * What a buy, bid or cancel changes: the listing and the searches, My Bazaar, the caller's
 * gold and platinum (profile), and the heroes and lands that arrived or came back.
 */
const TRADED = [
  ...BAZAAR_TAGS,
  'profile',
  'user',
  'hero',
  'residents',
  'lands',
  'land',
  'dashboard',
] as const;

/** The Bazaar's reads and a buyer's steps (docs/api.md, "Bazaar"), under `/souq/bazaar`. */
export const bazaarApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchListings: build.query<ListingPage, ListingSearchQuery>({
      query: (params) => ({ url: '/souq/bazaar/listings', params }),
      providesTags: ['BazaarListing'],
    }),
    getListing: build.query<ListingDetails, number>({
      query: (id) => `/souq/bazaar/listings/${id}`,
      providesTags: (_listing, _error, id) => ['BazaarListing', { type: 'BazaarListing', id }],
    }),
    getPriceHistory: build.query<PriceHistory, PriceHistoryQuery>({
      query: (params) => ({ url: '/souq/bazaar/prices', params }),
      providesTags: ['BazaarListing'],
    }),
    // A refusal (sold meanwhile, outbid) also means the page is stale: refetch either way.
    buyListing: build.mutation<BazaarAnswer, { id: number; landid?: number }>({
      query: ({ id, landid }) => ({
        url: `/souq/bazaar/listings/${id}/buy`,
        method: 'POST',
        body: landid === undefined ? {} : { landid },
      }),
      invalidatesTags: [...TRADED],
    }),
    placeBid: build.mutation<BazaarAnswer, { id: number; amount: number }>({
      query: ({ id, amount }) => ({
        url: `/souq/bazaar/listings/${id}/bids`,
        method: 'POST',
        body: { amount },
      }),
      invalidatesTags: [...TRADED],
    }),
    cancelListing: build.mutation<BazaarAnswer, number>({
      query: (id) => ({ url: `/souq/bazaar/listings/${id}`, method: 'DELETE' }),
      invalidatesTags: [...TRADED],
    }),
  }),
});

export const {
  useSearchListingsQuery,
  useGetListingQuery,
  useGetPriceHistoryQuery,
  useBuyListingMutation,
  usePlaceBidMutation,
  useCancelListingMutation,
} = bazaarApi;
