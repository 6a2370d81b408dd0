import { ARENA_CONFIG } from './config-arena.js';
import { createRng, type Rng } from './rng.js';
import { Skill, type Element, type Skills } from './world.js';

/**
 * The Arena's battle (docs/game-rules.md, Arena): a pure function of the two teams and a seed.
 * The same teams and seed always give the same battle, so a stored seed replays it exactly.
 */

export interface BattleHero {
  readonly heroId: number;
  readonly name: string;
  readonly element: Element;
  /** Effective skills: base + upskill + active pot, as the server's hero loader gives them. */
  readonly skills: Skills;
}

export interface BattleInput {
  readonly attackers: readonly BattleHero[];
  readonly defenders: readonly BattleHero[];
}

export type BattleSide = 'attacker' | 'defender';
export type RollKind = 'evade' | 'miss' | 'critical' | 'weak' | 'normal';

/** A hero's battle numbers, derived from its skills and element. */
export interface FighterStats {
  readonly maxHp: number;
  readonly attack: number;
  readonly defence: number;
  readonly speed: number;
  readonly luck: number;
}

export interface Fighter extends FighterStats {
  /** Index in `fighters`: attackers first, then defenders, each in team order. */
  readonly index: number;
  readonly side: BattleSide;
  readonly heroId: number;
  readonly name: string;
  readonly element: Element;
}

export interface BattleTurn {
  /** 1-based action number. */
  readonly turn: number;
  readonly actor: number;
  readonly target: number;
  readonly roll: RollKind;
  readonly damage: number;
  /** The target's HP after the action, never below 0. */
  readonly hp: number;
}

export interface BattleResult {
  readonly winner: BattleSide;
  readonly fighters: readonly Fighter[];
  readonly turns: readonly BattleTurn[];
  /** True when the turn cap ended the battle with both sides standing. */
  readonly capped: boolean;
}

const B = ARENA_CONFIG.battle;

/** HP = Resilience x 20, Attack = Strength x 2, Defence = Resilience / 2, Speed = Agility. */
export function fighterStats(hero: Pick<BattleHero, 'element' | 'skills'>): FighterStats {
  const resilience = hero.skills[Skill.Resilience];
  return {
    maxHp: Math.round(resilience * B.hpPerResilience * B.elementHp[hero.element]),
    attack: hero.skills[Skill.Strength] * B.attackPerStrength * B.elementAttack[hero.element],
    defence: resilience * B.defencePerResilience * B.elementDefence[hero.element],
    speed: hero.skills[Skill.Agility],
    luck: hero.skills[Skill.Luck],
  };
}

export function battleFighters(input: BattleInput): Fighter[] {
  const make = (side: BattleSide, offset: number) => (hero: BattleHero, slot: number) => ({
    index: offset + slot,
    side,
    heroId: hero.heroId,
    name: hero.name,
    element: hero.element,
    ...fighterStats(hero),
  });
  return [
    ...input.attackers.map(make('attacker', 0)),
    ...input.defenders.map(make('defender', input.attackers.length)),
  ];
}

/** A draw in [0, 1) spread to a factor in [1 - variance, 1 + variance). */
const varied = (rng: Rng) => 1 + B.variance * (2 * rng.next() - 1);

/** One attack's roll and damage, drawing from `rng` in the documented order. */
export function rollAttack(
  rng: Rng,
  attacker: FighterStats,
  target: FighterStats,
): { roll: RollKind; damage: number } {
  if (rng.next() < target.luck / B.luckDivisor) return { roll: 'evade', damage: 0 };
  if (rng.next() < B.missChance) return { roll: 'miss', damage: 0 };
  let roll: RollKind = 'normal';
  let factor = 1;
  if (rng.next() < attacker.luck / B.luckDivisor) {
    roll = 'critical';
    factor = 1 + B.criticalBonus;
  } else if (rng.next() < B.weakChance) {
    roll = 'weak';
    factor = 1 - B.weakMalus;
  }
  const attack = attacker.attack * varied(rng) * factor;
  const defence = target.defence * varied(rng);
  return { roll, damage: Math.max(B.minDamage, Math.floor(attack - defence)) };
}

/** The battle with a given random stream (tests pass fixed draws; the game passes a seed). */
export function simulateBattle(input: BattleInput, rng: Rng): BattleResult {
  const fighters = battleFighters(input);
  const n = fighters.length;
  const hp = new Float64Array(n);
  const wait = new Float64Array(n);
  const attackers = input.attackers.length;
  const alive = [attackers, n - attackers];
  for (let i = 0; i < n; i++) {
    const f = fighters[i]!;
    hp[i] = f.maxHp;
    wait[i] = B.waitBase - f.speed;
    if (f.maxHp <= 0) alive[i < attackers ? 0 : 1]!--;
  }
  const turns: BattleTurn[] = [];
  let winner: BattleSide | null =
    alive[0]! === 0 ? 'defender' : alive[1]! === 0 ? 'attacker' : null;
  for (let turn = 1; winner === null && turn <= B.turnCap; turn++) {
    // The living hero with the lowest waitTime acts (ties: the lower index); all subtract it.
    let actor = -1;
    for (let i = 0; i < n; i++) if (hp[i]! > 0 && (actor < 0 || wait[i]! < wait[actor]!)) actor = i;
    const least = wait[actor]!;
    for (let i = 0; i < n; i++) if (hp[i]! > 0) wait[i]! -= least;
    const me = fighters[actor]!;
    wait[actor] = B.waitBase - me.speed;
    const target = weakestEnemy(hp, actor < attackers, attackers, n);
    const { roll, damage } = rollAttack(rng, me, fighters[target]!);
    const left = Math.max(0, hp[target]! - damage);
    hp[target] = left;
    turns.push({ turn, actor, target, roll, damage, hp: left });
    if (left === 0) {
      const side = target < attackers ? 0 : 1;
      if (--alive[side]! === 0) winner = side === 0 ? 'defender' : 'attacker';
    }
  }
  const capped = winner === null;
  return { winner: winner ?? judgeAtCap(fighters, hp, attackers), fighters, turns, capped };
}

/** The target: the living enemy with the lowest HP, ties by the lower index. */
function weakestEnemy(hp: Float64Array, actorAttacks: boolean, attackers: number, n: number) {
  const from = actorAttacks ? attackers : 0;
  const to = actorAttacks ? n : attackers;
  let target = -1;
  for (let i = from; i < to; i++)
    if (hp[i]! > 0 && (target < 0 || hp[i]! < hp[target]!)) target = i;
  return target;
}

/** At the cap the side with the larger share of its total HP left wins; a tie goes to the defender. */
function judgeAtCap(fighters: readonly Fighter[], hp: Float64Array, attackers: number): BattleSide {
  const share = [0, 0, 0, 0];
  fighters.forEach((f, i) => {
    const side = i < attackers ? 0 : 2;
    share[side]! += hp[i]!;
    share[side + 1]! += f.maxHp;
  });
  return share[0]! / share[1]! > share[2]! / share[3]! ? 'attacker' : 'defender';
}

/** The game's battle: `seed` is stored with it, so the replay is exact. */
export function runBattle(input: BattleInput, seed: number): BattleResult {
  return simulateBattle(input, createRng(`arena:${seed}`));
}
