import { describe, expect, it } from 'vitest';
import { secretOffers, secretWindowEnd, secretWindowStart } from './secret-market.js';

const T = Date.UTC(2026, 10, 24, 11, 38);

describe('secret market', () => {
  it('cuts the day into windows at 00, 08 and 16 UTC', () => {
    expect(secretWindowStart(T)).toBe(Date.UTC(2026, 10, 24, 8));
    expect(secretWindowEnd(secretWindowStart(T))).toBe(Date.UTC(2026, 10, 24, 16));
    expect(secretWindowStart(Date.UTC(2026, 10, 24, 16))).toBe(Date.UTC(2026, 10, 24, 16));
  });

  it('draws six offers, the same for the same player and window', () => {
    const w = secretWindowStart(T);
    const offers = secretOffers(7, w);
    expect(offers).toHaveLength(6);
    expect(secretOffers(7, w)).toEqual(offers);
    expect(secretOffers(8, w)).not.toEqual(offers);
    expect(secretOffers(7, secretWindowEnd(w))).not.toEqual(offers);
  });

  it('prices heroes and lands in platinum, the rest in gold; heroes are Rare or better', () => {
    for (let p = 1; p < 200; p++) {
      for (const o of secretOffers(p, secretWindowStart(T))) {
        const platinum = o.kind === 'hero' || o.kind === 'land';
        expect(platinum ? o.platinum : o.gold).toBeGreaterThan(0);
        expect(platinum ? o.gold : o.platinum).toBe(0);
        if (o.kind === 'hero') expect(o.rarity).toBeGreaterThanOrEqual(2);
        if (o.kind === 'land') expect(o.terrain).not.toBeNull();
        if (o.kind === 'seal') expect(o.itemCode).toMatch(/^SEAL_(AIR|FIRE|WATER|EARTH)$/);
      }
    }
  });
});
