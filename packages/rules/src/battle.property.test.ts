import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ARENA_CONFIG } from './config-arena.js';
import { runBattle, type BattleHero } from './battle.js';
import { ELEMENTS, type Skills } from './world.js';

const skill = fc.integer({ min: 1, max: 100 });
const heroArb: fc.Arbitrary<BattleHero> = fc
  .record({
    heroId: fc.integer({ min: 1, max: 1000 }),
    element: fc.constantFrom(...ELEMENTS),
    skills: fc.array(skill, { minLength: 8, maxLength: 8 }),
  })
  .map((h) => ({
    heroId: h.heroId,
    name: 'H',
    element: h.element,
    skills: h.skills as unknown as Skills,
  }));
const team = fc.array(heroArb, { minLength: 1, maxLength: ARENA_CONFIG.teamSize });
const battleArb = fc.record({ attackers: team, defenders: team, seed: fc.integer() });

describe('battle properties', () => {
  it('ends within the turn cap; HP never negative; the winner has heroes standing', () => {
    fc.assert(
      fc.property(battleArb, ({ attackers, defenders, seed }) => {
        const result = runBattle({ attackers, defenders }, seed);
        expect(result.turns.length).toBeLessThanOrEqual(ARENA_CONFIG.battle.turnCap);
        const hp = result.fighters.map((f) => f.maxHp);
        for (const t of result.turns) {
          expect(t.hp).toBeGreaterThanOrEqual(0);
          expect(hp[t.actor]).toBeGreaterThan(0); // the fallen never act
          hp[t.target] = t.hp;
        }
        const standing = result.fighters.filter((f, i) => f.side === result.winner && hp[i]! > 0);
        expect(standing.length).toBeGreaterThan(0);
        if (!result.capped) {
          const loser = result.fighters.filter((f, i) => f.side !== result.winner && hp[i]! > 0);
          expect(loser).toHaveLength(0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('is the same battle for the same inputs', () => {
    fc.assert(
      fc.property(battleArb, ({ attackers, defenders, seed }) => {
        expect(runBattle({ attackers, defenders }, seed)).toEqual(
          runBattle({ attackers, defenders }, seed),
        );
      }),
      { numRuns: 100 },
    );
  });

  it('changes only the random parts with another seed', () => {
    fc.assert(
      fc.property(battleArb, fc.integer(), ({ attackers, defenders, seed }, other) => {
        const a = runBattle({ attackers, defenders }, seed);
        const b = runBattle({ attackers, defenders }, other);
        // The heroes' numbers do not depend on the seed.
        expect(b.fighters).toEqual(a.fighters);
        // Until someone falls, who acts and whom they attack is fixed by speed and HP order
        // only when nobody was hurt yet: the first action is always the same.
        expect([b.turns[0]!.actor, b.turns[0]!.target]).toEqual([
          a.turns[0]!.actor,
          a.turns[0]!.target,
        ]);
        // The order of actors does not depend on the draws until the first hero falls.
        const untilFall = (r: typeof a) => {
          const end = r.turns.findIndex((t) => t.hp === 0);
          return r.turns.slice(0, end < 0 ? r.turns.length : end + 1).map((t) => t.actor);
        };
        const [x, y] = [untilFall(a), untilFall(b)];
        const common = Math.min(x.length, y.length);
        expect(y.slice(0, common)).toEqual(x.slice(0, common));
      }),
      { numRuns: 200 },
    );
  });
});
