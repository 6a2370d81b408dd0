import { sql } from 'drizzle-orm';
import { MISSION_TYPES, type MissionType } from '@aleph/rules';
import { queryRows, type Executor } from '../db/client.js';
import { countProgress, type MetricCount } from '../core/achievements.js';
import { ChangeBook } from '../core/change-book.js';
import { jsonRows } from '../core/json-rows.js';
import { writeMessages } from '../core/inbox.js';

const DAY = 86_400_000;
/** Two finished missions a day over four months: a Mission Log worth paging and filtering. */
const LOG_DAYS = 120;
const PER_DAY = 2;
const TYPES: readonly MissionType[] = [
  'GOLDCLAIM',
  'DAILYREWARD',
  'SEARCHELEMENT',
  'GOLDCLAIM',
  'HUNTSEAL',
  'SEARCHELEMENT',
];
const MINUTES: Partial<Record<MissionType, number>> = { HUNTSEAL: 180 };

/**
 * The veteran's records (docs/game-rules.md, Achievements): a long Mission Log whose rows have
 * their (read) reports, the achievement metrics that history adds up to (counted once, so the
 * earnings, their XP and messages are the real ones), and the legendary frame. The rating needs
 * nothing: power follows the lands and heroes by itself.
 */
export async function seedVeteranRecords(tx: Executor, userId: number, now: Date) {
  const [owned] = await queryRows<{
    lands: number[];
    heroes: number[];
    legendary: number;
    towerUps: number;
    heroLevel: number;
  }>(
    tx,
    sql`select (select array_agg(id order by id) from lands where owner_id = ${userId}) as lands,
      (select array_agg(id order by id) from heroes where owner_id = ${userId}) as heroes,
      (select count(*)::int from heroes where owner_id = ${userId} and rarity = 4) as legendary,
      (select coalesce(sum(e.tower_level), 0)::int from land_elements e
        join lands l on l.id = e.land_id where l.owner_id = ${userId}) as "towerUps",
      (select coalesce(max(level), 0)::int from heroes where owner_id = ${userId}) as "heroLevel"`,
  );
  const lands = owned!.lands;
  const heroes = owned!.heroes;
  const start = now.getTime() - (LOG_DAYS + 3) * DAY;
  const log = Array.from({ length: LOG_DAYS * PER_DAY }, (_, i) => {
    const type = TYPES[i % TYPES.length]!;
    const startedAt = start + i * (DAY / PER_DAY);
    const minutes = MINUTES[type] ?? 60 + (i % 4) * 30;
    const success = i % 9 !== 4;
    const gold = type === 'GOLDCLAIM' && success ? 800 + (i % 13) * 90 : 0;
    const xp = success ? 150 + (i % 5) * 40 : 20;
    return {
      type,
      hero: heroes[i % heroes.length]!,
      land: lands[i % lands.length]!,
      started: new Date(startedAt),
      eta: new Date(startedAt + minutes * 60_000),
      result: { type, success, xp, ...(gold ? { treasuryGold: gold, goldClaimed: gold } : {}) },
    };
  });
  const reports = await writeMessages(
    tx,
    log.map((m) => ({
      profileId: userId,
      subject: `${MISSION_TYPES[m.type].missionName}: ${m.result.success ? 'done' : 'failed'}`,
      body: `<p>Your hero ${m.result.success ? 'came back' : 'came back empty-handed'}: +${m.result.xp} XP${m.result.treasuryGold ? `, +${m.result.treasuryGold} gold` : ''}.</p>`,
      kind: 'mission' as const,
      at: m.eta,
      readAt: new Date(m.eta.getTime() + 20 * 60_000),
    })),
  );
  const rows = log.map((m, i) => ({
    ...m,
    started: m.started.toISOString(),
    eta: m.eta.toISOString(),
    result: { ...m.result, reportId: reports[i] },
  }));
  await tx.execute(sql`insert into missions
      (profile_id, hero_id, land_id, type, params, seed, reservation, started_at, eta, status, settled_at, result)
    select ${userId}, hero, land, type, '{}'::jsonb, 0, '{}'::jsonb, started, eta, 'settled', eta, result
    from jsonb_to_recordset(${jsonRows(rows)})
      as v(hero int, land int, type text, started timestamptz, eta timestamptz, result jsonb)`);

  const count = (metric: MetricCount['metric'], amount: number): MetricCount => ({
    profileId: userId,
    metric,
    amount,
  });
  const ofType = (type: MissionType) => log.filter((m) => m.type === type).length;
  // The towers were built one upgrade mission per level, and heroes moved house on the way;
  // those missions are older than the log.
  const towerUps = owned!.towerUps;
  const transfers = 4;
  const counts = [
    count('missions_finished', log.length + towerUps + transfers),
    count('missions_finished:UPGRADETOWER', towerUps),
    count('missions_finished:TRANSFERHERO', transfers),
    count('hero_level_max', owned!.heroLevel),
    ...(['GOLDCLAIM', 'DAILYREWARD', 'SEARCHELEMENT', 'HUNTSEAL'] as const).map((t) =>
      count(`missions_finished:${t}`, ofType(t)),
    ),
    count(
      'gold_claimed',
      log.reduce((sum, m) => sum + (m.result.goldClaimed ?? 0), 0),
    ),
    count('lands_owned', lands.length),
    count('heroes_owned', heroes.length),
    count('legendary_heroes_owned', owned!.legendary),
    count('tower_level_max', 7),
    count('seal_level_max', 4),
    count('profile_level', 10),
    count('lucky_coin_tosses', 3),
    count('trader_sales', 2),
  ];
  // Earned over the months played, each on a day of its own; read when they came.
  const book = new ChangeBook();
  const notes = await countProgress(tx, book, counts, new Date(start + 30 * DAY));
  await writeMessages(
    tx,
    notes.map((n) => ({ ...n, readAt: new Date(n.at.getTime() + 60_000) })),
  );
  await book.flush(tx, { at: now });
  await tx.execute(sql`update profiles set frame = 'legendary' where id = ${userId}`);
}
