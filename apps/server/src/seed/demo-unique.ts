import { sql } from 'drizzle-orm';
import { GAME_CONFIG, Skill } from '@aleph/rules';
import { queryRows, type Db } from '../db/client.js';
import { startMission } from '../modules/missions/service.js';
import { settlePlayerDue } from '../modules/missions/settle.js';
import { createUniqueEvent } from '../modules/unique/admin.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const [HOARD, LIBRARY] = GAME_CONFIG.unique.rotation.events;

/**
 * The demo veteran's unique missions (README, docs/game-rules.md): last week's event, which its
 * strongest idle hero joined and came back from (the mission started then and settled by the
 * settlement, so its reward and report are real), and an event open now that the same hero can
 * join: the requirement is Strength 70, or the hero's Strength when that is lower.
 */
export async function seedVeteranUnique(db: Db, userId: number, now: Date): Promise<void> {
  if (!HOARD || !LIBRARY) throw new Error('the rotation table needs two events');
  const [hero] = await queryRows<{ id: number; residence_id: number; strength: number }>(
    db,
    sql`select h.id, h.residence_id, h.skills[${Skill.Strength + 1}] + h.upskills[${Skill.Strength + 1}] as strength
        from heroes h
        where h.owner_id = ${userId} and h.residence_id is not null
          and not exists (select 1 from missions m where m.hero_id = h.id and m.status = 'running')
        order by strength desc, h.id limit 1`,
  );
  if (!hero) throw new Error('the veteran has no idle hero with a home');
  const min = Math.min(HOARD.requirement.min, hero.strength);
  const strong = { skill: Skill.Strength, min, minRarity: null };
  const nowMs = now.getTime();
  const past = await createUniqueEvent(
    db,
    { ...LIBRARY, name: 'The Sunken Vault', requirement: strong },
    new Date(nowMs - 9 * DAY),
    new Date(nowMs - 2 * DAY),
    new Date(nowMs - 9 * DAY),
  );
  const body = { missionType: 'UNIQUE' as const, landid: hero.residence_id, heroid: hero.id };
  await startMission(db, userId, { ...body, eventid: past }, new Date(nowMs - 8 * DAY));
  await settlePlayerDue(db, userId, now);
  // Settlement turns the triggers' version bumps off for the transaction; the demo wants them on.
  await db.execute(sql`select set_config('aleph.defer_versions', 'off', true)`);
  await db.execute(
    sql`update messages set read_at = created_at + interval '1 hour'
        where profile_id = ${userId} and read_at is null and subject like ${'% completed The Sunken Vault'}`,
  );
  await createUniqueEvent(
    db,
    { ...HOARD, requirement: strong },
    new Date(nowMs - DAY),
    new Date(nowMs + 5 * DAY + 6 * HOUR),
    now,
  );
}
