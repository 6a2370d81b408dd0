import { randomInt } from 'node:crypto';

/**
 * Where the server draws the seeds stored with missions, mints, tosses, battles and starter
 * grants. A real server draws them from the operating system; the balance simulator
 * (docs/game-balance.md) swaps in a seeded stream so a run replays exactly.
 */
export interface SeedSource {
  next(): number;
}

const systemSeeds: SeedSource = { next: () => randomInt(0, 2 ** 31 - 1) };
let current: SeedSource = systemSeeds;

/** A seed for one random rule: a whole number in [0, 2^31 - 1). */
export function drawSeed(): number {
  return current.next();
}

/** Replaces the source (the simulator only); `undefined` restores the system's. */
export function useSeedSource(source: SeedSource | undefined): void {
  current = source ?? systemSeeds;
}
