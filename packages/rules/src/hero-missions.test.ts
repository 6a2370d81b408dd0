import { describe, expect, it } from 'vitest';
import { checkMission } from './mission-check.js';
import { reservationFor } from './mission-formulas.js';
import { settleMission } from './mission-settle.js';
import { createRng } from './rng.js';
import { vaultOf } from './vault.js';
import { checkInput, heroState, landState, LEVEL_READY, residentOf, T0 } from './test-fixtures.js';
import { Element, type MissionType } from './world.js';
import type { HeroState, LandState } from './model.js';

const settle = (type: MissionType, land: LandState, hero: HeroState, elemid = Element.Fire) =>
  settleMission(
    {
      type,
      params: { landid: land.id, heroid: hero.id, elemid },
      reservation: reservationFor(type, land, hero, elemid),
    },
    { land, hero },
    T0,
    createRng(1),
  );

describe('HEROLEVELUP', () => {
  it('takes 500 L^2 gold and 200 L elementals of the hero element for 240 L minutes', () => {
    const check = checkMission(checkInput('HEROLEVELUP'), T0);
    expect(check.result.ok).toBe(true);
    expect(check.reservation).toEqual({
      elemid: Element.Water,
      elementals: 200,
      shards: 0,
      items: {},
      gold: 500,
    });
    // 240 minutes less Intelligence 40 / 200.
    expect(check.result.eta.minutes).toBe(192);
  });

  it('refuses without the hero XP, the gold, the elementals, or at level 5', () => {
    const land = landState();
    const hero = (xp: number, level = 0) =>
      heroState({ residence: residentOf(land), growth: { ...LEVEL_READY, xp, level } });
    const refusal = (overrides: Parameters<typeof checkInput>[1]) =>
      checkMission(checkInput('HEROLEVELUP', overrides), T0).result.error;
    expect(refusal({ hero: hero(3999) })).toMatchObject({
      code: 'HERO_XP_SHORT',
      message: 'Belaria needs 4000 hero XP for level 1 and has 3999.',
    });
    expect(refusal({ hero: hero(99_000, 5) })).toMatchObject({ code: 'MAX_LEVEL' });
    const poor = checkInput('HEROLEVELUP');
    expect(refusal({ profile: { ...poor.profile, gold: 499 } })).toMatchObject({
      message: 'Not enough: 500 treasury gold (you have 499).',
    });
    const dry = landState({ vault: [0, 0, 0, 0].map(() => ({ volume: 10, at: T0 })) as never });
    expect(
      refusal({ land: dry, hero: heroState({ residence: residentOf(dry), growth: LEVEL_READY }) }),
    ).toMatchObject({ code: 'INGREDIENTS_MISSING' });
  });

  it('settles level + 1, with a refund at the top level', () => {
    const land = landState();
    const hero = heroState({ residence: residentOf(land), growth: LEVEL_READY });
    const done = settle('HEROLEVELUP', land, hero);
    expect(done).toMatchObject({ success: true, heroLevel: 1, xp: 1000 });
    expect(done.report.subject).toBe('Belaria reached level 1');
    // 1000 XP per level reached: level 4 pays 4000.
    const third = heroState({ residence: residentOf(land), growth: { ...LEVEL_READY, level: 3 } });
    expect(settle('HEROLEVELUP', land, third)).toMatchObject({
      success: true,
      heroLevel: 4,
      xp: 4000,
    });
    const top = heroState({ growth: { ...LEVEL_READY, level: 5 } });
    expect(settle('HEROLEVELUP', land, top)).toMatchObject({ success: false, heroLevel: null });
  });
});

describe('IMPROVESEAL', () => {
  it('needs a Rare seal, step+1 seal items and 2 (step+1) shards, and lowers the drain', () => {
    const check = checkMission(checkInput('IMPROVESEAL'), T0);
    expect(check.result.ok).toBe(true);
    expect(check.reservation).toMatchObject({ shards: 2, items: { SEAL_FIRE: 1 } });
    expect(check.result.eta.minutes).toBe(192);
    const land = landState({
      seals: [1, 3, 1, 1],
      improvements: [0, 2, 0, 0],
      shards: [5, 9, 5, 5],
    });
    const third = checkMission(checkInput('IMPROVESEAL', { land }), T0);
    expect(third.reservation).toMatchObject({ shards: 6, items: { SEAL_FIRE: 3 } });
    expect(third.result.eta.minutes).toBe(3 * 192);
    expect(vaultOf(land, Element.Fire, T0).drain).toBeCloseTo(0.045 * 0.85 ** 2, 12);
  });

  it('refuses a weak seal, a sixth step, a second improvement, and below level 7', () => {
    const refusal = (overrides: Parameters<typeof checkInput>[1]) =>
      checkMission(checkInput('IMPROVESEAL', overrides), T0).result.error?.code;
    expect(refusal({ land: landState() })).toBe('SEAL_TOO_WEAK');
    const full = landState({ seals: [1, 3, 1, 1], improvements: [0, 5, 0, 0] });
    expect(refusal({ land: full })).toBe('MAX_LEVEL');
    expect(refusal({ runningOnLand: [{ type: 'IMPROVESEAL', elemid: Element.Fire }] })).toBe(
      'UPGRADE_RUNNING',
    );
    const six = checkInput('IMPROVESEAL').profile;
    expect(refusal({ profile: { ...six, features: six.features.slice(0, 6) } })).toBe(
      'FEATURE_LOCKED',
    );
  });

  it('settles one more step and re-bases the vault', () => {
    const land = landState({ seals: [1, 3, 1, 1], improvements: [0, 1, 0, 0] });
    const done = settle('IMPROVESEAL', land, heroState({ residence: residentOf(land) }));
    expect(done).toMatchObject({ success: true, sealSteps: { elemid: Element.Fire, steps: 2 } });
    expect(done.vault).toMatchObject({ elemid: Element.Fire, delta: 0 });
  });
});
