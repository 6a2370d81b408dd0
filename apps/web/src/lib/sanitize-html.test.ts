import { describe, expect, it } from 'vitest';
import DOMPurify from 'dompurify';
import policyCorpus from '../../../../packages/contracts/src/html-policy.corpus.json';
import { sanitizeMessageHtml } from './sanitize-html';

/** The sanitised HTML parsed back, to look at elements and attributes rather than text. */
function parse(html: string): HTMLElement {
  const box = document.createElement('div');
  box.innerHTML = sanitizeMessageHtml(html);
  return box;
}

const hrefs = (box: HTMLElement) =>
  [...box.querySelectorAll('a')].map((link) => link.getAttribute('href'));

describe('message body sanitiser (browser)', () => {
  it.each([
    ['ftp:', '<a href="ftp://files.example/x">ftp</a>'],
    ['sms:', '<a href="sms:+123456">sms</a>'],
    ['xmpp:', '<a href="xmpp:someone@example.com">xmpp</a>'],
    ['javascript:', '<a href="javascript:window.__xss=1">js</a>'],
    ['javascript: in mixed case and with spaces', '<a href="  JaVaScRiPt:alert(1)">js</a>'],
    ['data:', '<a href="data:text/html;base64,PHNjcmlwdD4=">data</a>'],
    ['protocol-relative', '<a href="//evil.example/path">far</a>'],
  ])('drops %s links but keeps their text', (_name, html) => {
    const box = parse(html);
    expect(hrefs(box)).toEqual([null]);
    expect(box.textContent).not.toBe('');
  });

  it('drops disallowed image sources', () => {
    const box = parse('<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="a"><img src="x">');
    expect([...box.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      null,
      null,
    ]);
  });

  it('removes form, input, style, script and frame elements', () => {
    const box = parse(
      '<form action="https://evil.example"><input name="password"><button>Go</button></form>' +
        '<style>body{display:none}</style><script>window.__xss=1</script>' +
        '<iframe src="https://example.com"></iframe><object data="x"></object><embed src="x">' +
        '<textarea>t</textarea><select><option>o</option></select>',
    );
    for (const tag of ['form', 'input', 'button', 'style', 'script', 'iframe', 'object', 'embed']) {
      expect(box.querySelector(tag)).toBeNull();
    }
    expect(box.querySelector('textarea, select, option')).toBeNull();
  });

  it('removes event handlers, ids, classes, data and aria attributes', () => {
    const box = parse(
      '<p onclick="x()" id="hijack" class="evil" data-x="1" aria-hidden="true">text</p>' +
        '<img src="https://example.com/a.png" onerror="x()" alt="ok">',
    );
    for (const element of box.querySelectorAll('*')) {
      expect(element.getAttributeNames()).not.toContain('onclick');
      expect(
        element.getAttributeNames().filter((name) => /^(on|data-|aria-)|^(id|class)$/.test(name)),
      ).toEqual([]);
    }
  });

  it('drops dangerous CSS and keeps plain styles', () => {
    const box = parse(
      '<div style="background:url(javascript:x)">a</div><p style="color: red">b</p>',
    );
    expect(box.querySelector('div')!.getAttribute('style')).toBeNull();
    expect(box.querySelector('p')!.getAttribute('style')).toBe('color: red');
  });

  it('keeps the allowed markup and links', () => {
    const box = parse(
      '<p><b>Bold</b> <i>italic</i> <u>under</u></p><ul><li>one</li></ul>' +
        '<a href="https://example.com" title="t">web</a> <a href="http://example.com">plain</a> ' +
        '<a href="mailto:help@example.com">mail</a> <a href="tel:+123">call</a> ' +
        '<a href="/lands/1">land</a> <a href="#top">top</a>',
    );
    expect(box.querySelector('b')!.textContent).toBe('Bold');
    expect(box.querySelector('i')!.textContent).toBe('italic');
    expect(box.querySelector('ul > li')!.textContent).toBe('one');
    expect(hrefs(box)).toEqual([
      'https://example.com',
      'http://example.com',
      'mailto:help@example.com',
      'tel:+123',
      '/lands/1',
      '#top',
    ]);
    expect(box.querySelector('a')!.getAttribute('title')).toBe('t');
  });

  it('makes a link that opens a new window unable to reach back', () => {
    const box = parse('<a href="https://example.com" target="_blank" rel="opener">new</a>');
    const link = box.querySelector('a')!;
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it("is stricter than DOMPurify's defaults, which it does not change", () => {
    const html = '<a href="ftp://files.example/x">ftp</a><form><input></form>';
    expect(sanitizeMessageHtml(html)).toBe('<a>ftp</a>');
    // The shared DOMPurify instance keeps its defaults: the message hooks are private.
    expect(DOMPurify.sanitize(html)).toContain('ftp://');
  });
});

// The server's test reads the same vectors: both halves of the policy must agree.
describe('message styles and links (browser), docs/api.md Messages', () => {
  it.each(policyCorpus.map((v) => [v.name, v] as const))('%s', (_name, { html, gone, kept }) => {
    const clean = sanitizeMessageHtml(html);
    for (const part of gone) expect(clean).not.toContain(part);
    for (const part of kept) expect(clean).toContain(part);
  });

  it('leaves no link a browser would read as another site, and no positioned style', () => {
    const box = parse(policyCorpus.map((v) => v.html).join(''));
    for (const element of box.querySelectorAll('[href], [src]')) {
      const url = element.getAttribute('href') ?? element.getAttribute('src') ?? '';
      // Resolved against the game's own address, as the browser resolves a click.
      expect(new URL(url, 'https://game.example/messages').host).not.toMatch(/evil/i);
      expect(url).not.toContain('\\');
    }
    for (const element of box.querySelectorAll<HTMLElement>('[style]')) {
      expect(element.style.position).toBe('');
      expect(element.getAttribute('style')).not.toMatch(/\\|url\s*\(/i);
    }
  });
});
