import createDOMPurify, { type DOMPurify } from 'dompurify';
import { installMessageHooks, MESSAGE_PURIFY_CONFIG } from '@aleph/contracts';

/**
 * The browser's half of the message policy (packages/contracts/src/html-policy.ts): the server
 * cleans bodies when they are written, and the inbox cleans them again before showing them, so
 * a body that reached the database another way still cannot run script. A private DOMPurify
 * instance keeps the message hooks away from any other use of the library.
 */
let purifier: DOMPurify | undefined;

function messagePurifier(): DOMPurify {
  if (!purifier) {
    purifier = createDOMPurify(window);
    installMessageHooks(purifier as unknown as Parameters<typeof installMessageHooks>[0]);
  }
  return purifier;
}

/** A message body as HTML that is safe to insert: only the policy's tags, attributes and links. */
export function sanitizeMessageHtml(html: string): string {
  return messagePurifier().sanitize(html, MESSAGE_PURIFY_CONFIG);
}
