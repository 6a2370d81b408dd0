/**
 * The one policy for message bodies, applied by DOMPurify on the server when a message is
 * written and in the browser when it is shown (docs/screens.md, Inbox). DOMPurify's defaults
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
 * Links: http, https, mailto, tel, a path starting with '/', or an anchor '#...'. Applies to
 * href and src. Protocol-relative '//host' is not a path, and neither is '/\host': browsers
 * read a backslash as a slash, so '/\evil.example' leads to another site (docs/api.md,
 * Messages). Backslashes are refused anywhere in a URL (see `isAllowedMessageUrl`).
 */
export const MESSAGE_ALLOWED_URI = /^(?:(?:https?|mailto|tel):|\/(?![/\\])|#)/i;

/** A link or image source a message may carry, read as a browser would read it. */
export function isAllowedMessageUrl(value: string): boolean {
  // Browsers drop tabs, newlines and surrounding spaces from a URL before reading it, so
  // '/\t/evil.example' is '//evil.example' to them: test what they would read.
  const url = [...value].filter((c) => c > ' ' && !/\s/.test(c)).join('');
  return !url.includes('\\') && MESSAGE_ALLOWED_URI.test(url);
}

/**
 * CSS a message may use: a few text properties with plain values (keywords, numbers, '#hex',
 * rgb()/hsl()). Everything else goes: positioning (a fixed overlay covering the page), sizes,
 * url(), expression(), escapes ('u\72l(' is 'url('), comments, quotes, '!important'. An
 * allowlist, because a denylist of CSS cannot keep up with escapes and new properties.
 */
export const MESSAGE_ALLOWED_CSS_PROPERTIES = [
  'color',
  'background-color',
  'font-weight',
  'font-style',
  'text-decoration',
  'text-align',
] as const;

const CSS_TOKEN = String.raw`(?:[a-z]+(?:-[a-z]+)*|#[0-9a-f]{3,8}|\d{1,4}(?:\.\d{1,4})?%?|(?:rgb|hsl)a?\([0-9.,%\s/]{1,60}\))`;
const CSS_VALUE = new RegExp(`^${CSS_TOKEN}(?:\\s+${CSS_TOKEN}){0,3}$`, 'i');
const CSS_PROPERTIES: ReadonlySet<string> = new Set(MESSAGE_ALLOWED_CSS_PROPERTIES);

/**
 * The declarations of a style attribute that the policy keeps, joined again with '; ', or ''
 * when none is left (the attribute is then dropped).
 */
export function allowedMessageStyle(style: string): string {
  const kept: string[] = [];
  for (const declaration of style.split(';')) {
    if (declaration.trim() === '') continue;
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (CSS_PROPERTIES.has(property) && CSS_VALUE.test(value)) kept.push(declaration.trim());
  }
  return kept.join('; ');
}

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
 * Hooks the allowlist cannot express: a style keeps only the allowed declarations, a URL is
 * read as a browser would read it, and a link that opens a new window gets
 * rel="noopener noreferrer" so the opened page cannot reach back.
 */
export function installMessageHooks(purify: PurifyLike): void {
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName === 'style') {
      data.attrValue = allowedMessageStyle(data.attrValue);
      if (data.attrValue === '') data.keepAttr = false;
    }
    if (
      (data.attrName === 'href' || data.attrName === 'src') &&
      !isAllowedMessageUrl(data.attrValue)
    )
      data.keepAttr = false;
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('target')) {
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}
