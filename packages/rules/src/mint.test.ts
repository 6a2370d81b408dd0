import { describe, expect, it } from 'vitest';
import { newLandBalances, rollMintHero, rollMintLand, rollMintTerrain } from './mint.js';
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

describe('starterGrant', () => {
  it('gives a Valley land on Aleph and two Common heroes, one resident', () => {
    const grant = starterGrant(createRng('new player'), free);
    expect(grant?.land).toMatchObject({ continent: Continent.Aleph, terrain: Terrain.Valley });
    expect(grant?.heroes.map((h) => h.resident)).toEqual([true, false]);
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
