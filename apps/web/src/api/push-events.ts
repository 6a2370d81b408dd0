import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { PushEvent } from './event-stream';
import type { api } from './api';
import { allianceChanged, allianceLinePushed } from './alliance-signal';
import { mapChanged } from './map-signal';
import { messageApi } from './message-endpoints';
import { profileApi } from './profile-endpoints';

export type PushCacheState = { api: ReturnType<typeof api.reducer> };
export type PushDispatch = ThunkDispatch<PushCacheState, undefined, UnknownAction>;
type Dispatch = PushDispatch;
type State = PushCacheState;
type TagType = Parameters<typeof messageApi.util.invalidateTags>[0][number];

/** Every tag the cache holds right now: a `resync` with `complete: false` refreshes them all. */
function providedTagTypes(state: State): TagType[] {
  return Object.keys(state.api.provided.tags) as TagType[];
}

/** Marks cache tags stale; the stream client spreads these over a short random pause. */
export type Invalidate = (tags: TagType[]) => void;

/**
 * Gathers the tags the events of one moment make stale and invalidates them together after a
 * random pause of up to `spreadMs` (`EVENT_REFETCH_SPREAD_MS`): one read of each stale query
 * however many events came, and the players of one settlement batch spread over the pause
 * instead of asking at once. `cancel` drops what is pending (the stream stopped).
 */
export function spreadInvalidations(
  dispatch: Dispatch,
  spreadMs: number,
  random: () => number = Math.random,
): { invalidate: Invalidate; cancel(): void } {
  let pending: TagType[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    timer = null;
    const tags = pending;
    pending = [];
    dispatch(messageApi.util.invalidateTags(tags));
  };
  return {
    invalidate(tags) {
      pending.push(...tags);
      timer ??= setTimeout(flush, Math.floor(random() * spreadMs));
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
      pending = [];
    },
  };
}

/**
 * Turns a push event into cache changes (docs/architecture.md, Web: the stream client). Counts
 * and the profile summary the events carry are written into the cache at once; the rest is
 * invalidated through `invalidate` (at once unless the caller spreads it), so what is on screen
 * is read again and what is not is dropped.
 */
export function applyPushEvent(
  event: PushEvent,
  dispatch: Dispatch,
  getState: () => State,
  invalidate: Invalidate = (tags) => dispatch(messageApi.util.invalidateTags(tags)),
) {
  switch (event.type) {
    case 'mission.finished': {
      const { heroId, landId } = event.data;
      invalidate([
        'missions',
        'dashboard',
        'hero',
        { type: 'hero', id: heroId },
        'residents',
        'lands',
        { type: 'land', id: landId },
        'profile',
        'messages',
      ]);
      return;
    }
    case 'inbox.new':
      dispatch(
        messageApi.util.upsertQueryData('getUnreadSummary', undefined, {
          unreadMessages: event.data.unread,
        }),
      );
      invalidate(['messageList']);
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
      if (levelChanged) invalidate(['features']);
      // A frame chosen on another page or device: the profile and the frame picker show it.
      if (event.data.frame !== undefined) invalidate(['profile']);
      return;
    }
    case 'land.changed':
      invalidate(['lands', ...event.data.landIds.map((id) => ({ type: 'land' as const, id }))]);
      return;
    case 'hero.changed':
      invalidate([
        'hero',
        'residents',
        ...event.data.heroIds.map((id) => ({ type: 'hero' as const, id })),
      ]);
      return;
    case 'message.new':
      // The `inbox.new` sent with it refreshes the badge and the list; the shell shows a toast.
      return;
    case 'announcement':
      // Announcements are inbox messages, and the dashboard lists the newest.
      invalidate(['dashboard', 'messages']);
      return;
    case 'map.changed':
      mapChanged(event.data.continents);
      return;
    case 'alliance.message':
      allianceLinePushed(event.data);
      return;
    case 'alliance.changed':
      allianceChanged();
      return;
    case 'bazaar.sold':
    case 'bazaar.bought':
    case 'bazaar.outbid':
      // A sale, a purchase or a released hold: the treasury, what changed hands, the Bazaar's
      // pages (this listing and the searches) and My Bazaar. The shell shows a toast.
      invalidate([
        'profile',
        'BazaarListing',
        'BazaarMine',
        ...(event.type === 'bazaar.outbid'
          ? []
          : (['hero', 'residents', 'lands', 'land', 'dashboard'] as const)),
      ]);
      return;
    case 'resync':
      if (!event.data.complete) invalidate(providedTagTypes(getState()));
      return;
  }
}
