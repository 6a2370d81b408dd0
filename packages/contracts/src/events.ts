import Type, { type Static } from 'typebox';
import { ChatLine } from './alliances.js';
import type { BazaarEvent } from './bazaar.js';
import type { MessageNewEvent } from './player-messages.js';
import { FrameName } from './records.js';

/**
 * The signed-in player's push stream (`GET /events`, Server-Sent Events; docs/api.md, "Push").
 * Each event's SSE `id` is the player's own event sequence number: it only grows, so a client
 * that reconnects with `Last-Event-ID` is sent exactly what came after it (kept 10 minutes).
 */
/** How long the server keeps a player's events for a reconnecting client to catch up. */
export const EVENT_REPLAY_MS = 10 * 60_000;
/** A comment line on an idle stream this often keeps proxies from closing it. */
export const EVENT_HEARTBEAT_MS = 25_000;
/**
 * A client reads again what an event made stale after a random pause of up to this long, the
 * same pause for every event of that moment: the players of one settlement batch then do not
 * all ask at the same instant (docs/performance.md, "Push"). The event itself (the toast, the
 * counts it carries) is shown at once.
 */
export const EVENT_REFETCH_SPREAD_MS = 1500;

/** A mission of the player's was settled. `outcome` is one line for a toast. */
export const MissionFinishedEvent = Type.Object({
  missionId: Type.Integer(),
  missionType: Type.String(),
  heroId: Type.Integer(),
  heroName: Type.String(),
  landId: Type.Integer(),
  /** e.g. "+120 gold"; the toast reads "<hero> returned from <mission title>: <outcome>". */
  outcome: Type.String(),
  /** The report's inbox message, when one was written. */
  reportId: Type.Union([Type.Integer(), Type.Null()]),
});
export type MissionFinishedEvent = Static<typeof MissionFinishedEvent>;

export const InboxNewEvent = Type.Object({ unread: Type.Integer() });
export type InboxNewEvent = Static<typeof InboxNewEvent>;

export const ProfileChangedEvent = Type.Object({
  treasury: Type.Object({ gold: Type.Integer(), platinum: Type.Integer() }),
  xp: Type.Integer(),
  level: Type.Integer(),
  upgradable: Type.Boolean(),
  /** Present when the avatar frame was changed (the profile's other pages show it). */
  frame: Type.Optional(FrameName),
});
export type ProfileChangedEvent = Static<typeof ProfileChangedEvent>;

export const LandChangedEvent = Type.Object({ landIds: Type.Array(Type.Integer()) });
export type LandChangedEvent = Static<typeof LandChangedEvent>;

export const HeroChangedEvent = Type.Object({ heroIds: Type.Array(Type.Integer()) });
export type HeroChangedEvent = Static<typeof HeroChangedEvent>;

export const AnnouncementEvent = Type.Object({
  announcementId: Type.Integer(),
  subject: Type.String(),
});
export type AnnouncementEvent = Static<typeof AnnouncementEvent>;

/**
 * Sent after the replay of a reconnect. `complete: false` means some missed events were older
 * than the replay window (or the server lost its feed): refetch everything.
 */
/**
 * Lands were made or removed on these continents (any player's): a map on screen reads its
 * continent again. A world event, the same for every stream, so it carries no id.
 */
export const MapChangedEvent = Type.Object({ continents: Type.Array(Type.Integer()) });
export type MapChangedEvent = Static<typeof MapChangedEvent>;

export const ResyncEvent = Type.Object({ complete: Type.Boolean() });
export type ResyncEvent = Static<typeof ResyncEvent>;

/**
 * Not a player event: the server ends this stream because a newer one of the same player (or
 * session) took its place, past the streams it allows at once (docs/api.md, "Push"). The client
 * must not reopen it, or it would push the newer one out in turn.
 */
export const STREAM_REPLACED_EVENT = 'stream.replaced';
export const StreamReplacedEvent = Type.Object({
  /** Which limit the newer stream went past. */
  per: Type.Union([Type.Literal('player'), Type.Literal('session')]),
  /** The number of streams that limit allows at once. */
  limit: Type.Integer(),
});
export type StreamReplacedEvent = Static<typeof StreamReplacedEvent>;

/** A line posted in (or deleted from) the chat of the player's alliance. */
export const AllianceMessageEvent = ChatLine;
export type AllianceMessageEvent = Static<typeof AllianceMessageEvent>;

/** The player's alliance changed (members, roles, requests, or the player joined or left). */
export const AllianceChangedEvent = Type.Object({
  allianceId: Type.Union([Type.Integer(), Type.Null()]),
});
export type AllianceChangedEvent = Static<typeof AllianceChangedEvent>;

/** Event name (the SSE `event:` field) to its data (the `data:` field, JSON). */
export interface PlayerEventMap {
  'mission.finished': MissionFinishedEvent;
  'inbox.new': InboxNewEvent;
  'profile.changed': ProfileChangedEvent;
  'land.changed': LandChangedEvent;
  'hero.changed': HeroChangedEvent;
  announcement: AnnouncementEvent;
  'message.new': MessageNewEvent;
  'alliance.message': AllianceMessageEvent;
  'alliance.changed': AllianceChangedEvent;
  'bazaar.sold': BazaarEvent;
  'bazaar.bought': BazaarEvent;
  'bazaar.outbid': BazaarEvent;
  'map.changed': MapChangedEvent;
  resync: ResyncEvent;
}
export type PlayerEventType = keyof PlayerEventMap;
export const PLAYER_EVENT_TYPES: readonly PlayerEventType[] = [
  'mission.finished',
  'inbox.new',
  'profile.changed',
  'land.changed',
  'hero.changed',
  'announcement',
  'message.new',
  'alliance.message',
  'alliance.changed',
  'bazaar.sold',
  'bazaar.bought',
  'bazaar.outbid',
  'map.changed',
  'resync',
];
