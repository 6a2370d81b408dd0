import { describe, expect, it } from 'vitest';
import { formatCompact, formatNumber } from './format-number';
import { parseChainId } from './siwe-registration';

describe('formatting helpers', () => {
  it('formats numbers in full and compactly', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatCompact(1234567)).toBe('1.2M');
    expect(formatCompact(950)).toBe('950');
    // Three digits at most, so that four amounts fit one row of a phone's top bar.
    expect(formatCompact(802_812)).toBe('803K');
    expect(formatCompact(2_612)).toBe('2.6K');
  });

  it('parses the hex chain id, defaulting to mainnet', () => {
    expect(parseChainId('0x89')).toBe(137);
    expect(parseChainId('0x1')).toBe(1);
    expect(parseChainId(undefined)).toBe(1);
    expect(parseChainId('garbage')).toBe(1);
  });
});
