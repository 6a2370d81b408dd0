/**
 * A short, readable name for the device of a session, from the User-Agent its sign-in sent:
 * "Chrome on Windows", "Safari on iPhone". Only the common browsers and systems are told apart;
 * the header is the client's to choose, so this is a hint for the player, never a security
 * fact. Anything unrecognised is "Unknown device".
 */

export const UNKNOWN_DEVICE = 'Unknown device';

/** First match wins: browsers that are built on others name themselves before them. */
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:HeadlessChrome|Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];

/** iPhone and iPad before macOS (an iPad may say "like Mac OS X"); Android before Linux. */
const SYSTEMS: readonly [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMacintosh\b|\bMac OS X\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

const first = (ua: string, table: readonly [RegExp, string][]) =>
  table.find(([re]) => re.test(ua))?.[1];

export function deviceOf(userAgent: string | null | undefined): string {
  if (!userAgent) return UNKNOWN_DEVICE;
  const browser = first(userAgent, BROWSERS);
  const system = first(userAgent, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `A browser on ${system}`;
  return UNKNOWN_DEVICE;
}
