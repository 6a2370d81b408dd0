import { GAME_CONFIG } from './config.js';
import type { Rng } from './rng.js';
import type { Continent } from './world.js';

/**
 * Free (x, y) slots for new lands. Early lands sit near the centre: candidates are drawn in a
 * square around the centre whose half-side grows with each attempt, so the world fills from
 * the middle outwards while staying random.
 */
const { width, height, slotSearch } = GAME_CONFIG.world;
const CENTRE_X = Math.floor(width / 2);
const CENTRE_Y = Math.floor(height / 2);

export interface Slot {
  readonly continent: Continent;
  readonly x: number;
  readonly y: number;
}

export type IsTaken = (x: number, y: number) => boolean;

/** Search radius of attempt `attempt` (0-based). */
export function slotRadius(attempt: number): number {
  return slotSearch.initialRadius + slotSearch.radiusGrowth * attempt;
}

/** `attempts` candidate slots, nearest the centre first (on average); two draws each. */
export function slotCandidates(
  continent: Continent,
  rng: Rng,
  attempts: number = slotSearch.attempts,
): Slot[] {
  return Array.from({ length: attempts }, (_, attempt) => {
    const r = slotRadius(attempt);
    const x = rng.int(Math.max(0, CENTRE_X - r), Math.min(width - 1, CENTRE_X + r));
    const y = rng.int(Math.max(0, CENTRE_Y - r), Math.min(height - 1, CENTRE_Y + r));
    return { continent, x, y };
  });
}

/**
 * The first free candidate; when every random attempt hits a taken slot (a crowded world),
 * the nearest free slot to the centre by a ring scan. Null only when the continent is full.
 */
export function pickFreeSlot(
  continent: Continent,
  rng: Rng,
  isTaken: IsTaken,
  attempts: number = slotSearch.attempts,
): Slot | null {
  for (const slot of slotCandidates(continent, rng, attempts)) {
    if (!isTaken(slot.x, slot.y)) return slot;
  }
  return nearestFreeSlot(continent, isTaken);
}

const inWorld = (x: number, y: number): boolean => x >= 0 && y >= 0 && x < width && y < height;

/** The cells at Chebyshev distance `d` from the centre: a square ring. */
function* ring(d: number): Generator<readonly [number, number]> {
  if (d === 0) yield [CENTRE_X, CENTRE_Y];
  for (let i = -d; d > 0 && i <= d; i++) {
    yield [CENTRE_X + i, CENTRE_Y - d];
    yield [CENTRE_X + i, CENTRE_Y + d];
  }
  for (let i = 1 - d; d > 0 && i <= d - 1; i++) {
    yield [CENTRE_X - d, CENTRE_Y + i];
    yield [CENTRE_X + d, CENTRE_Y + i];
  }
}

/** Scans rings around the centre outwards; deterministic, no rng. */
export function nearestFreeSlot(continent: Continent, isTaken: IsTaken): Slot | null {
  const maxRing = Math.max(width, height);
  for (let d = 0; d <= maxRing; d++) {
    for (const [x, y] of ring(d)) {
      if (inWorld(x, y) && !isTaken(x, y)) return { continent, x, y };
    }
  }
  return null;
}
