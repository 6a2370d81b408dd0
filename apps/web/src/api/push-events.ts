import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { PushEvent } from '../lib/event-stream';
import { api } from './api';
import { messageApi } from './message-endpoints';
import { profileApi } from './profile-endpoints';

export type PushCacheState = { api: ReturnType<typeof api.reducer> };
export type PushDispatch = ThunkDispatch<PushCacheState, undefined, UnknownAction>;
type Dispatch = PushDispatch;
type State = PushCacheState;
type TagType = Parameters<typeof api.util.invalidateTags>[0][number];

/** Every tag the cache holds right now: a `resync` with `complete: false` refreshes them all. */
function providedTagTypes(state: State): TagType[] {
  return Object.keys(state.api.provided.tags) as TagType[];
}

/**
 * Turns a push event into cache changes (docs/architecture.md, Web: the stream client). Counts
 * and the profile summary the events carry are written into the cache at once; the rest is
 * invalidated, so what is on screen is read again and what is not is dropped.
 */
export function applyPushEvent(event: PushEvent, dispatch: Dispatch, getState: () => State) {
  switch (event.type) {
    case 'mission.finished': {
      const { heroId, landId } = event.data;
      dispatch(
        messageApi.util.invalidateTags([
          'missions',
          'dashboard',
          'hero',
          { type: 'hero', id: heroId },
          'residents',
          'lands',
          { type: 'land', id: landId },
          'profile',
          'messages',
        ]),
      );
      return;
    }
    case 'inbox.new':
      dispatch(
        messageApi.util.upsertQueryData('getUnreadSummary', undefined, {
          unreadMessages: event.data.unread,
        }),
      );
      dispatch(messageApi.util.invalidateTags(['messageList']));
      return;
    case 'profile.changed': {
      const { treasury, xp, level, upgradable } = event.data;
      let levelChanged = false;
      dispatch(
        profileApi.util.updateQueryData('getProfileSummary', undefined, (summary) => {
          levelChanged = summary.level.level !== level;
          summary.treasury = treasury;
          summary.level = { level, profilePoints: xp, upgradable };
        }),
      );
      // A new level brings new feature flags.
      if (levelChanged) dispatch(api.util.invalidateTags(['features']));
      return;
    }
    case 'land.changed':
      dispatch(
        api.util.invalidateTags([
          'lands',
          ...event.data.landIds.map((id) => ({ type: 'land' as const, id })),
        ]),
      );
      return;
    case 'hero.changed':
      dispatch(
        api.util.invalidateTags([
          'hero',
          'residents',
          ...event.data.heroIds.map((id) => ({ type: 'hero' as const, id })),
        ]),
      );
      return;
    case 'announcement':
      // Announcements are inbox messages, and the dashboard lists the newest.
      dispatch(messageApi.util.invalidateTags(['dashboard', 'messages']));
      return;
    case 'resync':
      if (!event.data.complete) dispatch(api.util.invalidateTags(providedTagTypes(getState())));
      return;
  }
}
