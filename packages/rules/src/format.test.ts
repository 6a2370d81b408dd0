import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatDrainPercent,
  formatDuration,
  formatPercent,
  shortAddress,
  shortBriefing,
} from './format.js';

describe('formatDuration', () => {
  it('shows days, hours and minutes, leaving out zero parts', () => {
    expect(formatDuration(45)).toBe('45m');
    expect(formatDuration(60)).toBe('1h');
    expect(formatDuration(1440 + 125)).toBe('1d 2h 5m');
    expect(formatDuration(1440)).toBe('1d');
    expect(formatDuration(3 * 1440 + 7)).toBe('3d 7m');
  });

  it('rounds partial minutes up and treats nothing as 0m', () => {
    expect(formatDuration(0.2)).toBe('1m');
    expect(formatDuration(0)).toBe('0m');
    expect(formatDuration(-5)).toBe('0m');
    expect(formatDuration(Number.NaN)).toBe('0m');
  });
});

describe('formatAmount', () => {
  it('uses K from a thousand and M from a million', () => {
    expect(formatAmount(999)).toBe('999');
    expect(formatAmount(1000)).toBe('1K');
    expect(formatAmount(1500)).toBe('1.5K');
    expect(formatAmount(2_000_000)).toBe('2M');
    expect(formatAmount(1_250_000)).toBe('1.2M');
    expect(formatAmount(12_345)).toBe('12.3K');
  });

  it('truncates instead of rounding up into the next unit', () => {
    expect(formatAmount(999_999)).toBe('999.9K');
    expect(formatAmount(1999)).toBe('1.9K');
  });

  it('keeps the sign and drops fractions', () => {
    expect(formatAmount(-1500)).toBe('-1.5K');
    expect(formatAmount(12.9)).toBe('12');
  });
});

describe('shortAddress', () => {
  it('keeps the first 6 and last 4 characters', () => {
    expect(shortAddress('0x1234567890abcdef1234567890abcdef12345678')).toBe('0x1234...5678');
    expect(shortAddress('0x12')).toBe('0x12');
  });
});

describe('percentages', () => {
  it('show the drain per day', () => {
    expect(formatDrainPercent(0.95)).toBe('95%/day');
    expect(formatDrainPercent(0.4)).toBe('40%/day');
    expect(formatPercent(0.125)).toBe('12.5%');
  });
});

describe('shortBriefing', () => {
  it('keeps the first sentence', () => {
    expect(shortBriefing('Go north. Then come back.')).toBe('Go north.');
    expect(shortBriefing('No full stop here')).toBe('No full stop here');
  });

  it('cuts a long first sentence to 15 words', () => {
    const words = Array.from({ length: 20 }, (_, i) => `w${i}`).join(' ');
    expect(shortBriefing(`${words}.`)).toBe(`${words.split(' ').slice(0, 15).join(' ')}...`);
  });
});
