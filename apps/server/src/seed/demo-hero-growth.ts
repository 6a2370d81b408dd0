import { sql } from 'drizzle-orm';
import { GAME_CONFIG, heroLevelXp, Skill, type Skills } from '@aleph/rules';
import type { Db, Tx } from '../db/client.js';
import { ChangeBook } from '../core/change-book.js';
import { jsonRows } from '../core/json-rows.js';
import { loadLand } from '../core/state.js';
import { useSkillPot } from '../modules/heroes/growth.js';

/**
 * The demo veteran's hero growth (docs/game-rules.md, Hero growth): levels with hero XP part
 * way to the next one, upskills spent (some points left to spend), one hero ready to level up.
 */
const G = GAME_CONFIG.heroGrowth;

/** Hero XP a hero at `level` shows: part way to the next level, or `ready` there already. */
function xpAt(level: number, ready: boolean): number {
  if (level >= G.maxLevel) return heroLevelXp(G.maxLevel) + 7_500;
  const from = level === 0 ? 0 : heroLevelXp(level);
  const to = heroLevelXp(level + 1);
  return ready ? to + 500 : Math.floor(from + (to - from) * 0.6);
}

/** `points` upskills spread over the skills in turn, never past 100 with the base. */
export function spreadUpskills(base: Skills, points: number): number[] {
  const up = base.map(() => 0);
  let left = points;
  for (let turn = 0; left > 0 && turn < 1000; turn += 1) {
    const i = turn % base.length;
    if (base[i]! + up[i]! < GAME_CONFIG.heroes.skillMax) {
      up[i]! += 1;
      left -= 1;
    }
  }
  return up;
}

export interface VeteranHero {
  id: number;
  level: number;
  base: Skills;
  /** Upskill points left unspent. */
  unspent: number;
  /** Has the hero XP of its next level (HEROLEVELUP can start). */
  ready?: boolean;
}

export async function setVeteranHeroGrowth(tx: Tx, heroes: readonly VeteranHero[]) {
  const rows = heroes.map((h) => ({
    id: h.id,
    level: h.level,
    xp: xpAt(h.level, h.ready ?? false),
    up: `{${spreadUpskills(h.base, Math.max(0, G.pointsPerLevel * h.level - h.unspent)).join(',')}}`,
  }));
  await tx.execute(sql`update heroes h set level = v.level, xp = v.xp, upskills = v.up::smallint[]
    from jsonb_to_recordset(${jsonRows(rows)}) as v(id int, level smallint, xp int, up text)
    where h.id = v.id`);
}

/**
 * A Skill Pot on Luck used `hoursAgo` hours ago on a hero living on `landId`, through the
 * endpoint's own service; two more pots are put in that land's stores first, so it keeps one.
 */
export async function useVeteranPot(
  db: Db,
  profileId: number,
  heroId: number,
  landId: number,
  now: Date,
  hoursAgo: number,
) {
  const at = new Date(now.getTime() - hoursAgo * 3_600_000);
  await db.transaction(async (tx) => {
    const land = await loadLand(tx, landId, true);
    if (!land) throw new Error('the veteran pot land is gone');
    const book = new ChangeBook([land]);
    book.items(landId, { [G.pot.itemCode]: 2 }, { cause: 'demo', at });
    await book.flush(tx, { at });
  });
  await useSkillPot(db, profileId, heroId, { landid: landId, skill: Skill.Luck }, at);
}
