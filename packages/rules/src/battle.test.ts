import { describe, expect, it } from 'vitest';
import { ARENA_CONFIG } from './config-arena.js';
import { fighterStats, runBattle, simulateBattle, type BattleHero } from './battle.js';
import type { Rng } from './rng.js';
import { Element, type Skills } from './world.js';

/** Skills in the order Mastery, Intelligence, Resilience, Agility, Charisma, Luck, Efficiency, Strength. */
const hero = (
  heroId: number,
  element: Element,
  res: number,
  agi: number,
  luck: number,
  str: number,
) =>
  ({
    heroId,
    name: `Hero ${heroId}`,
    element,
    skills: [10, 10, res, agi, 10, luck, 10, str] as Skills,
  }) satisfies BattleHero;

/** An Rng that answers the listed draws in order and fails the test if more are asked for. */
function fixedRng(draws: readonly number[]): Rng & { left: () => number } {
  let i = 0;
  const next = () => {
    if (i >= draws.length) throw new Error('the battle drew more numbers than the test planned');
    return draws[i++]!;
  };
  return { next, int: () => 0, pick: (items) => items[0]!, left: () => draws.length - i };
}

describe('fighter stats', () => {
  it('follow the published system and the element bonuses', () => {
    // HP = Res x 20, Attack = Str x 2, Defence = Res / 2, Speed = Agility.
    const water = fighterStats(hero(1, Element.Water, 20, 50, 5, 30));
    expect(water).toEqual({ maxHp: 400, attack: 60, defence: 10, speed: 50, luck: 5 });
    expect(fighterStats(hero(1, Element.Fire, 20, 50, 5, 30)).attack).toBe(90); // +50% attack
    expect(fighterStats(hero(1, Element.Earth, 20, 50, 5, 30)).defence).toBe(15); // +50% defence
    const air = fighterStats(hero(1, Element.Air, 20, 50, 5, 30));
    expect([air.attack, air.maxHp]).toEqual([90, 200]); // +50% attack, -50% HP
  });
});

describe('a battle computed by hand', () => {
  // A (attacker, Fire): Res 20, Agi 50, Luck 50, Str 30 -> HP 400, attack 90, defence 10,
  //   waitTime 450, evade chance 0.1, critical chance 0.1.
  // B (defender, Water): Res 10, Agi 40, Luck 25, Str 20 -> HP 200, attack 40, defence 5,
  //   waitTime 460, evade chance 0.05, critical chance 0.05.
  // Draws per attack: evade?, miss?, critical?, (weak? when not critical), attack factor,
  // defence factor; a factor is 1 + 0.1 x (2u - 1).
  const draws = [
    // Turn 1: waits 450/460, A acts (B's wait 10). 0.9 no evade, 0.5 no miss, 0.05 < 0.1
    // critical; factors 1 and 1: floor(90 x 1.5 - 5) = 130, B 200 -> 70.
    0.9, 0.5, 0.05, 0.5, 0.5,
    // Turn 2: B acts at 10 (A's wait 440). 0.05 < A's 0.1: evaded, no damage.
    0.05,
    // Turn 3: A acts at 440 (B 20). 0.9 no evade, 0.005 < 0.01: a miss.
    0.9, 0.005,
    // Turn 4: B acts at 20 (A 430). No evade, no miss, 0.9 no critical, 0.05 < 0.1 weak;
    // factors 1.05 and 0.95: floor(40 x 1.05 x 0.9 - 10 x 0.95) = floor(28.3) = 28, A 400 -> 372.
    0.9, 0.9, 0.9, 0.05, 0.75, 0.25,
    // Turn 5: A acts at 430. Normal hit, factors 0.9 and 1: floor(81 - 5) = 76 >= 70, B falls.
    0.9, 0.9, 0.9, 0.9, 0, 0.5,
  ];

  it('is reproduced turn by turn', () => {
    const rng = fixedRng(draws);
    const result = simulateBattle(
      {
        attackers: [hero(1, Element.Fire, 20, 50, 50, 30)],
        defenders: [hero(2, Element.Water, 10, 40, 25, 20)],
      },
      rng,
    );
    expect(result.turns).toEqual([
      { turn: 1, actor: 0, target: 1, roll: 'critical', damage: 130, hp: 70 },
      { turn: 2, actor: 1, target: 0, roll: 'evade', damage: 0, hp: 400 },
      { turn: 3, actor: 0, target: 1, roll: 'miss', damage: 0, hp: 70 },
      { turn: 4, actor: 1, target: 0, roll: 'weak', damage: 28, hp: 372 },
      { turn: 5, actor: 0, target: 1, roll: 'normal', damage: 76, hp: 0 },
    ]);
    expect(result.winner).toBe('attacker');
    expect(result.capped).toBe(false);
    expect(rng.left()).toBe(0);
  });
});

describe('targets and the turn cap', () => {
  it('attacks the living enemy with the lowest HP, ties by team order', () => {
    const attackers = [hero(1, Element.Water, 50, 90, 0, 60)];
    const defenders = [
      hero(2, Element.Water, 30, 1, 0, 1),
      hero(3, Element.Water, 20, 1, 0, 1),
      hero(4, Element.Water, 20, 1, 0, 1),
    ];
    const result = runBattle({ attackers, defenders }, 7);
    const first = result.turns[0]!;
    expect(first.actor).toBe(0);
    expect(first.target).toBe(2); // 400 HP like index 3, lower than index 1's 600
  });

  it('judges a battle nobody can finish by the share of HP left, a tie to the defender', () => {
    // Both deal 1 damage a hit (attack 2 against defence 50) and never evade (Luck 0).
    const wall = (id: number) => hero(id, Element.Water, 100, 50, 0, 1);
    const result = runBattle({ attackers: [wall(1)], defenders: [wall(2)] }, 1);
    expect(result.capped).toBe(true);
    expect(result.turns).toHaveLength(ARENA_CONFIG.battle.turnCap);
    const hits = (side: number) =>
      result.turns.filter((t) => t.target === side && t.damage > 0).length;
    // Equal speed: the attacker (lower index) acts first, so both sides act 150 times.
    if (hits(0) === hits(1)) expect(result.winner).toBe('defender');
    else expect(result.winner).toBe(hits(1) > hits(0) ? 'attacker' : 'defender');
  });
});
