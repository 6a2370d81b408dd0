/** Small helpers shared by the rule modules. */

/**
 * `Math.ceil` of a product of decimal factors, after dropping the floating-point dust
 * (100 * 1.6^2 is 256.00000000000006, which must cost 256, not 257).
 */
export function ceilExact(value: number): number {
  return Math.ceil(roundTo(value, 9));
}

/** `items[index]`, or a RangeError naming `what`: a bad index is a caller's bug, not a zero. */
export function valueAt<T>(items: readonly T[], index: number, what: string): T {
  const value = Number.isInteger(index) ? items[index] : undefined;
  if (value === undefined) throw new RangeError(`${what} out of range: ${index}`);
  return value;
}

/** Rounds to `decimals` places, so that 40 * 1.1 reads 44 and not 44.00000000000001. */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Player-chosen names end up in report bodies; they must never become markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}
