import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng } from './rng.js';
import { nearestFreeSlot, pickFreeSlot, slotCandidates, slotRadius } from './world-slots.js';
import { Continent } from './world.js';

const key = (x: number, y: number): string => `${x},${y}`;

describe('slotCandidates', () => {
  it('start near the centre and widen with each attempt', () => {
    expect(slotRadius(0)).toBe(8);
    expect(slotRadius(10)).toBe(28);
    const candidates = slotCandidates(Continent.Beth, createRng('slots'), 50);
    candidates.forEach((slot, attempt) => {
      expect(slot.continent).toBe(Continent.Beth);
      expect(Math.abs(slot.x - 250)).toBeLessThanOrEqual(slotRadius(attempt));
      expect(Math.abs(slot.y - 250)).toBeLessThanOrEqual(slotRadius(attempt));
    });
  });

  it('stay inside the 500 x 500 grid however far they reach', () => {
    for (const slot of slotCandidates(Continent.Aleph, createRng(2), 400)) {
      expect(slot.x).toBeGreaterThanOrEqual(0);
      expect(slot.x).toBeLessThan(500);
      expect(slot.y).toBeGreaterThanOrEqual(0);
      expect(slot.y).toBeLessThan(500);
    }
  });
});

describe('pickFreeSlot', () => {
  it('never returns a taken slot', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.array(fc.tuple(fc.integer({ min: 240, max: 260 }), fc.integer({ min: 240, max: 260 }))),
        (seed, taken) => {
          const set = new Set(taken.map(([x, y]) => key(x, y)));
          const slot = pickFreeSlot(Continent.Aleph, createRng(seed), (x, y) => set.has(key(x, y)));
          expect(slot).not.toBeNull();
          expect(set.has(key(slot!.x, slot!.y))).toBe(false);
        },
      ),
    );
  });

  it('falls back to the nearest free slot when random attempts all hit taken ones', () => {
    // Every cell is taken but the corner (0, 0).
    const isTaken = (x: number, y: number): boolean => !(x === 0 && y === 0);
    expect(pickFreeSlot(Continent.Aleph, createRng(1), isTaken, 5)).toEqual({
      continent: 0,
      x: 0,
      y: 0,
    });
  });

  it('returns null on a full continent', () => {
    expect(nearestFreeSlot(Continent.Aleph, () => true)).toBeNull();
  });

  it('scans rings from the centre outwards', () => {
    const taken = new Set([key(250, 250)]);
    const slot = nearestFreeSlot(Continent.Aleph, (x, y) => taken.has(key(x, y)));
    expect(slot).not.toBeNull();
    expect(Math.max(Math.abs(slot!.x - 250), Math.abs(slot!.y - 250))).toBe(1);
  });
});
