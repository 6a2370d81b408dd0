import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { leftoverAt, productivity } from './land-gold.js';
import { carryCapacity, reservationFor } from './mission-formulas.js';
import type { MissionRecord, SettleState } from './mission-outcome.js';
import { settleMission } from './mission-settle.js';
import { createRng } from './rng.js';
import {
  DAY,
  T0,
  UNIQUE_EVENT,
  arbElement,
  arbHero,
  arbLand,
  arbMissionType,
  heroState,
  landState,
  skills,
} from './test-fixtures.js';
import { uniqueSnapshot } from './unique-missions.js';
import { vaultCap } from './vault.js';
import { Element, type MissionType } from './world.js';

const NOW = T0 + DAY;

function record(
  type: MissionType,
  state: SettleState,
  elemid: Element = Element.Fire,
): MissionRecord {
  const { land, hero } = state;
  return {
    type,
    params: {
      landid: land.id,
      heroid: hero.id,
      elemid,
      currentLevel: land.towers[elemid],
      currentSeal: land.seals[elemid],
      ...(type === 'UNIQUE'
        ? { eventid: UNIQUE_EVENT.id, unique: uniqueSnapshot(UNIQUE_EVENT) }
        : {}),
    },
    reservation: reservationFor(type, land, hero, elemid),
  };
}

const settle = (type: MissionType, state: SettleState, seed: number | string = 1, now = NOW) =>
  settleMission(record(type, state), state, now, createRng(seed));

const state = (land = landState(), hero = heroState()): SettleState => ({ land, hero });

describe('GOLDCLAIM settlement', () => {
  it('moves the leftover at settle time into the treasury', () => {
    // 100 at T0 plus 220 a day (four Valley towers at level 2, 55 each) for one day; 3 XP a gold.
    const outcome = settle('GOLDCLAIM', state());
    expect(outcome).toMatchObject({ success: true, treasuryGold: 320, goldClaimed: 320, xp: 960 });
    expect(outcome.landGold).toEqual({ delta: -320, snapshot: { leftover: 0, at: NOW } });
    expect(outcome.report.subject).toBe('Belaria brought 320 gold from Land #10');
  });

  it('moves at most what the hero carries; the rest stays', () => {
    const outcome = settle('GOLDCLAIM', state(landState(), heroState({ skills: skills(5) })));
    expect(outcome.treasuryGold).toBe(150);
    expect(outcome.landGold).toEqual({ delta: -150, snapshot: { leftover: 170, at: NOW } });
  });

  it('moves only whole gold and keeps the fraction on the land', () => {
    const land = landState({ gold: { leftover: 10.75, at: NOW } });
    const outcome = settle('GOLDCLAIM', state(land));
    expect(outcome.treasuryGold).toBe(10);
    expect(outcome.landGold?.snapshot.leftover).toBeCloseTo(0.75, 12);
  });

  it('fails softly with nothing to claim', () => {
    const land = landState({ gold: { leftover: 0, at: NOW } });
    expect(settle('GOLDCLAIM', state(land))).toMatchObject({
      success: false,
      treasuryGold: 0,
      xp: 0,
    });
  });
});

describe('DAILYREWARD and HUNTSEAL settlement', () => {
  it('daily reward gives exactly 100 gold, one item and 1,000 XP', () => {
    const outcome = settle('DAILYREWARD', state());
    expect(outcome.treasuryGold).toBe(100);
    expect(outcome.xp).toBe(1000);
    expect(Object.values(outcome.items)).toEqual([1]);
    expect(outcome.report.body).toContain('<b>100</b>');
  });

  it('a hunt either yields a seal of the hero element with 800 XP or nothing with 400', () => {
    const outcomes = Array.from({ length: 40 }, (_, seed) => settle('HUNTSEAL', state(), seed));
    const wins = outcomes.filter((o) => o.success);
    const losses = outcomes.filter((o) => !o.success);
    expect(wins.length).toBeGreaterThan(0);
    expect(losses.length).toBeGreaterThan(0);
    for (const win of wins) expect(win).toMatchObject({ xp: 800, items: { SEAL_WATER: 1 } });
    for (const loss of losses) expect(loss).toMatchObject({ xp: 400, items: {} });
  });

  it('a hunt with Agility 100 succeeds about 80% of the time', () => {
    const hero = heroState({ skills: skills(100) });
    const wins = Array.from({ length: 2000 }, (_, seed) =>
      settle('HUNTSEAL', state(landState(), hero), seed),
    );
    expect(wins.filter((o) => o.success).length / 2000).toBeCloseTo(0.8, 1);
  });
});

describe('TRANSFERHERO settlement', () => {
  it('moves the residence to the land', () => {
    expect(settle('TRANSFERHERO', state())).toMatchObject({
      success: true,
      residenceLandId: 10,
      xp: 50,
    });
  });

  it('keeps the old residence when the land filled up meanwhile', () => {
    const outcome = settle('TRANSFERHERO', state(landState({ residents: 5 })));
    expect(outcome).toMatchObject({ success: false, residenceLandId: null, xp: 0 });
    expect(outcome.report.subject).toBe('Belaria could not move: the land is full');
  });
});

describe('upgrade settlement', () => {
  it('raises the tower and re-bases the gold snapshot at the old rate', () => {
    const outcome = settle('UPGRADETOWER', state());
    expect(outcome.towerLevel).toEqual({ elemid: Element.Fire, level: 3 });
    expect(outcome.xp).toBe(900);
    expect(outcome.landGold).toEqual({ delta: 0, snapshot: { leftover: 320, at: NOW } });
    expect(outcome.refund).toBeNull();
  });

  it('raises the seal and re-bases the vault at the old drain', () => {
    const outcome = settle('UPGRADESEAL', state());
    expect(outcome.seal).toEqual({ elemid: Element.Fire, seals: 2 });
    expect(outcome.vault).toEqual({
      elemid: Element.Fire,
      delta: 0,
      snapshot: { volume: 2760, at: NOW }, // 3000 less 8 % over a day
    });
    expect(outcome.xp).toBe(800);
  });

  it('refunds the materials when the level moved on since start', () => {
    const start = state();
    const mission = record('UPGRADETOWER', start);
    const moved = state(landState({ towers: [2, 3, 2, 2] }));
    const outcome = settleMission(mission, moved, NOW, createRng(1));
    expect(outcome).toMatchObject({ success: false, towerLevel: null, xp: 0 });
    expect(outcome.refund).toEqual(mission.reservation);
  });
});

describe('SEARCHELEMENT settlement', () => {
  it('adds 30 + Luck/2, x1.5 on a land of that element, to the decayed vault', () => {
    // (30 + 20) * 1.5 = 75 onto 3000 less 8 % over a day (2760)
    const outcome = settle('SEARCHELEMENT', state());
    expect(outcome.vault?.delta).toBe(75);
    expect(outcome.vault?.snapshot).toEqual({ volume: 2835, at: NOW });
    expect(outcome.xp).toBe(80);
  });

  it('loses what does not fit under the cap', () => {
    const outcome = settle('SEARCHELEMENT', state(), 1, T0);
    expect(outcome.vault?.delta).toBe(0);
    expect(outcome.report.body).toContain('the vault is full');
  });

  it('drops a shard with chance Luck / 400', () => {
    const hero = heroState({ skills: skills(100) });
    const drops = Array.from({ length: 2000 }, (_, seed) =>
      settle('SEARCHELEMENT', state(landState(), hero), seed),
    );
    const shards = drops.filter((o) => o.shards !== null);
    expect(shards.length / 2000).toBeCloseTo(0.25, 1);
    expect(shards[0]?.shards).toEqual({ elemid: Element.Fire, delta: 1 });
  });
});

describe('SEARCHELEMENT settlement of some hours', () => {
  const empty = landState({ vault: [0, 0, 0, 0].map(() => ({ volume: 0, at: T0 })) as never });
  const search = (
    hours: number | undefined,
    seed: number | string = 1,
    land = empty,
    hero = heroState(),
  ) => {
    const base = record('SEARCHELEMENT', state(land, hero));
    const params = hours === undefined ? base.params : { ...base.params, hours };
    return settleMission({ ...base, params }, state(land, hero), NOW, createRng(seed));
  };

  it('finds 30 + Luck / 2 and earns 80 XP for every hour searched', () => {
    // Luck 40 on a Fire land: 75 an hour.
    expect(search(3)).toMatchObject({ vault: { delta: 225 }, xp: 240 });
    expect(search(12)).toMatchObject({ vault: { delta: 900 }, xp: 960 });
    expect(search(24)).toMatchObject({ vault: { delta: 1800 }, xp: 1920 });
    expect(search(3).report.subject).toBe('Belaria found 225 Fire elementals');
    // Luck 45 on an Air land for 2 hours: 52.5 * 2
    const air = landState({ element: Element.Air, vault: empty.vault });
    expect(search(2, 1, air, heroState({ skills: skills(45) }))).toMatchObject({
      vault: { delta: 105 },
      xp: 160,
    });
  });

  it('still loses what does not fit under the cap', () => {
    // 12 hours find 900; a vault of 2760 at a cap of 3000 takes 240.
    const outcome = search(12, 1, landState());
    expect(outcome.vault?.delta).toBe(240);
    expect(outcome.report.body).toContain('the vault is full');
  });

  it('searches one hour when no hours were given', () => {
    for (const seed of [1, 2, 3, 'x']) expect(search(undefined, seed)).toEqual(search(1, seed));
  });

  it('draws a shard, then a Tower Stone, each hour, so the same seed replays', () => {
    const hero = heroState({ skills: skills(100) }); // shard chance 25 % an hour
    for (let seed = 0; seed < 200; seed++) {
      const hours = (seed % 24) + 1;
      const rng = createRng(seed);
      let shards = 0;
      let stones = 0;
      for (let h = 0; h < hours; h++) {
        if (rng.next() < 0.25) shards += 1;
        if (rng.next() < 0.06) stones += 1;
      }
      const outcome = search(hours, seed, empty, hero);
      expect(outcome).toEqual(search(hours, seed, empty, hero));
      expect(outcome.shards).toEqual(shards > 0 ? { elemid: Element.Fire, delta: shards } : null);
      expect(outcome.items).toEqual(stones > 0 ? { TOWER_STONE: stones } : {});
    }
  });

  it('finds Tower Stones with chance 0.06 an hour, and reports them', () => {
    const runs = Array.from({ length: 1000 }, (_, seed) => search(12, seed));
    const stones = runs.map((o) => o.items.TOWER_STONE ?? 0);
    // 12 hours at 0.06: 0.72 stones a search on average.
    expect(stones.reduce((a, b) => a + b, 0) / runs.length).toBeCloseTo(0.72, 1);
    for (const [i, run] of runs.entries()) {
      const n = stones[i]!;
      expect(Object.keys(run.items)).toEqual(n > 0 ? ['TOWER_STONE'] : []);
      if (n === 1) expect(run.report.body).toContain('Found <b>1 Tower Stone</b>');
      if (n > 1) expect(run.report.body).toContain(`Found <b>${n} Tower Stones</b>`);
      if (n === 0) expect(run.report.body).not.toContain('Tower Stone');
    }
    expect(stones.some((n) => n > 1)).toBe(true);
  });

  it('can find more than one shard in a long search, and reports them', () => {
    const hero = heroState({ skills: skills(100) });
    const runs = Array.from({ length: 200 }, (_, seed) => search(12, seed, empty, hero));
    const many = runs.find((o) => (o.shards?.delta ?? 0) > 1);
    expect(many).toBeDefined();
    expect(many?.report.body).toContain(`Found <b>${many?.shards?.delta} Fire shards</b>`);
    // 12 hours at 25 %: 3 shards a search on average.
    const total = runs.reduce((sum, o) => sum + (o.shards?.delta ?? 0), 0);
    expect(total / runs.length).toBeCloseTo(3, 0);
  });
});

describe('settlement properties', () => {
  const arbCase = fc.record({
    type: arbMissionType,
    land: arbLand,
    hero: arbHero,
    elemid: arbElement,
    seed: fc.integer(),
    dt: fc.nat(10 * DAY),
  });

  it('replays the same outcome from the same seed', () => {
    fc.assert(
      fc.property(arbCase, ({ type, land, hero, elemid, seed, dt }) => {
        const run = () =>
          settleMission(
            record(type, { land, hero }, elemid),
            { land, hero },
            T0 + dt,
            createRng(seed),
          );
        expect(run()).toEqual(run());
      }),
    );
  });

  it('creates no gold beyond production and the daily reward', () => {
    fc.assert(
      fc.property(arbCase, ({ type, land, hero, elemid, seed, dt }) => {
        const now = T0 + dt;
        const outcome = settleMission(
          record(type, { land, hero }, elemid),
          { land, hero },
          now,
          createRng(seed),
        );
        const leftover = leftoverAt(land.gold, productivity(land.towers, land.terrain), now);
        if (type === 'GOLDCLAIM') {
          const moved = outcome.treasuryGold;
          expect(moved).toBe(Math.min(Math.floor(leftover), carryCapacity(hero.skills[4])));
          expect(outcome.landGold?.delta).toBe(-moved);
          expect(outcome.goldClaimed).toBe(moved);
          expect(outcome.landGold?.snapshot.leftover).toBeCloseTo(leftover - moved, 6);
        } else {
          const paid = { DAILYREWARD: 100, UNIQUE: UNIQUE_EVENT.reward.gold } as const;
          expect(outcome.treasuryGold).toBe(paid[type as keyof typeof paid] ?? 0);
          expect(outcome.goldClaimed).toBe(0);
          expect(outcome.landGold?.delta ?? 0).toBe(0);
          if (outcome.landGold) expect(outcome.landGold.snapshot.leftover).toBeCloseTo(leftover, 6);
        }
      }),
    );
  });

  it('keeps vaults under their cap, XP whole, and reports in simple HTML', () => {
    fc.assert(
      fc.property(arbCase, ({ type, land, hero, elemid, seed, dt }) => {
        const outcome = settleMission(
          record(type, { land, hero }, elemid),
          { land, hero },
          T0 + dt,
          createRng(seed),
        );
        if (outcome.vault) {
          expect(outcome.vault.snapshot.volume).toBeLessThanOrEqual(
            vaultCap(land.towers[outcome.vault.elemid]),
          );
          expect(outcome.vault.delta).toBeGreaterThanOrEqual(0);
        }
        expect(Number.isInteger(outcome.xp) && outcome.xp >= 0).toBe(true);
        const tags = outcome.report.body.match(/<\/?([a-z]+)>/g) ?? [];
        for (const tag of tags) expect(tag).toMatch(/^<\/?(p|b|ul|li)>$/);
        expect(outcome.report.subject.length).toBeGreaterThan(0);
      }),
    );
  });
});

describe('reports', () => {
  it('escape names chosen by players', () => {
    const land = landState({ name: 'Fort <b>&' });
    const outcome = settle('TRANSFERHERO', state(land, heroState({ name: '<img src=x>' })));
    expect(outcome.report.body).toBe(
      '<p><b>&lt;img src=x&gt;</b> now lives on <b>Fort &lt;b&gt;&amp;</b>.</p><ul><li>XP gained: <b>50</b></li></ul>',
    );
  });
});
