import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY } from './test-fixtures.js';
import { elapsedDays, isoWeekKey, isoWeekStart, utcDayKey, utcDayStart } from './time.js';

describe('UTC days', () => {
  it('keys a day as YYYY-MM-DD in UTC', () => {
    expect(utcDayKey(Date.UTC(2025, 0, 5, 23, 59, 59))).toBe('2025-01-05');
    expect(utcDayKey(Date.UTC(2025, 0, 6, 0, 0, 0))).toBe('2025-01-06');
  });

  it('starts a day at midnight UTC', () => {
    expect(utcDayStart(Date.UTC(2025, 2, 9, 17, 30))).toBe(Date.UTC(2025, 2, 9));
    expect(utcDayStart(-1)).toBe(-DAY);
  });

  it('counts elapsed days, never negative', () => {
    expect(elapsedDays(0, DAY / 2)).toBe(0.5);
    expect(elapsedDays(DAY, 0)).toBe(0);
  });
});

describe('ISO weeks', () => {
  it('start on Monday 00:00 UTC', () => {
    // Wednesday 1 January 2025 -> Monday 30 December 2024.
    expect(isoWeekStart(Date.UTC(2025, 0, 1, 10))).toBe(Date.UTC(2024, 11, 30));
    // A Sunday belongs to the week that began six days earlier.
    expect(isoWeekStart(Date.UTC(2025, 0, 12, 23, 59))).toBe(Date.UTC(2025, 0, 6));
    expect(isoWeekStart(Date.UTC(2025, 0, 6))).toBe(Date.UTC(2025, 0, 6));
  });

  it('are labelled by the year of their Thursday', () => {
    expect(isoWeekKey(Date.UTC(2024, 11, 30))).toBe('2025-W01');
    expect(isoWeekKey(Date.UTC(2021, 0, 1))).toBe('2020-W53');
    expect(isoWeekKey(Date.UTC(2025, 0, 13))).toBe('2025-W03');
  });

  it('always contain now and begin on a Monday', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), (now) => {
        const start = isoWeekStart(now);
        expect(new Date(start).getUTCDay()).toBe(1);
        expect(Math.abs(start % DAY)).toBe(0);
        expect(start).toBeLessThanOrEqual(now);
        expect(now - start).toBeLessThan(7 * DAY);
      }),
    );
  });
});
