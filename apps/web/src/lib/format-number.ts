const full = new Intl.NumberFormat('en-US');
// At most one decimal and at most three digits, whichever is shorter: '802.8K' is '803K'.
const compact = new Intl.NumberFormat('en-US', {
  notation: 'compact',
  maximumFractionDigits: 1,
  maximumSignificantDigits: 3,
  roundingPriority: 'lessPrecision',
});

/** 1234567 → '1,234,567'. */
export const formatNumber = (value: number) => full.format(value);

/** 1234567 → '1.2M', 802812 → '803K'; for tight spaces such as the top bar on a phone. */
export const formatCompact = (value: number) => compact.format(value);
