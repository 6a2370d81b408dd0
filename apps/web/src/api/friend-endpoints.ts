import type { FriendList, FriendState } from '@aleph/contracts';
import { api } from './api';

/**
 * Friends (docs/api.md, "Friends"): the friends page and the public profile's friend button
 * both read and change them, so the endpoints live here rather than in either feature. Every
 * change refetches the list (its tag), which both show.
 */
export const friendApi = api.enhanceEndpoints({ addTagTypes: ['friends'] }).injectEndpoints({
  endpoints: (build) => ({
    getFriends: build.query<FriendList, void>({
      query: () => '/athar/friends',
      providesTags: ['friends'],
    }),
    requestFriend: build.mutation<FriendState, number>({
      query: (profileid) => ({ url: '/athar/friends', method: 'POST', body: { profileid } }),
      invalidatesTags: ['friends'],
    }),
    acceptFriend: build.mutation<FriendState, number>({
      query: (profileid) => ({ url: `/athar/friends/${profileid}/accept`, method: 'POST' }),
      invalidatesTags: ['friends'],
    }),
    /** Unfriend, cancel one's request or refuse theirs. */
    removeFriend: build.mutation<null, number>({
      query: (profileid) => ({ url: `/athar/friends/${profileid}`, method: 'DELETE' }),
      invalidatesTags: ['friends'],
    }),
  }),
});

export const {
  useGetFriendsQuery,
  useRequestFriendMutation,
  useAcceptFriendMutation,
  useRemoveFriendMutation,
} = friendApi;

/** Where a player stands with the caller, as the public profile's button shows it. */
export type FriendStatus = 'none' | 'outgoing' | 'incoming' | 'friends';

export function friendStatusOf(list: FriendList, profileid: number): FriendStatus {
  if (list.friends.some((f) => f.profileid === profileid)) return 'friends';
  if (list.incoming.some((f) => f.profileid === profileid)) return 'incoming';
  if (list.outgoing.some((f) => f.profileid === profileid)) return 'outgoing';
  return 'none';
}
