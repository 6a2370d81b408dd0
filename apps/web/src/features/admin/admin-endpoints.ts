import type {
  AllianceRenameBody,
  GrantBody,
  ListingPage,
  LuckyOpenBody,
  MuteBody,
  PlayerDetail,
  PlayerLedger,
  PlayerLedgerQuery,
  PlayerSearchQuery,
  PlayerSearchResult,
  PlayerSignals,
  ReasonBody,
  ReauthBody,
  ReauthResult,
  RenameBody,
  ReportQueue,
  ReportStatus,
  ResolveReportBody,
  RoleBody,
  SignalClusters,
  SignInList,
  StaffActionResult,
  StaffAnnouncementBody,
  StaffCancelListingBody,
  StaffLevelBody,
  StaffLogPage,
  StaffLogQuery,
  StaffMessageBody,
  SuspendBody,
  UniqueCreateBody,
} from '@aleph/contracts';
import { api } from '../../api/api';

/** A query string of the fields that are set, for the console's filtered, paged lists. */
export function search(query: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Every action on a player (docs/api.md, "Operators"): its path and its body. */
export interface PlayerActions {
  suspend: SuspendBody;
  lift: ReasonBody;
  mute: MuteBody;
  unmute: ReasonBody;
  rename: RenameBody;
  grant: GrantBody;
  'end-sessions': ReasonBody;
  message: StaffMessageBody;
  '2fa-reset': ReasonBody;
}
export type PlayerActionName = keyof PlayerActions;

export type PlayerActionArgs = {
  [A in PlayerActionName]: { id: number; action: A; body: PlayerActions[A] };
}[PlayerActionName];

/**
 * The operators' console's API (`/diwan`). Its reads share the 'staff' tag, and every action
 * invalidates it: the player's file, the queue and the staff log show the action at once.
 */
export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchPlayers: build.query<PlayerSearchResult, PlayerSearchQuery>({
      query: (q) => `/diwan/players${search(q)}`,
      providesTags: ['staff'],
    }),
    getPlayer: build.query<PlayerDetail, number>({
      query: (id) => `/diwan/players/${id}`,
      providesTags: ['staff'],
    }),
    getPlayerLedger: build.query<PlayerLedger, PlayerLedgerQuery & { id: number }>({
      query: ({ id, ...q }) => `/diwan/players/${id}/ledger${search(q)}`,
      providesTags: ['staff'],
    }),
    getSignIns: build.query<SignInList, number>({
      query: (id) => `/diwan/players/${id}/signins`,
      providesTags: ['staff'],
    }),
    getSignals: build.query<PlayerSignals, number>({
      query: (id) => `/diwan/players/${id}/signals`,
      providesTags: ['staff'],
    }),
    getClusters: build.query<SignalClusters, void>({
      query: () => '/diwan/signals/clusters',
      providesTags: ['staff'],
    }),
    getReports: build.query<ReportQueue, ReportStatus>({
      query: (status) => `/diwan/reports?status=${status}`,
      providesTags: ['staff'],
    }),
    getStaffLog: build.query<StaffLogPage, StaffLogQuery>({
      query: (q) => `/diwan/stafflog${search(q)}`,
      providesTags: ['staff'],
    }),
    playerAction: build.mutation<StaffActionResult, PlayerActionArgs>({
      query: ({ id, action, body }) => ({
        url: `/diwan/players/${id}/${action}`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['staff'],
    }),
    setRole: build.mutation<StaffActionResult, RoleBody & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/diwan/players/${id}/role`, method: 'PUT', body }),
      invalidatesTags: ['staff'],
    }),
    resolveReport: build.mutation<
      StaffActionResult,
      ResolveReportBody & { id: number; outcome: 'resolve' | 'dismiss' }
    >({
      query: ({ id, outcome, ...body }) => ({
        url: `/diwan/reports/${id}/${outcome}`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['staff'],
    }),
    // The social layer (#36): a line of any alliance's chat, an alliance's name and tag.
    deleteChatLine: build.mutation<StaffActionResult, ReasonBody & { lineid: number }>({
      query: ({ lineid, ...body }) => ({
        url: `/diwan/chat/${lineid}/delete`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['staff'],
    }),
    renameAlliance: build.mutation<StaffActionResult, AllianceRenameBody & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/diwan/alliances/${id}/rename`, method: 'POST', body }),
      invalidatesTags: ['staff'],
    }),
    // The Bazaar (#37): a player's open listings by the public search (a seller has at most 20),
    // and the staff cancel, which also changes what the Bazaar's own screens show.
    getPlayerListings: build.query<ListingPage, number>({
      query: (seller) => ({ url: '/souq/bazaar/listings', params: { seller, limit: 100 } }),
      providesTags: ['staff', 'BazaarListing'],
    }),
    // Web push (#38): one of a player's devices, e.g. a lost phone.
    removePushDevice: build.mutation<
      StaffActionResult,
      ReasonBody & { id: number; deviceId: number }
    >({
      query: ({ id, deviceId, ...body }) => ({
        url: `/diwan/players/${id}/push/${deviceId}/remove`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['staff'],
    }),
    staffCancelListing: build.mutation<StaffActionResult, StaffCancelListingBody & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/diwan/bazaar/${id}/cancel`, method: 'POST', body }),
      invalidatesTags: ['staff', 'BazaarListing', 'BazaarMine'],
    }),
    // The operator CLI's tools (admins), through the CLI's own service code on the server.
    announce: build.mutation<StaffActionResult, StaffAnnouncementBody>({
      query: (body) => ({ url: '/diwan/announcements', method: 'POST', body }),
      invalidatesTags: ['staff'],
    }),
    setLevel: build.mutation<StaffActionResult, StaffLevelBody & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/diwan/players/${id}/level`, method: 'POST', body }),
      invalidatesTags: ['staff'],
    }),
    openLucky: build.mutation<StaffActionResult, LuckyOpenBody>({
      query: (body) => ({ url: '/diwan/luckycoin', method: 'POST', body }),
      invalidatesTags: ['staff'],
    }),
    closeLucky: build.mutation<StaffActionResult, ReasonBody>({
      query: (body) => ({ url: '/diwan/luckycoin/close', method: 'POST', body }),
      invalidatesTags: ['staff'],
    }),
    createUnique: build.mutation<StaffActionResult, UniqueCreateBody>({
      query: (body) => ({ url: '/diwan/unique', method: 'POST', body }),
      invalidatesTags: ['staff'],
    }),
    closeUnique: build.mutation<StaffActionResult, ReasonBody & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/diwan/unique/${id}/close`, method: 'POST', body }),
      invalidatesTags: ['staff'],
    }),
    reauth: build.mutation<ReauthResult, ReauthBody>({
      query: (body) => ({ url: '/diwan/reauth', method: 'POST', body }),
    }),
  }),
});

export const {
  useSearchPlayersQuery,
  useGetPlayerQuery,
  useGetPlayerLedgerQuery,
  useGetSignInsQuery,
  useGetSignalsQuery,
  useGetClustersQuery,
  useGetReportsQuery,
  useGetStaffLogQuery,
  usePlayerActionMutation,
  useSetRoleMutation,
  useResolveReportMutation,
  useDeleteChatLineMutation,
  useRenameAllianceMutation,
  useGetPlayerListingsQuery,
  useStaffCancelListingMutation,
  useRemovePushDeviceMutation,
  useAnnounceMutation,
  useSetLevelMutation,
  useOpenLuckyMutation,
  useCloseLuckyMutation,
  useCreateUniqueMutation,
  useCloseUniqueMutation,
  useReauthMutation,
} = adminApi;
