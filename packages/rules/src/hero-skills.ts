import { HERO_GROWTH_CONFIG } from './config-hero-growth.js';
import { GAME_CONFIG } from './config.js';
import { growthOf } from './hero-growth.js';
import type { ActivePot, HeroGrowth, HeroState } from './model.js';
import { SKILL_NAMES, type Skill, type Skills } from './world.js';

/** Effective skills and Skill Pots (docs/game-rules.md, Hero growth). */
const POT = HERO_GROWTH_CONFIG.pot;
const MS_PER_HOUR = GAME_CONFIG.time.msPerDay / GAME_CONFIG.time.hoursPerDay;

export const potActive = (pot: ActivePot | null, now: number): pot is ActivePot =>
  pot !== null && pot.until > now;

/** `min(100, base + upskill + pot)` per skill, the pot counting only while it lasts. */
export function effectiveSkills(growth: HeroGrowth, now: number): Skills {
  const boost = potActive(growth.pot, now) ? growth.pot.skill : -1;
  return growth.base.map((base, i) =>
    Math.min(
      GAME_CONFIG.heroes.skillMax,
      base + (growth.upskills[i] ?? 0) + (i === boost ? POT.boost : 0),
    ),
  ) as unknown as Skills;
}

/** The hero with `skills` evaluated at `now` (a pot may have run out since it was loaded). */
export function heroAt<H extends HeroState>(hero: H, now: number): H {
  if (!hero.growth) return hero;
  return { ...hero, skills: effectiveSkills(hero.growth, now) };
}

export const isSkill = (value: unknown): value is Skill =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) < SKILL_NAMES.length;

/** The pot a use starts at `now`, or why it cannot. */
export function usePot(
  hero: Pick<HeroState, 'skills' | 'growth'>,
  skill: Skill,
  now: number,
): ActivePot | { refusal: string } {
  const growth = growthOf(hero);
  if (potActive(growth.pot, now)) {
    return {
      refusal: `A ${SKILL_NAMES[growth.pot.skill as Skill]} pot is still working on this hero.`,
    };
  }
  return { skill, until: now + POT.hours * MS_PER_HOUR };
}
