import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GAME_CONFIG } from './config.js';
import {
  mintGoldPrice,
  newLandBalances,
  rollMintHero,
  rollMintLand,
  rollMintTerrain,
  type MintKind,
} from './mint.js';
import { createRng } from './rng.js';
import { starterGrant } from './starter.js';
import { T0 } from './test-fixtures.js';
import { Continent, Rarity, Terrain } from './world.js';

const free = (): boolean => false;

describe('rollMintLand', () => {
  it('places a land on the chosen continent with a terrain and element, replayable', () => {
    const land = rollMintLand(createRng('land'), Continent.Beth, free);
    expect(land).toEqual(rollMintLand(createRng('land'), Continent.Beth, free));
    expect(land?.continent).toBe(Continent.Beth);
    expect(Math.abs((land?.x ?? 0) - 250)).toBeLessThanOrEqual(8);
  });

  it('draws terrain 50/25/15/8/2', () => {
    const rng = createRng('terrain');
    const counts = [0, 0, 0, 0, 0];
    for (let i = 0; i < 10_000; i++) counts[rollMintTerrain(rng)]! += 1;
    expect(counts[Terrain.Valley]! / 10_000).toBeCloseTo(0.5, 1);
    expect(counts[Terrain.Arctic]! / 10_000).toBeCloseTo(0.02, 2);
  });

  it('returns null when the continent is full', () => {
    expect(rollMintLand(createRng(1), Continent.Aleph, () => true)).toBeNull();
  });

  it('mints heroes of generation 0', () => {
    expect(rollMintHero(createRng(9)).generation).toBe(0);
  });

  it('starts a land empty, producing from now', () => {
    const balances = newLandBalances(T0);
    expect(balances.towers).toEqual([0, 0, 0, 0]);
    expect(balances.gold).toEqual({ leftover: 0, at: T0 });
    expect(balances.vault[3]).toEqual({ volume: 0, at: T0 });
  });
});

describe('mintGoldPrice', () => {
  it('charges the base while the player owns no more than the free ones', () => {
    expect([0, 1].map((owned) => mintGoldPrice('land', owned))).toEqual([2500, 2500]);
    expect([0, 1, 2, 3].map((owned) => mintGoldPrice('hero', owned))).toEqual([
      1200, 1200, 1200, 1200,
    ]);
  });

  it('grows by the factor for each one owned beyond the free ones, to the nearest 10 gold', () => {
    // 2500 * 1.6^n: 4000, 6400, 10240.
    expect([2, 3, 4].map((owned) => mintGoldPrice('land', owned))).toEqual([4000, 6400, 10240]);
    // 1200 * 1.35^n: 1620, 2187, 2952.45, 3985.8075.
    expect([4, 5, 6, 7].map((owned) => mintGoldPrice('hero', owned))).toEqual([
      1620, 2190, 2950, 3990,
    ]);
  });

  it('reads its numbers from market.goldMint', () => {
    const { land, hero, freeLands, freeHeroes } = GAME_CONFIG.market.goldMint;
    expect(mintGoldPrice('land', freeLands)).toBe(land.base);
    expect(mintGoldPrice('hero', freeHeroes)).toBe(hero.base);
    expect(land.growth).toBeGreaterThanOrEqual(1);
    expect(hero.growth).toBeGreaterThanOrEqual(1);
  });

  it('refuses a count that is not a whole number of things', () => {
    expect(() => mintGoldPrice('land', -1)).toThrow(RangeError);
    expect(() => mintGoldPrice('hero', 1.5)).toThrow(RangeError);
  });

  const kind = fc.constantFrom<MintKind>('land', 'hero');
  const owned = fc.nat({ max: 2000 });

  it('is a positive whole number of tens, exact as a Number (property)', () => {
    fc.assert(
      fc.property(kind, owned, (k, n) => {
        const price = mintGoldPrice(k, n);
        expect(Number.isSafeInteger(price)).toBe(true);
        expect(price).toBeGreaterThan(0);
        expect(price % GAME_CONFIG.market.goldMint.roundTo).toBe(0);
      }),
    );
  });

  it('never falls as the player owns more (property)', () => {
    fc.assert(
      fc.property(kind, owned, fc.nat({ max: 2000 }), (k, n, more) => {
        expect(mintGoldPrice(k, n + more)).toBeGreaterThanOrEqual(mintGoldPrice(k, n));
      }),
    );
  });
});

describe('starterGrant', () => {
  it('gives a Valley land on Aleph and three Common heroes, two resident', () => {
    const grant = starterGrant(createRng('new player'), free);
    expect(grant?.land).toMatchObject({ continent: Continent.Aleph, terrain: Terrain.Valley });
    expect(grant?.heroes.map((h) => h.resident)).toEqual([true, true, false]);
    for (const { hero } of grant?.heroes ?? []) {
      expect(hero.rarity).toBe(Rarity.Common);
      expect(Math.max(...hero.skills)).toBeLessThanOrEqual(30);
    }
    expect(starterGrant(createRng('new player'), free)).toEqual(grant);
  });

  it('avoids taken slots', () => {
    const grant = starterGrant(
      createRng(4),
      (x, y) => Math.abs(x - 250) < 20 && Math.abs(y - 250) < 20,
    );
    expect(grant).not.toBeNull();
    const { x, y } = grant!.land;
    expect(Math.abs(x - 250) >= 20 || Math.abs(y - 250) >= 20).toBe(true);
  });
});
