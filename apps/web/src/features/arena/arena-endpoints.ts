import type {
  ArenaBattle,
  ArenaBattlePage,
  ArenaLadder,
  ArenaOpponent,
  ArenaStatus,
} from '@aleph/contracts';
import { api } from '../../api/api';

/**
 * The Arena (`/halba`, docs/api.md). An attack changes the caller's rating, the day's attacks,
 * the opponents near the new rating, the ladder and the history: it invalidates them all. A
 * refused attack does too (a list of tags is invalidated on an error as well), so an attack on
 * an opponent no longer offered (`ARENA_OPPONENT_NOT_OFFERED`) asks for opponents again.
 */
export const arenaApi = api.enhanceEndpoints({ addTagTypes: ['arena'] }).injectEndpoints({
  endpoints: (build) => ({
    getArenaStatus: build.query<ArenaStatus, void>({
      query: () => '/halba/defence',
      providesTags: ['arena'],
    }),
    setDefence: build.mutation<ArenaStatus, number[]>({
      query: (heroes) => ({ url: '/halba/defence', method: 'PUT', body: { heroes } }),
      invalidatesTags: ['arena'],
    }),
    /** The answer is the caller's offer: only these players may be attacked, for a while. */
    getOpponents: build.query<ArenaOpponent[], void>({
      query: () => '/halba/opponents',
      providesTags: ['arena'],
    }),
    attack: build.mutation<ArenaBattle, { opponent: number; heroes: number[] }>({
      query: (body) => ({ url: '/halba/attack', method: 'POST', body }),
      invalidatesTags: ['arena'],
    }),
    getBattles: build.query<ArenaBattlePage, number | undefined>({
      query: (before) => (before ? `/halba/battles?before=${before}` : '/halba/battles'),
      providesTags: ['arena'],
    }),
    getBattle: build.query<ArenaBattle, number>({
      query: (id) => `/halba/battles/${id}`,
    }),
    getLadder: build.query<ArenaLadder, void>({
      query: () => '/halba/ladder',
      providesTags: ['arena'],
    }),
  }),
});

export const {
  useGetArenaStatusQuery,
  useSetDefenceMutation,
  useGetOpponentsQuery,
  useAttackMutation,
  useGetBattlesQuery,
  useGetBattleQuery,
  useGetLadderQuery,
} = arenaApi;
