import type { MarkResult, Message } from '@aleph/contracts';
import { messageApi } from '../../api/message-endpoints';

type MessagePatch = Partial<Pick<Message, 'read' | 'deleted'>>;

/**
 * The inbox's list and its changes, on the 'messages' tag that ties the list and the unread
 * count together (src/api/message-endpoints.ts): reading or deleting a message refreshes both.
 * The change shows at once (optimistic) and is undone when the server refuses it.
 */
export const inboxApi = messageApi.injectEndpoints({
  endpoints: (build) => {
    const mark = (action: 'markread' | 'markdelete', patch: MessagePatch) =>
      build.mutation<MarkResult, number>({
        query: (id) => ({ url: `/hatif/messages/${id}/${action}`, method: 'POST' }),
        invalidatesTags: ['messages'],
        async onQueryStarted(id, { dispatch, queryFulfilled }) {
          const update = dispatch(
            inboxApi.util.updateQueryData('getMessages', undefined, (messages) => {
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
      markMessageRead: mark('markread', { read: true }),
      markMessageDeleted: mark('markdelete', { deleted: true }),
    };
  },
});

export const { useGetMessagesQuery, useMarkMessageReadMutation, useMarkMessageDeletedMutation } =
  inboxApi;
