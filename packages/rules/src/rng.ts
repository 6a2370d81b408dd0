/**
 * A small seeded PRNG (sfc32) so that every random outcome can be replayed from the seed
 * stored with a mission. Not for secrets: it is fast and well distributed, not unpredictable.
 */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** One item, uniformly. Throws on an empty list. */
  pick<T>(items: readonly T[]): T;
}

const UINT32 = 0x1_0000_0000;
/** Discarded outputs after seeding, so that similar seeds diverge at once. */
const WARM_UP = 15;

/** cyrb128: four 32-bit words from a string. */
function hashString(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  return [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
}

function sfc32(seed: [number, number, number, number]): () => number {
  let [a, b, c, d] = seed;
  return () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / UINT32;
  };
}

/** A number seed is hashed through its decimal text, so 1 and 2 give unrelated streams. */
export function createRng(seed: number | string): Rng {
  const next = sfc32(hashString(typeof seed === 'number' ? `#${seed}` : seed));
  for (let i = 0; i < WARM_UP; i++) next();
  return {
    next,
    int(min, max) {
      if (!Number.isInteger(min) || !Number.isInteger(max) || min > max) {
        throw new RangeError(`Bad integer range [${min}, ${max}]`);
      }
      return min + Math.floor(next() * (max - min + 1));
    },
    pick(items) {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new RangeError('Cannot pick from an empty list');
      return item;
    },
  };
}

/** An index drawn with probability proportional to its weight (weights >= 0, sum > 0). */
export function weightedIndex(rng: Rng, weights: readonly number[]): number {
  const total = weights.reduce((sum, weight) => sum + Math.max(0, weight), 0);
  if (!(total > 0)) throw new RangeError('Weights must have a positive sum');
  let roll = rng.next() * total;
  for (let i = 0; i < weights.length; i++) {
    const weight = Math.max(0, weights[i] ?? 0);
    if (roll < weight) return i;
    roll -= weight;
  }
  // Floating-point leftovers land on the last positive weight.
  return weights.findLastIndex((weight) => weight > 0);
}

export function weightedPick<T>(rng: Rng, items: readonly T[], weightOf: (item: T) => number): T {
  const index = weightedIndex(rng, items.map(weightOf));
  const item = items[index];
  if (item === undefined) throw new RangeError('Cannot pick from an empty list');
  return item;
}

/** True with probability `p` (clamped to [0, 1]); always draws exactly one number. */
export function rollChance(rng: Rng, p: number): boolean {
  return rng.next() < p;
}
