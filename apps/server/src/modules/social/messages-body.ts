import { sanitizeMessageHtml } from '../../core/sanitize.js';

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** http(s) links up to the next space or quote; trailing punctuation ends a sentence, not a link. */
const LINK = /https?:\/\/[^\s<>"']+/g;
const TRAILING = /[.,;:!?)\]]+$/;

/** Text with line breaks as the player typed it: Windows line ends and stray controls removed. */
export function plainBody(text: string): string {
  return [...text.replace(/\r\n?/g, '\n')]
    .filter((c) => c >= ' ' || c === '\t' || c === '\n')
    .join('')
    .trim();
}

/** A subject is one line: line breaks and controls become spaces. */
export function plainSubject(text: string): string {
  return [...text]
    .map((c) => (c < ' ' || c === '\u007f' ? ' ' : c))
    .join('')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/**
 * A player's plain text as the inbox's HTML: everything escaped, then http(s) links become
 * links and line breaks <br>, so the only markup is what is added here. It still goes through
 * the inbox's sanitiser (which gives links their target and rel) like every message body.
 */
export function playerBodyHtml(text: string): string {
  const out: string[] = [];
  let at = 0;
  for (const match of text.matchAll(LINK)) {
    const url = match[0].replace(TRAILING, '');
    if (url.length <= 'https://'.length) continue;
    out.push(escapeHtml(text.slice(at, match.index)));
    out.push(`<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`);
    at = match.index + url.length;
  }
  out.push(escapeHtml(text.slice(at)));
  return sanitizeMessageHtml(out.join('').replace(/\n/g, '<br>'));
}
