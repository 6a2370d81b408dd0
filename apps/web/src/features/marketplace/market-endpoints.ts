import type {
  BuyPlatinumBody,
  MarketOffers,
  MintHeroBody,
  MintLandBody,
  MintPrices,
  Purchase,
} from '@aleph/contracts';
import { api } from '../../api/api';

/** A pending on-chain payment is read again about every 2 s until it is confirmed or refused. */
export const PURCHASE_POLL_MS = 2_000;

/**
 * The marketplace (docs/api.md, Marketplace). A purchase or a mint changes the balance in the
 * top bar ('profile'); a mint, for Platinum or for gold, adds a land ('lands') or a hero ('hero');
 * all of them add a row to the purchase history ('purchases', a tag of this feature only). The
 * gold prices rise with the lands and heroes owned, so they are read again when those change.
 */
export const marketApi = api.enhanceEndpoints({ addTagTypes: ['purchases'] }).injectEndpoints({
  endpoints: (build) => ({
    getMarketOffers: build.query<MarketOffers, void>({
      query: () => '/market/offers',
      keepUnusedDataFor: 3600,
    }),
    getMintPrices: build.query<MintPrices, void>({
      query: () => '/market/mint/prices',
      providesTags: ['lands', 'hero', 'user'],
    }),
    getPurchases: build.query<Purchase[], void>({
      query: () => '/market/purchases',
      providesTags: ['purchases', 'user'],
    }),
    /** Reading a pending payment makes the server verify it again, and credit it when deep enough. */
    getPurchase: build.query<Purchase, number>({
      query: (id) => `/market/purchases/${id}`,
      keepUnusedDataFor: 0,
      async onQueryStarted(_id, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (data.status !== 'pending') {
            dispatch(marketApi.util.invalidateTags(['profile', 'purchases']));
          }
        } catch {
          // the caller shows the error; nothing changed on the server
        }
      },
    }),
    buyPlatinum: build.mutation<Purchase, BuyPlatinumBody>({
      query: (body) => ({ url: '/market/platinum', method: 'POST', body }),
      invalidatesTags: (result) => (result ? ['profile', 'purchases'] : []),
    }),
    mintLand: build.mutation<Purchase, MintLandBody>({
      query: (body) => ({ url: '/market/mint/land', method: 'POST', body }),
      invalidatesTags: (result) => (result ? ['profile', 'lands', 'purchases'] : []),
    }),
    mintHero: build.mutation<Purchase, MintHeroBody>({
      query: (body) => ({ url: '/market/mint/hero', method: 'POST', body }),
      invalidatesTags: (result) => (result ? ['profile', 'hero', 'purchases'] : []),
    }),
  }),
});

export const {
  useGetMarketOffersQuery,
  useGetMintPricesQuery,
  useGetPurchasesQuery,
  useLazyGetPurchaseQuery,
  useBuyPlatinumMutation,
  useMintLandMutation,
  useMintHeroMutation,
} = marketApi;
