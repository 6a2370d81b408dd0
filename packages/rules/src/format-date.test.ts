import { describe, expect, it } from 'vitest';
import { formatEta, formatMessageDate } from './format-date.js';

const NOW = Date.UTC(2025, 4, 20, 10, 0); // Tue 20 May 2025, 10:00 UTC
const HOUR = 3_600_000;

describe('formatEta', () => {
  it('shows a past ETA in brackets with its date', () => {
    expect(formatEta(Date.UTC(2025, 4, 19, 8, 5), NOW)).toBe('(19.05.2025 08:05)');
  });

  it('shows an ETA within 24 hours as a clock time', () => {
    expect(formatEta(NOW + 2 * HOUR + 30 * 60_000, NOW)).toBe('12:30');
    expect(formatEta(NOW, NOW)).toBe('10:00');
    expect(formatEta(NOW + 23 * HOUR, NOW)).toBe('09:00');
  });

  it('shows a later ETA as calendar days ahead plus the clock time', () => {
    expect(formatEta(NOW + 24 * HOUR, NOW)).toBe('+1 days 10:00');
    // 26 hours from 23:00 falls two calendar days later, at 01:00.
    const late = Date.UTC(2025, 4, 20, 23, 0);
    expect(formatEta(late + 26 * HOUR, late)).toBe('+2 days 01:00');
  });

  it('uses the given time zone', () => {
    // 10:00 UTC is 12:00 in Berlin in May (CEST).
    expect(formatEta(NOW + HOUR, NOW, 'Europe/Berlin')).toBe('13:00');
    expect(formatEta(Date.UTC(2025, 4, 19, 23, 30), NOW, 'Europe/Berlin')).toBe(
      '(20.05.2025 01:30)',
    );
  });
});

describe('formatMessageDate', () => {
  it('shows short month, day, year and a 24-hour time', () => {
    expect(formatMessageDate(Date.UTC(2025, 0, 5, 14, 3))).toBe('Jan 5, 2025 14:03');
    expect(formatMessageDate(Date.UTC(2025, 11, 31, 23, 30), 'Asia/Tokyo')).toBe(
      'Jan 1, 2026 08:30',
    );
  });
});
