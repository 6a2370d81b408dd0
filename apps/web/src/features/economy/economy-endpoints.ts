import type {
  LuckyCoinState,
  LuckyToss,
  SecretMarket,
  SecretPurchase,
  TradeBody,
  TradeResult,
  TraderQuotes,
} from '@aleph/contracts';
import { api } from '../../api/api';

/** Every purchase, sale and toss carries its Idempotency-Key (docs/api.md, Gold economy). */
interface Keyed {
  key: string;
}

/** What a trade, purchase or toss changes: the caller's balances, lands and heroes. */
const CHANGED = ['economy', 'profile', 'lands', 'land', 'hero', 'dashboard'] as const;

/** The gold economy: the Greedy trader and the Secret market (`/souq`), the Lucky coin (`/hadath`). */
export const economyApi = api.enhanceEndpoints({ addTagTypes: ['economy'] }).injectEndpoints({
  endpoints: (build) => ({
    getTrader: build.query<TraderQuotes, void>({
      query: () => '/souq/trader',
      providesTags: ['economy'],
    }),
    trade: build.mutation<TradeResult, Keyed & { side: 'sell' | 'buy'; body: TradeBody }>({
      query: ({ side, body, key }) => ({
        url: `/souq/trader/${side}`,
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': key },
      }),
      invalidatesTags: [...CHANGED],
    }),
    getSecretMarket: build.query<SecretMarket, void>({
      query: () => '/souq/secret',
      providesTags: ['economy'],
    }),
    buySecretOffer: build.mutation<SecretPurchase, Keyed & { offerId: string; landid?: number }>({
      query: ({ offerId, landid, key }) => ({
        url: `/souq/secret/${encodeURIComponent(offerId)}/buy`,
        method: 'POST',
        body: landid === undefined ? {} : { landid },
        headers: { 'Idempotency-Key': key },
      }),
      invalidatesTags: [...CHANGED],
    }),
    getLuckyCoin: build.query<LuckyCoinState, void>({
      query: () => '/hadath/luckycoin',
      providesTags: ['economy'],
    }),
    toss: build.mutation<LuckyToss, Keyed & { landid: number }>({
      query: ({ landid, key }) => ({
        url: '/hadath/luckycoin/toss',
        method: 'POST',
        body: { landid },
        headers: { 'Idempotency-Key': key },
      }),
      invalidatesTags: [...CHANGED],
    }),
  }),
});

export const {
  useGetTraderQuery,
  useTradeMutation,
  useGetSecretMarketQuery,
  useBuySecretOfferMutation,
  useGetLuckyCoinQuery,
  useTossMutation,
} = economyApi;

/** A fresh Idempotency-Key: one per attempt the player makes. */
export function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
