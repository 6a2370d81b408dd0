import type { QuestBoard } from '@aleph/contracts';
import { api } from '../../api/api';
import { profileApi } from '../../api/profile-endpoints';

/**
 * The first steps card (`/athar/quests`, docs/api.md). The server judges the goals when they are
 * read, so the query is refetched whenever something a goal waits for may have happened: its
 * own 'quests' tag, plus the tags the dashboard's data, the inbox and the feature flags refetch
 * on (a mission that ends, a message read, a new level: the push stream invalidates them). A read
 * that completes a goal has paid its reward, so the treasury in the top bar is read again.
 */
export const questApi = api
  .enhanceEndpoints({ addTagTypes: ['quests', 'messages'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getQuests: build.query<QuestBoard, void>({
        query: () => '/athar/quests',
        providesTags: [
          'quests',
          'dashboard',
          'missions',
          'lands',
          'hero',
          'profile',
          'features',
          'messages',
          'user',
        ],
        async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            if (data.completed.length > 0) {
              void dispatch(
                profileApi.endpoints.getProfileSummary.initiate(undefined, {
                  forceRefetch: true,
                  subscribe: false,
                }),
              );
            }
          } catch {
            // the card shows nothing on an error; the next read tries again
          }
        },
      }),
      dismissQuests: build.mutation<QuestBoard, void>({
        query: () => ({ url: '/athar/quests/dismiss', method: 'POST' }),
        async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            dispatch(questApi.util.upsertQueryData('getQuests', undefined, data));
          } catch {
            // the card stays; the button can be pressed again
          }
        },
      }),
    }),
  });

export const { useGetQuestsQuery, useDismissQuestsMutation } = questApi;
