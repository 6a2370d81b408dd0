import { GAME_CONFIG } from './config.js';
import { roundTo } from './util.js';

/** Display rules (docs/screens.md) shared by the web app and the server's messages. */
const FORMAT = GAME_CONFIG.format;
const { minutesPerDay, minutesPerHour } = GAME_CONFIG.time;
const PERCENT = 100;

/** '1d 2h 5m', '3h', '45m'; zero parts are left out, nothing at all reads '0m'. */
export function formatDuration(minutes: number): string {
  const total = Number.isFinite(minutes) ? Math.max(0, Math.ceil(minutes)) : 0;
  const days = Math.floor(total / minutesPerDay);
  const hours = Math.floor((total % minutesPerDay) / minutesPerHour);
  const mins = total % minutesPerHour;
  const parts = [
    days > 0 ? `${days}d` : '',
    hours > 0 ? `${hours}h` : '',
    mins > 0 ? `${mins}m` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : '0m';
}

/** Truncates (never rounds up), so 999,999 reads '999.9K' rather than '1000K'. */
function scaled(value: number, unit: number): string {
  const factor = 10 ** FORMAT.amountDecimals;
  return String(Math.trunc((value * factor) / unit) / factor);
}

/**
 * Balances: '999', '1.5K', '2M'. From 1000 on in thousands, from 1,000,000 on in millions
 * (inclusive, so a million reads '1M' and not '1000K').
 */
export function formatAmount(value: number): string {
  const whole = Math.trunc(value);
  const size = Math.abs(whole);
  if (size >= FORMAT.million) return `${scaled(whole, FORMAT.million)}M`;
  if (size >= FORMAT.thousand) return `${scaled(whole, FORMAT.thousand)}K`;
  return String(whole);
}

/** '0x1234...abcd': the first 6 and last 4 characters of a wallet address. */
export function shortAddress(address: string): string {
  if (address.length <= FORMAT.addressHead + FORMAT.addressTail) return address;
  return `${address.slice(0, FORMAT.addressHead)}...${address.slice(-FORMAT.addressTail)}`;
}

/** 0.45 -> '45%', 0.125 -> '12.5%'. */
export function formatPercent(fraction: number): string {
  return `${roundTo(fraction * PERCENT, FORMAT.percentDecimals)}%`;
}

/** Vault drain, a fraction per day: 0.95 -> '95%/day'. */
export function formatDrainPercent(drain: number): string {
  return `${formatPercent(drain)}/day`;
}

/** A mission briefing shortened to its first sentence, or its first 15 words if shorter. */
export function shortBriefing(text: string): string {
  const trimmed = text.trim();
  const sentence = /^.*?[.!?](?=\s|$)/s.exec(trimmed)?.[0] ?? trimmed;
  const words = sentence.split(/\s+/).filter(Boolean);
  if (words.length <= FORMAT.briefingWords) return sentence;
  return `${words.slice(0, FORMAT.briefingWords).join(' ')}...`;
}
