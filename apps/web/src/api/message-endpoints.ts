import type { UnreadSummary } from '@aleph/contracts';
import { api } from './api';
import { usePollingWhileStreamDown } from './push-slice';

/** docs/screens.md (Dashboard): the unread count is polled every 30 s, like the profile summary. */
export const UNREAD_POLL_MS = 30_000;

/**
 * The inbox (/hatif): the unread count here, the list and its changes in the inbox feature
 * (src/features/inbox/inbox-endpoints.ts). Its own 'messages' tag ties the list and the unread
 * count together: reading or deleting a message refreshes both.
 */
export const messageApi = api
  .enhanceEndpoints({ addTagTypes: ['messages', 'messageList'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getUnreadSummary: build.query<UnreadSummary, void>({
        query: () => '/hatif/messages/countunread',
        // 'profile' too: a level-up or a mission writes a message, and both refresh the profile.
        providesTags: ['messages', 'user', 'profile'],
      }),
    }),
  });

export const { useGetUnreadSummaryQuery } = messageApi;

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
