import type {
  MessageSent,
  NicknameSearchResult,
  SendMessageBody,
  SentMessagePage,
} from '@aleph/contracts';
import { messageApi } from '../../api/message-endpoints';
import { keepRetryAfter } from '../../lib/retry-after';

/**
 * Writing to players (docs/api.md, "Player messages"): sending, the Sent view's pages and the
 * compose dialog's nickname search. A send refreshes the Sent view (its tag).
 */
export const composeApi = messageApi
  .enhanceEndpoints({ addTagTypes: ['sentMessages'] })
  .injectEndpoints({
    endpoints: (build) => ({
      sendMessage: build.mutation<MessageSent, SendMessageBody>({
        query: (body) => ({ url: '/hatif/messages', method: 'POST', body }),
        invalidatesTags: ['sentMessages'],
        transformErrorResponse: keepRetryAfter,
      }),
      /** One page of the Sent view; `undefined` is the newest. */
      getSentMessages: build.query<SentMessagePage, string | undefined>({
        query: (cursor) =>
          cursor
            ? `/hatif/messages/sent?cursor=${encodeURIComponent(cursor)}`
            : '/hatif/messages/sent',
        providesTags: ['sentMessages', 'user'],
      }),
      searchPlayers: build.query<NicknameSearchResult, string>({
        query: (prefix) => `/athar/players?prefix=${encodeURIComponent(prefix)}`,
        keepUnusedDataFor: 30,
      }),
    }),
  });

export const { useSendMessageMutation, useGetSentMessagesQuery, useSearchPlayersQuery } =
  composeApi;
