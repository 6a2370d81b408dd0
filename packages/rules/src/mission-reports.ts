import type { Report } from './model.js';
import { escapeHtml } from './util.js';

/**
 * Inbox bodies in the simple HTML the inbox allows (<p>, <b>, <ul><li>). Names are escaped
 * here, once, so callers pass plain text.
 */
export const bold = (text: string | number): string => `<b>${escapeHtml(String(text))}</b>`;

export function report(subject: string, lead: string, lines: readonly string[]): Report {
  const list =
    lines.length > 0 ? `<ul>${lines.map((line) => `<li>${line}</li>`).join('')}</ul>` : '';
  return { subject, body: `<p>${lead}</p>${list}` };
}

export const xpItem = (xp: number): string => `XP gained: ${bold(xp)}`;
