import type {
  BazaarEvent,
  MessageNewEvent,
  MissionFinishedEvent,
  ProfileChangedEvent,
  PushKind,
  PushPayload,
} from '@aleph/contracts';
import { isMissionType, MISSION_TYPES } from '@aleph/rules';
import type { ExplicitPushMap } from '../../core/events.js';

/**
 * What a push says (docs/operations.md, "Web push"): one event as it happened, a burst of one
 * kind folded into one push ("3 missions finished"), or the summary when quiet hours end. The
 * texts name the player's own things and at most another player's nickname and a subject line.
 */
export interface QueuedPush {
  kind: PushKind;
  data: unknown;
}

type Text = Pick<PushPayload, 'title' | 'body' | 'url'>;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const missionTitle = (type: string) =>
  isMissionType(type) ? MISSION_TYPES[type].missionName : 'a mission';
const amount = (e: BazaarEvent) => `${e.amount.toLocaleString('en-US')} ${e.currency}`;
const clip = (text: string, max = 120) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
/** "A, B and 2 more" of distinct names, at most two named. */
function names(list: string[]): string {
  const distinct = [...new Set(list)];
  if (distinct.length <= 2) return distinct.join(' and ');
  return `${distinct.slice(0, 2).join(', ')} and ${distinct.length - 2} more`;
}

function one(kind: PushKind, data: unknown): Text {
  switch (kind) {
    case 'mission.finished': {
      const e = data as MissionFinishedEvent;
      return {
        title: 'Mission finished',
        body: `${e.heroName} returned from ${missionTitle(e.missionType)}: ${e.outcome}`,
        url: `/heroes/${e.heroId}`,
      };
    }
    case 'profile.levelup': {
      const e = data as ProfileChangedEvent;
      return {
        title: 'Level up available',
        body: `You have the XP for level ${e.level + 1}. Level up on your profile.`,
        url: '/profile',
      };
    }
    case 'arena.attacked': {
      const e = data as ExplicitPushMap['arena.attacked'];
      const rating = `Your rating ${e.change >= 0 ? 'rose' : 'fell'} to ${e.rating}.`;
      return {
        title: e.held ? 'Your Arena defence held' : 'Your Arena defence fell',
        body: `${e.attacker} attacked your defence team and ${e.held ? 'lost' : 'won'}. ${rating}`,
        url: '/messages',
      };
    }
    case 'message.new': {
      const e = data as MessageNewEvent;
      return { title: `Message from ${e.from}`, body: clip(e.subject), url: '/messages' };
    }
    case 'alliance.mention': {
      const e = data as ExplicitPushMap['alliance.mention'];
      return {
        title: `${e.from} mentioned you`,
        body: clip(e.text),
        url: `/alliances/${e.allianceId}`,
      };
    }
    case 'bazaar.outbid': {
      const e = data as BazaarEvent;
      return {
        title: 'Outbid on the Bazaar',
        body: `${e.title}: the leading bid is now ${amount(e)}. Your bid is released.`,
        url: `/bazaar/${e.listingid}`,
      };
    }
    case 'bazaar.sold': {
      const e = data as BazaarEvent;
      return {
        title: 'Sold on the Bazaar',
        body: `${e.title} sold for ${amount(e)}.`,
        url: '/bazaar/mine',
      };
    }
    case 'bazaar.bought': {
      const e = data as BazaarEvent;
      return {
        title: 'Bought on the Bazaar',
        body: `${e.title} is yours for ${amount(e)}.`,
        url: '/bazaar/mine',
      };
    }
  }
}

/** The count of a kind as the folded push and the summary say it. */
function counted(kind: PushKind, list: unknown[]): string {
  const n = list.length;
  switch (kind) {
    case 'mission.finished':
      return plural(n, 'mission finished', 'missions finished');
    case 'profile.levelup':
      return 'a level-up available';
    case 'arena.attacked':
      return `attacked ${n === 1 ? 'once' : `${n} times`} in the Arena`;
    case 'message.new':
      return plural(n, 'new message', 'new messages');
    case 'alliance.mention':
      return plural(n, 'mention in alliance chat', 'mentions in alliance chat');
    case 'bazaar.outbid':
      return `outbid ${n === 1 ? 'once' : `${n} times`} on the Bazaar`;
    case 'bazaar.sold':
      return plural(n, 'sale on the Bazaar', 'sales on the Bazaar');
    case 'bazaar.bought':
      return plural(n, 'purchase on the Bazaar', 'purchases on the Bazaar');
  }
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function folded(kind: PushKind, list: unknown[]): Text {
  const title = capital(counted(kind, list));
  switch (kind) {
    case 'mission.finished':
      return {
        title,
        body: `${names(list.map((d) => (d as MissionFinishedEvent).heroName))} returned.`,
        url: '/missions/log',
      };
    case 'arena.attacked': {
      const fell = list.filter((d) => !(d as ExplicitPushMap['arena.attacked']).held).length;
      return {
        title,
        body: `Your defence held ${list.length - fell} and fell ${fell}.`,
        url: '/messages',
      };
    }
    case 'message.new':
      return {
        title,
        body: `From ${names(list.map((d) => (d as MessageNewEvent).from))}.`,
        url: '/messages',
      };
    case 'alliance.mention': {
      const last = list[list.length - 1] as ExplicitPushMap['alliance.mention'];
      return {
        title,
        body: `By ${names(list.map((d) => (d as ExplicitPushMap['alliance.mention']).from))}.`,
        url: `/alliances/${last.allianceId}`,
      };
    }
    case 'profile.levelup':
      return one(kind, list[list.length - 1]);
    case 'bazaar.outbid':
    case 'bazaar.sold':
    case 'bazaar.bought':
      return {
        title,
        body: names(list.map((d) => (d as BazaarEvent).title)),
        url: '/bazaar/mine',
      };
  }
}

/** One push of one kind, telling of `list` (its events' data, oldest first). */
export function composePush(kind: PushKind, list: unknown[], at: Date): PushPayload {
  const text = list.length === 1 ? one(kind, list[0]) : folded(kind, list);
  return { kind, ...text, tag: kind, count: list.length, at: at.toISOString() };
}

/** Kinds in the order the summary names them. */
const ORDER: PushKind[] = [
  'arena.attacked',
  'bazaar.outbid',
  'bazaar.sold',
  'bazaar.bought',
  'message.new',
  'alliance.mention',
  'mission.finished',
  'profile.levelup',
];

/** The one push that sums up what quiet hours held. */
export function composeSummary(pushes: QueuedPush[], at: Date): PushPayload {
  const byKind = new Map<PushKind, unknown[]>();
  for (const p of pushes) byKind.set(p.kind, [...(byKind.get(p.kind) ?? []), p.data]);
  const parts = ORDER.filter((k) => byKind.has(k)).map((k) => counted(k, byKind.get(k)!));
  const body = `${capital(parts.join(', '))}.`;
  return {
    kind: 'summary',
    title: 'While you were away',
    body,
    url: '/',
    tag: 'summary',
    count: pushes.length,
    at: at.toISOString(),
  };
}

/**
 * When the quiet hours around `now` end, or null outside them. Quiet hours are minutes after
 * midnight on the player's wall clock in `timeZone` and may pass midnight (22:00 to 07:00).
 */
export function quietUntil(
  quiet: { start: number; end: number } | null,
  timeZone: string,
  now: Date,
): Date | null {
  if (!quiet) return null;
  const minute = minuteOfDay(now, timeZone);
  const inside =
    quiet.start < quiet.end
      ? minute >= quiet.start && minute < quiet.end
      : minute >= quiet.start || minute < quiet.end;
  if (!inside) return null;
  const ahead = (quiet.end - minute + 1440) % 1440;
  // The end's wall-clock minute, found from the current minute's start (a summer-time change
  // inside the quiet hours moves the end by its hour, as the player's clock does).
  const startOfMinute = Math.floor(now.getTime() / 60_000) * 60_000;
  let end = new Date(startOfMinute + ahead * 60_000);
  const drift = minuteOfDay(end, timeZone) - quiet.end;
  if (drift !== 0) end = new Date(end.getTime() - (((drift + 720 + 1440) % 1440) - 720) * 60_000);
  return end > now ? end : new Date(startOfMinute + ahead * 60_000);
}

function minuteOfDay(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  return hour * 60 + minute;
}
