import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sanitizeMessageHtml } from '../src/core/sanitize.js';

const corpus: string[] = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'fixtures/xss-corpus.json'), 'utf8'),
);

/** Style and URL vectors with what must go and what must stay (the browser test reads it too). */
interface PolicyVector {
  name: string;
  html: string;
  gone: string[];
  kept: string[];
}
const policyCorpus: PolicyVector[] = JSON.parse(
  readFileSync(
    path.join(import.meta.dirname, '../../../packages/contracts/src/html-policy.corpus.json'),
    'utf8',
  ),
);

/** Every attribute value of every element in the output. */
function attributes(html: string): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  for (const tag of html.matchAll(/<[a-z][^>]*>/gi)) {
    for (const attr of tag[0].matchAll(/\s([a-z:-]+)\s*=\s*"([^"]*)"/gi))
      found.push([attr[1]!.toLowerCase(), attr[2]!]);
  }
  return found;
}

describe('message bodies are sanitised on the server', () => {
  it('has a corpus of at least 50 vectors', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(50);
  });

  it.each(corpus.map((v, i) => [i, v]))(
    'vector %i keeps no script, handler or bad scheme',
    (_i, vector) => {
      const clean = sanitizeMessageHtml(vector as string);
      expect(clean).not.toMatch(
        /<\s*(script|iframe|object|embed|form|input|textarea|select|style|link|meta|base|svg|math|template|video|audio|marquee|isindex|details|noscript)\b/i,
      );
      for (const [name, value] of attributes(clean)) {
        expect(['style', 'href', 'title', 'src', 'alt', 'target', 'rel']).toContain(name);
        if (name === 'href' || name === 'src')
          expect(value.trim()).toMatch(/^(https?:|mailto:|tel:|\/(?!\/)|#)/i);
        if (name === 'style') expect(value).not.toMatch(/url\(|expression\(/i);
      }
    },
  );

  it('keeps the allowed markup and links', () => {
    // Bare allowed tags are kept as they are (the fast path: no DOM parse needed).
    const bare = '<p><b>Bold</b> <i>italic</i> <ul><li>one</li></ul></p>';
    expect(sanitizeMessageHtml(bare)).toBe(bare);
    // One attribute sends it through DOMPurify, which keeps the allowed ones.
    expect(sanitizeMessageHtml('<p title="t"><b>Bold</b></p>')).toBe(
      '<p title="t"><b>Bold</b></p>',
    );
    const links = sanitizeMessageHtml(
      '<a href="mailto:help@example.com">mail</a><a href="tel:+123">call</a><a href="/lands/1">land</a><a href="#top">top</a><a href="https://example.com" title="t">web</a>',
    );
    expect(links).toBe(
      '<a href="mailto:help@example.com">mail</a><a href="tel:+123">call</a><a href="/lands/1">land</a><a href="#top">top</a><a href="https://example.com" title="t">web</a>',
    );
    expect(sanitizeMessageHtml('<p style="color:red">red</p>')).toBe(
      '<p style="color:red">red</p>',
    );
    expect(sanitizeMessageHtml('<img src="https://example.com/a.png" alt="ok">')).toBe(
      '<img src="https://example.com/a.png" alt="ok">',
    );
  });

  it('refuses what DOMPurify would allow by default', () => {
    expect(sanitizeMessageHtml('<a href="ftp://x.example/f">f</a>')).toBe('<a>f</a>');
    expect(sanitizeMessageHtml('<a href="sms:+1">s</a>')).toBe('<a>s</a>');
    expect(sanitizeMessageHtml('<a href="xmpp:a@b.c">x</a>')).toBe('<a>x</a>');
    expect(sanitizeMessageHtml('<form><input name="a"></form>ok')).toBe('ok');
    expect(sanitizeMessageHtml('<style>p{}</style>ok')).toBe('ok');
    expect(sanitizeMessageHtml('<div data-x="1" id="i" class="c">d</div>')).toBe('<div>d</div>');
  });

  it('sends anything but bare allowed tags through DOMPurify', () => {
    expect(sanitizeMessageHtml('<p>a < b</p>')).toBe('<p>a &lt; b</p>');
    expect(sanitizeMessageHtml('<p>x</p><script>1</script>')).toBe('<p>x</p>');
    expect(sanitizeMessageHtml('<P>caps</P>')).toBe('<p>caps</p>');
    expect(sanitizeMessageHtml('<b >spaced</b>')).toBe('<b>spaced</b>');
  });

  it('adds rel=noopener noreferrer to links that open a new window', () => {
    expect(sanitizeMessageHtml('<a href="https://example.com" target="_blank">n</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">n</a>',
    );
  });
});

describe('message styles and links follow the policy (docs/api.md, Messages)', () => {
  it.each(policyCorpus.map((v) => [v.name, v]))('%s', (_name, vector) => {
    const { html, gone, kept } = vector as PolicyVector;
    const clean = sanitizeMessageHtml(html);
    for (const part of gone) expect(clean).not.toContain(part);
    for (const part of kept) expect(clean).toContain(part);
  });

  it('keeps no backslash, protocol-relative link or positioning anywhere in the corpus', () => {
    for (const { html } of policyCorpus) {
      for (const [name, value] of attributes(sanitizeMessageHtml(html))) {
        if (name === 'href' || name === 'src') expect(value).not.toMatch(/\\|^\s*\/\//);
        if (name === 'style') expect(value).not.toMatch(/\\|position|url\s*\(|expression|!/i);
      }
    }
  });
});
