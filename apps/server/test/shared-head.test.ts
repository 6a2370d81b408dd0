import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SharedHead } from '../src/lib/shared-head.js';

const decode = { br: brotliDecompressSync, gzip: gunzipSync };

describe('a shared head with a tail of its own', () => {
  for (const coding of ['br', 'gzip'] as const) {
    it(`decodes to head and tail as one ${coding} stream, whatever the text`, () => {
      fc.assert(
        fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (h, tail) => {
          const head = new SharedHead(h);
          expect(decode[coding](head.encode(coding, tail)).toString('utf8')).toBe(h + tail);
        }),
      );
    });

    it(`${coding}: stores a tail longer than one block, and every answer starts with the same head bytes`, () => {
      const head = new SharedHead(
        `{"data":${JSON.stringify(Array.from({ length: 300 }, (_, i) => i))},"own":`,
      );
      const long = `"${'é'.repeat(70_000)}"}`;
      const short = '{"rank":4}}';
      for (const tail of [long, short, '']) {
        expect(decode[coding](head.encode(coding, tail)).toString('utf8')).toBe(head.text + tail);
      }
      // The compressed head is shared: two answers differ only after it.
      const [a, b] = [head.encode(coding, short), head.encode(coding, '{"rank":5}}')];
      let same = 0;
      while (a[same] === b[same]) same++;
      expect(same).toBeGreaterThan(a.length - 40);
      expect(a.length).toBeLessThan(head.text.length / 2);
    });
  }
});
