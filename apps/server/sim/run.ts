import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { SimClient, type Refusal } from './client.js';
import { busyShare, byCause, missionsFinished, snapshot, type Snapshot } from './metrics.js';
import { checkIn, type PlayerMemory } from './policy.js';
import { DAY, HOUR, openSimWorld, SIM_EPOCH } from './world.js';

const MINUTE = 60_000;

/**
 * How a kind of player comes to the game. Both start with a first session (a newcomer stays
 * and plays for a while), then come back at fixed hours of the day (UTC).
 */
export interface PlayerKind {
  name: string;
  /** Hour of day 0 the player registers and starts the first session. */
  startHour: number;
  /** The first session: its length and how often the player looks in meanwhile. */
  firstSessionMinutes: number;
  firstSessionEveryMinutes: number;
  /** Hours of every day the player checks in. */
  checkInHours: readonly number[];
  /** Each check-in's looks, in minutes after its start (a short session may look twice). */
  sessionLooks: readonly number[];
}

export const PLAYER_KINDS: Record<string, PlayerKind> = {
  // Every 3 hours from 07:00 to 22:00.
  active: {
    name: 'active',
    startHour: 7,
    firstSessionMinutes: 60,
    firstSessionEveryMinutes: 5,
    checkInHours: [7, 10, 13, 16, 19, 22],
    sessionLooks: [0],
  },
  // Once a day at 20:00, for ten minutes (a look at the start and one at the end, so the
  // five-minute daily reward's hero can still leave on a long mission); the first evening they
  // stay half an hour.
  casual: {
    name: 'casual',
    startHour: 20,
    firstSessionMinutes: 30,
    firstSessionEveryMinutes: 5,
    checkInHours: [20],
    sessionLooks: [0, 10],
  },
};

export const SNAPSHOT_DAYS = [1, 2, 3, 7, 14, 30, 60, 90];

export interface PlayerResult {
  kind: string;
  snapshots: Snapshot[];
  /** Days after registration each profile level was reached (index = level). */
  levelDays: Array<number | null>;
  firstSession: {
    finishedIn15: number;
    finishedIn60: number;
    firstFinishedMinutes: number | null;
    levelAt60: number;
    xpAt60: number;
  };
  xpBySource: Array<{ cause: string; amount: number }>;
  goldBySource: Array<{ cause: string; amount: number }>;
  goldBySink: Array<{ cause: string; amount: number }>;
  busy: number;
  refusals: Refusal[];
  requests: number;
}

interface Player {
  kind: PlayerKind;
  client: SimClient;
  memory: PlayerMemory;
  profileId: number;
  registeredAt: number;
  levelDays: Array<number | null>;
  snapshots: Snapshot[];
  firstSession: PlayerResult['firstSession'] | null;
  times: number[];
}

/** Every moment the player looks in, over the whole run, in order. */
function checkInTimes(kind: PlayerKind, days: number): number[] {
  const start = SIM_EPOCH + kind.startHour * HOUR;
  const times: number[] = [];
  for (let m = 0; m <= kind.firstSessionMinutes; m += kind.firstSessionEveryMinutes)
    times.push(start + m * MINUTE);
  const end = start + days * DAY;
  for (let d = 0; d <= days; d++) {
    for (const h of kind.checkInHours) {
      for (const look of kind.sessionLooks) {
        const at = SIM_EPOCH + d * DAY + h * HOUR + look * MINUTE;
        if (at > start + kind.firstSessionMinutes * MINUTE && at <= end) times.push(at);
      }
    }
  }
  return times.sort((a, b) => a - b);
}

export interface RunOptions {
  days: number;
  kinds: PlayerKind[];
  seed: number;
  /** Called after each simulated day with a short line (progress on long runs). */
  onDay?: (day: number) => void;
}

export async function simulate(options: RunOptions): Promise<PlayerResult[]> {
  const world = await openSimWorld(options.seed);
  try {
    const db = world.database.db;
    const players: Player[] = options.kinds.map((kind) => ({
      kind,
      client: new SimClient(world, `${kind.name}_${options.seed}`),
      memory: { questsDone: false },
      profileId: 0,
      registeredAt: 0,
      levelDays: [0],
      snapshots: [],
      firstSession: null,
      times: checkInTimes(kind, options.days),
    }));
    type Event = {
      at: number;
      player: Player;
      kind: 'checkin' | 'snapshot' | 'first';
      day?: number;
    };
    const events: Event[] = [];
    for (const player of players) {
      for (const at of player.times) events.push({ at, player, kind: 'checkin' });
      const start = player.times[0]!;
      events.push({ at: start + HOUR, player, kind: 'first' });
      for (const day of SNAPSHOT_DAYS.filter((d) => d <= options.days))
        events.push({ at: start + day * DAY, player, kind: 'snapshot', day });
    }
    events.sort((a, b) => a.at - b.at || order(a.kind) - order(b.kind));
    let lastDay = 0;
    for (const event of events) {
      world.moveTo(event.at);
      const p = event.player;
      const day = Math.floor((event.at - SIM_EPOCH) / DAY);
      if (day > lastDay) {
        lastDay = day;
        options.onDay?.(day);
      }
      if (event.kind === 'checkin') {
        if (!p.registeredAt) {
          await p.client.register(options.seed);
          const [row] = await queryRows<{ id: number }>(
            db,
            sql`select id from users where login = ${p.client.login}`,
          );
          p.profileId = row!.id;
          p.registeredAt = event.at;
        }
        const next = p.times.find((t) => t > event.at) ?? event.at + DAY;
        await checkIn(p.client, p.memory, { nextCheckInMs: next - event.at });
        const [level] = await queryRows<{ level: number }>(
          db,
          sql`select level from profiles where id = ${p.profileId}`,
        );
        for (let l = p.levelDays.length; l <= level!.level; l++)
          p.levelDays[l] = (event.at - p.registeredAt) / DAY;
      } else if (event.kind === 'first') {
        const from = new Date(p.registeredAt);
        const in15 = await missionsFinished(
          db,
          p.profileId,
          from,
          new Date(p.registeredAt + 15 * MINUTE),
        );
        const in60 = await missionsFinished(db, p.profileId, from, new Date(event.at));
        const s = await snapshot(db, p.profileId, 0);
        p.firstSession = {
          finishedIn15: in15.count,
          finishedIn60: in60.count,
          firstFinishedMinutes: in60.first
            ? (in60.first.getTime() - p.registeredAt) / MINUTE
            : null,
          levelAt60: s.level,
          xpAt60: s.xp,
        };
      } else {
        p.snapshots.push(await snapshot(db, p.profileId, event.day!));
      }
    }
    const results: PlayerResult[] = [];
    for (const p of players) {
      const end = new Date(world.now());
      const xp = await byCause(db, p.profileId, 'xp');
      const gold = await byCause(db, p.profileId, 'gold');
      results.push({
        kind: p.kind.name,
        snapshots: p.snapshots,
        levelDays: p.levelDays,
        firstSession: p.firstSession!,
        xpBySource: xp.map((r) => ({ cause: r.cause, amount: Math.round(r.earned - r.spent) })),
        goldBySource: gold
          .filter((r) => r.earned > 0)
          .map((r) => ({ cause: r.cause, amount: Math.round(r.earned) })),
        goldBySink: gold
          .filter((r) => r.spent > 0)
          .map((r) => ({ cause: r.cause, amount: Math.round(r.spent) }))
          .sort((a, b) => b.amount - a.amount),
        busy: await busyShare(db, p.profileId, end),
        refusals: p.client.refusals,
        requests: p.client.requests,
      });
    }
    return results;
  } finally {
    await world.close();
  }
}

const order = (kind: string) => (kind === 'checkin' ? 0 : 1);
