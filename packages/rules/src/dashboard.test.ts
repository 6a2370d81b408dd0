import { describe, expect, it } from 'vitest';
import { goldAttention, goldAttentionLevel } from './dashboard.js';

describe('goldAttention', () => {
  it('lists the fullest lands first, then by id, without lands on a mission, top 10', () => {
    const rows = [
      { landid: 3, leftover: 100, cap: 280, mission: false },
      { landid: 1, leftover: 280, cap: 280, mission: false },
      { landid: 2, leftover: 280, cap: 280, mission: true },
      { landid: 4, leftover: 260, cap: 280, mission: false },
      { landid: 5, leftover: 540, cap: 560, mission: false },
      ...Array.from({ length: 12 }, (_, i) => ({
        landid: 10 + i,
        leftover: 0,
        cap: 280,
        mission: false,
      })),
    ];
    const list = goldAttention(rows);
    expect(list).toHaveLength(10);
    expect(list.slice(0, 4).map((row) => row.landid)).toEqual([1, 4, 5, 3]);
    expect(list.some((row) => row.landid === 2)).toBe(false);
  });

  it('colours red at the cap and orange above 75 percent', () => {
    expect(goldAttentionLevel(280, 280)).toBe('full');
    expect(goldAttentionLevel(211, 280)).toBe('high');
    expect(goldAttentionLevel(210, 280)).toBe('normal');
    expect(goldAttentionLevel(0, 0)).toBe('normal');
  });
});
