import { createRequire } from 'node:module';
import type createDOMPurifyType from 'dompurify';
import type { JSDOM as JSDOMType } from 'jsdom';
import { installMessageHooks, MESSAGE_PURIFY_CONFIG } from '@aleph/contracts';

// jsdom is large (tens of MB and a slow start): it is loaded the first time a body that is
// not bare markup must be parsed, not when the server starts.
const require = createRequire(import.meta.url);

/**
 * Message bodies are sanitised when written, with the same DOMPurify policy the browser
 * applies again when it shows them (packages/contracts/src/html-policy.ts).
 */
let purifier: ReturnType<typeof createDOMPurifyType> | undefined;

function purify() {
  if (!purifier) {
    const { JSDOM } = require('jsdom') as { JSDOM: typeof JSDOMType };
    const createDOMPurify = require('dompurify') as typeof createDOMPurifyType;
    const { window } = new JSDOM('');
    purifier = createDOMPurify(window as unknown as Parameters<typeof createDOMPurifyType>[0]);
    installMessageHooks(purifier as unknown as Parameters<typeof installMessageHooks>[0]);
  }
  return purifier;
}

/**
 * Text and bare allowed tags without attributes, e.g. the game's own mission reports. Such a
 * body cannot carry a script, a handler or a link, so it is already what DOMPurify would
 * return, and the DOM parse (milliseconds under jsdom) is skipped. Anything else — an
 * attribute, another tag, a stray '<' — goes through DOMPurify.
 */
const BARE_MARKUP =
  /^[^<]*(?:<\/?(?:p|b|i|u|s|em|strong|small|ul|ol|li|br|code|pre|blockquote)>[^<]*)*$/;

export function sanitizeMessageHtml(html: string): string {
  if (BARE_MARKUP.test(html)) return html;
  return purify().sanitize(html, MESSAGE_PURIFY_CONFIG) as unknown as string;
}

/** Plain text (subjects, sender names) can carry no markup at all. */
export function plainText(text: string): string {
  // Control characters (other than tab and newlines) have no place in a subject line.
  return [...text]
    .filter((c) => c >= ' ' || c === '\t' || c === '\n' || c === '\r')
    .join('')
    .trim();
}
