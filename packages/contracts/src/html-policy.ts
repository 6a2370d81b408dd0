/**
 * The one policy for message bodies, applied by DOMPurify on the server when a message is
 * written and in the browser when it is shown (spec section 2, Inbox). DOMPurify's defaults
 * are wider (ftp:, sms:, xmpp: links; form, input and style elements), so everything here is
 * an explicit allowlist.
 */
export const MESSAGE_ALLOWED_TAGS = [
  'a',
  'abbr',
  'b',
  'blockquote',
  'br',
  'code',
  'div',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
] as const;

export const MESSAGE_ALLOWED_ATTRIBUTES = [
  'style',
  'href',
  'title',
  'src',
  'alt',
  'target',
  'rel',
] as const;

/**
 * Links: http, https, mailto, tel, a path starting with '/', or an anchor '#...'. Protocol-
 * relative '//host' is not a path. Applies to href and src.
 */
export const MESSAGE_ALLOWED_URI = /^(?:(?:https?|mailto|tel):|\/(?!\/)|#)/i;

/** CSS in a style attribute may not load anything or run legacy script hooks. */
export const MESSAGE_FORBIDDEN_CSS =
  /url\s*\(|expression\s*\(|@import|javascript:|behavior\s*:|-moz-binding/i;

/** DOMPurify configuration built from the policy above (shared by server and browser). */
export const MESSAGE_PURIFY_CONFIG = {
  ALLOWED_TAGS: [...MESSAGE_ALLOWED_TAGS],
  ALLOWED_ATTR: [...MESSAGE_ALLOWED_ATTRIBUTES],
  ALLOWED_URI_REGEXP: MESSAGE_ALLOWED_URI,
  // DOMPurify checks every attribute that is not "URI safe" against the URI pattern, which
  // '_blank' and 'noopener' do not match: these two carry no URI.
  ADD_URI_SAFE_ATTR: ['target', 'rel'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  KEEP_CONTENT: true,
};

/** The little of a DOM element the hooks touch (this package has no DOM types). */
interface ElementLike {
  tagName: string;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
}

/** Minimal view of DOMPurify's API, so both sides can install the same hooks. */
interface PurifyLike {
  addHook(
    hook: 'uponSanitizeAttribute',
    cb: (
      node: ElementLike,
      data: { attrName: string; attrValue: string; keepAttr: boolean },
    ) => void,
  ): void;
  addHook(hook: 'afterSanitizeAttributes', cb: (node: ElementLike) => void): void;
}

/**
 * Hooks the allowlist cannot express: dangerous CSS is dropped, and a link that opens a new
 * window gets rel="noopener noreferrer" so the opened page cannot reach back.
 */
export function installMessageHooks(purify: PurifyLike): void {
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName === 'style' && MESSAGE_FORBIDDEN_CSS.test(data.attrValue))
      data.keepAttr = false;
    if (
      (data.attrName === 'href' || data.attrName === 'src') &&
      !MESSAGE_ALLOWED_URI.test(data.attrValue.trim())
    ) {
      data.keepAttr = false;
    }
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('target')) {
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}
