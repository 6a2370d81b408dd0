import { sql } from 'drizzle-orm';
import { featuresFor, landGoldView, utcDayKey, type Terrain } from '@aleph/rules';
import type { DashboardStat } from '@aleph/contracts';
import { preparedRows, type Db } from '../../db/client.js';
import { uncached } from '../../lib/profile-cache.js';

interface DashboardRow {
  heroes: { busy: number; total: number; noResidence: number } | null;
  lands: Array<{
    id: number;
    terrain: number;
    leftover: number | string;
    at: string;
    towers: number[] | null;
    mission: boolean;
  }> | null;
  used: string[] | null;
  announces: Array<{ id: number; subject: string }> | null;
}

/** Everything the widgets need, in one prepared round trip. */
async function loadDashboard(
  db: Db,
  profileId: number,
  day: string,
): Promise<DashboardRow | undefined> {
  const [row] = await preparedRows<DashboardRow>(
    db,
    'dashboard_stat',
    sql`select
      (select json_build_object(
         'busy', count(*) filter (where exists (select 1 from missions m where m.hero_id = h.id and m.status = 'running')),
         'total', count(*),
         'noResidence', count(*) filter (where h.residence_id is null))
       from heroes h where h.owner_id = ${profileId}) as heroes,
      (select json_agg(json_build_object('id', l.id, 'terrain', l.terrain, 'leftover', l.gold_leftover,
         'at', l.gold_at,
         'towers', (select json_agg(e.tower_level order by e.element) from land_elements e where e.land_id = l.id),
         'mission', exists (select 1 from missions m where m.land_id = l.id and m.status = 'running')))
       from lands l where l.owner_id = ${profileId}) as lands,
      (select json_agg(kind) from daily_usage where profile_id = ${profileId} and day = ${day}) as used,
      (select json_agg(json_build_object('id', a.id, 'subject', a.subject)) from (
         select id, subject from messages
         where profile_id = ${profileId} and kind = 'announcement' and deleted_at is null
         order by created_at desc, id desc limit 5) a) as announces`,
  );
  return row;
}

/**
 * The STAT tab's widgets (docs/api.md). It is polled every 60 s by
 * every online player, so its state is cached per player (see ProfileCache); gold on each
 * land is evaluated from that state at the time of the request. The gold attention and daily
 * missions widgets are `profileLevel2` features (docs/screens.md, Feature gates): below that
 * level their data is left out (`gold` empty, `daily` all false), as the screen leaves it out.
 */
export async function dashboardStat(
  db: Db,
  profileId: number,
  level: number,
  now: Date,
  cached = uncached,
): Promise<DashboardStat> {
  const unlocked = featuresFor(level).includes('profileLevel2');
  const day = utcDayKey(now.getTime());
  const row = await cached(`dashboard:${day}`, () => loadDashboard(db, profileId, day));
  const heroes = row?.heroes ?? { busy: 0, total: 0, noResidence: 0 };
  const kinds = new Set(unlocked ? (row?.used ?? []) : []);
  const gold = (unlocked ? (row?.lands ?? []) : []).map((land) => {
    const towers = (land.towers ?? [0, 0, 0, 0]) as [number, number, number, number];
    const view = landGoldView(
      {
        towers,
        terrain: land.terrain as Terrain,
        gold: { leftover: Number(land.leftover), at: new Date(land.at).getTime() },
      },
      now.getTime(),
    );
    return { landid: land.id, leftover: view.leftover, cap: view.cap, mission: land.mission };
  });
  return {
    heroes: {
      ok: true,
      data: {
        busy: Number(heroes.busy),
        idle: Number(heroes.total) - Number(heroes.busy),
        noResidence: Number(heroes.noResidence),
      },
    },
    daily: { daily: kinds.has('DAILYREWARD'), seal: kinds.has('HUNTSEAL') },
    // Every land, fullest first; the widget leaves out those with a mission and shows ten.
    gold: gold.sort((a, b) => a.cap - a.leftover - (b.cap - b.leftover) || a.landid - b.landid),
    announces: (row?.announces ?? []).map((a) => ({ messageid: a.id, message: a.subject })),
  };
}
