import type { MarkResult, Message, UnreadSummary } from '@aleph/contracts';
import { api } from './api';
import { usePollingWhileStreamDown } from './push-slice';

/** docs/screens.md (Dashboard): the unread count is polled every 30 s, like the profile summary. */
export const UNREAD_POLL_MS = 30_000;

type MessagePatch = Partial<Pick<Message, 'read' | 'deleted'>>;

/**
 * The inbox (/hatif). Its own 'messages' tag ties the list and the unread count together:
 * reading or deleting a message refreshes both. The change shows at once (optimistic) and is
 * undone when the server refuses it.
 */
export const messageApi = api
  .enhanceEndpoints({ addTagTypes: ['messages', 'messageList'] })
  .injectEndpoints({
    endpoints: (build) => {
      const mark = (action: 'markread' | 'markdelete', patch: MessagePatch) =>
        build.mutation<MarkResult, number>({
          query: (id) => ({ url: `/hatif/messages/${id}/${action}`, method: 'POST' }),
          invalidatesTags: ['messages'],
          async onQueryStarted(id, { dispatch, queryFulfilled }) {
            const update = dispatch(
              messageApi.util.updateQueryData('getMessages', undefined, (messages) => {
                const message = messages.find((m) => m.msgid === id);
                if (message) Object.assign(message, patch);
              }),
            );
            try {
              await queryFulfilled;
            } catch {
              update.undo();
            }
          },
        });
      return {
        getMessages: build.query<Message[], void>({
          query: () => '/hatif/messages',
          // 'messageList' alone: a new message refreshes the list, its count comes with the push.
          providesTags: ['messages', 'messageList', 'user'],
        }),
        getUnreadSummary: build.query<UnreadSummary, void>({
          query: () => '/hatif/messages/countunread',
          // 'profile' too: a level-up or a mission writes a message, and both refresh the profile.
          providesTags: ['messages', 'user', 'profile'],
        }),
        markMessageRead: mark('markread', { read: true }),
        markMessageDeleted: mark('markdelete', { deleted: true }),
      };
    },
  });

export const {
  useGetMessagesQuery,
  useGetUnreadSummaryQuery,
  useMarkMessageReadMutation,
  useMarkMessageDeletedMutation,
} = messageApi;

/**
 * The top bar's badge: polled while the push stream is down, and refetched on mount when older
 * than 30 s.
 */
export function useUnreadSummary() {
  return useGetUnreadSummaryQuery(undefined, {
    pollingInterval: usePollingWhileStreamDown(UNREAD_POLL_MS),
    refetchOnMountOrArgChange: UNREAD_POLL_MS / 1000,
  });
}
