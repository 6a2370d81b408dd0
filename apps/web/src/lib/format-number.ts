const full = new Intl.NumberFormat('en-US');
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** 1234567 → '1,234,567'. */
export const formatNumber = (value: number) => full.format(value);

/** 1234567 → '1.2M'; for tight spaces such as the top bar on a phone. */
export const formatCompact = (value: number) => compact.format(value);
