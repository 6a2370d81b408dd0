import { useUnreadSummary } from '../../api/message-endpoints';

/** The Inbox badge's unread count: GET /hatif/messages/countunread, polled every 30 s. */
export function useUnreadCount(): number {
  return useUnreadSummary().data?.unreadMessages ?? 0;
}
