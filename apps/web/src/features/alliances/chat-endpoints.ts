import type { AllianceChatPage, ChatLine } from '@aleph/contracts';
import { api } from '../../api/api';
import { keepRetryAfter } from '../../lib/retry-after';

export interface ChatPageArgs {
  allianceId: number;
  before?: number;
}

/**
 * The alliance chat (/athar/alliances/{id}/chat). No cache tags: the panel keeps the lines it
 * loaded and adds pushed ones itself (api/alliance-signal.ts), so a new line never reads a
 * page again.
 */
export const allianceChatApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAllianceChat: build.query<AllianceChatPage, ChatPageArgs>({
      query: ({ allianceId, before }) => ({
        url: `/athar/alliances/${allianceId}/chat`,
        params: before === undefined ? undefined : { before },
      }),
      keepUnusedDataFor: 0,
    }),
    postChatLine: build.mutation<ChatLine, { allianceId: number; text: string }>({
      query: ({ allianceId, text }) => ({
        url: `/athar/alliances/${allianceId}/chat`,
        method: 'POST',
        body: { text },
      }),
      transformErrorResponse: keepRetryAfter,
    }),
    deleteChatLine: build.mutation<void, { allianceId: number; lineId: number }>({
      query: ({ allianceId, lineId }) => ({
        url: `/athar/alliances/${allianceId}/chat/${lineId}`,
        method: 'DELETE',
      }),
    }),
  }),
});

export const {
  useGetAllianceChatQuery,
  useLazyGetAllianceChatQuery,
  usePostChatLineMutation,
  useDeleteChatLineMutation,
} = allianceChatApi;
