import fc from 'fast-check';
import type { Endpoint } from './abuse-endpoints.js';
import type { JsonSchema } from './abuse-arbitraries.js';

/**
 * Property (c): a raw path segment and what the server must answer for it. 'any' is a value
 * the route may accept; 'refused' must answer an error (the router may not even match, as for
 * `..` or an encoded slash); 400 must be refused as a bad parameter.
 */
export interface Segment {
  raw: string;
  expect: 'any' | 'refused' | 400;
}

const MAX_INT4 = 2_147_483_647n;
/** find-my-way's default maxParamLength: longer parameters answer 414. */
const MAX_PARAM_LENGTH = 100;

const RAW = [
  '',
  ' ',
  '%20',
  '1.5',
  '1.0',
  '01',
  '+1',
  '-1',
  '0',
  '-0',
  '0x10',
  '0b11',
  '0o7',
  '1e3',
  '1n',
  '1_000',
  'true',
  'null',
  'NaN',
  'Infinity',
  '-Infinity',
  '%2F',
  '1%2F2',
  '..%2F..',
  '..',
  '.',
  '%2e%2e',
  '%00',
  '1%00',
  '%ff',
  '%',
  '%E0%A4%A',
  '1;2',
  '1,2',
  '%5B1%5D',
  '__proto__',
  'constructor',
  '2147483647',
  '2147483648',
  '-2147483648',
  '4294967297',
  '9007199254740993',
  '9'.repeat(30),
  '9'.repeat(120),
];

function decode(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

const isDotSegment = (raw: string) => /^(\.|%2e){1,2}$/i.test(raw);

function judgeId(raw: string): Segment {
  const decoded = decode(raw);
  if (raw.length > MAX_PARAM_LENGTH || isDotSegment(raw)) return { raw, expect: 'refused' };
  if (decoded === undefined) return { raw, expect: 400 };
  if (decoded === '' || decoded.includes('/')) return { raw, expect: 'refused' };
  const canonical = /^\d+$/.test(decoded) && BigInt(decoded) >= 1n && BigInt(decoded) <= MAX_INT4;
  return { raw, expect: canonical ? 'any' : 400 };
}

export const idSegment: fc.Arbitrary<Segment> = fc
  .oneof(
    { weight: 3, arbitrary: fc.constantFrom(...RAW) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 40 }).map(String) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 2 ** 31 - 1 }).map(String) },
    { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }).map(String) },
    { weight: 1, arbitrary: fc.double().map((d) => encodeURIComponent(String(d))) },
    {
      weight: 2,
      arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }).map(encodeURIComponent),
    },
  )
  .map(judgeId);

/**
 * A zero-based index (continent, map coordinate): what the server reads as an integer from 0
 * ('-0' and '00' included) may pass its range check; anything else is a bad parameter.
 */
function judgeIndex(raw: string): Segment {
  const judged = judgeId(raw);
  const decoded = decode(raw);
  if (judged.expect === 'refused' || decoded === undefined) return judged;
  const zeroBased = /^-?\d+$/.test(decoded) && BigInt(decoded) >= 0n && BigInt(decoded) <= MAX_INT4;
  return zeroBased ? { raw, expect: 'any' } : judged;
}

export const indexSegment: fc.Arbitrary<Segment> = idSegment.map(({ raw }) => judgeIndex(raw));

const KNOWN_WORDS = [
  'GOLDCLAIM',
  'goldclaim',
  'DailyReward',
  'UPGRADESEAL',
  'TOP_XP_GAINERS',
  'top_gold_claimers',
];

function judgeWord(raw: string): Segment {
  const decoded = decode(raw);
  if (raw.length > MAX_PARAM_LENGTH || isDotSegment(raw)) return { raw, expect: 'refused' };
  if (decoded === undefined) return { raw, expect: 400 };
  // Unicode case mappings may fold a foreign letter onto a known name: those may pass.
  if (!/^[\x20-\x7e]*$/.test(decoded)) return { raw, expect: 'any' };
  const known = KNOWN_WORDS.some((w) => w.toUpperCase() === decoded.toUpperCase());
  return { raw, expect: known ? 'any' : 'refused' };
}

export const wordSegment: fc.Arbitrary<Segment> = fc
  .oneof(
    { weight: 2, arbitrary: fc.constantFrom(...RAW, ...KNOWN_WORDS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 80 }).map(encodeURIComponent) },
    {
      weight: 1,
      arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }).map(encodeURIComponent),
    },
  )
  .map(judgeWord);

/** URL-safe values whose meaning the test can judge exactly. */
const PLAIN_VALUES = ['1', '10', '200', '201', '0', '-1', '1.5', '1e2', '0x10', 'abc', '', 'true'];

export interface QuerySuffix {
  text: string;
  expect: 'any' | 400;
}

/**
 * A random query string: the endpoint's own keys (repeated, missing or with bad values),
 * prototype keys, bracket syntax and percent-encoding junk.
 */
export function querySuffix(ep: Endpoint): fc.Arbitrary<QuerySuffix> {
  const own = Object.keys((ep.query as JsonSchema | undefined)?.properties ?? {});
  const key = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...own, 'id', 'limit', 'username') },
    {
      weight: 1,
      arbitrary: fc.constantFrom('__proto__', 'constructor', '__proto__[polluted]', 'a[]', 'a[b]'),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 10 }).map(encodeURIComponent) },
  );
  const value = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...PLAIN_VALUES) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%ff', '%00', 'a%00b', '%E0%A4%A', '+', '%2B') },
    {
      weight: 1,
      arbitrary: fc.string({ unit: 'grapheme', maxLength: 80 }).map(encodeURIComponent),
    },
    { weight: 1, arbitrary: fc.integer({ min: 60, max: 600 }).map((n) => 'q'.repeat(n)) },
  );
  return fc.array(fc.tuple(key, value), { maxLength: 6 }).map((pairs) => {
    const text = pairs.length === 0 ? '' : `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`;
    return { text, expect: judgeQuery(own, pairs) };
  });
}

function judgeQuery(own: string[], pairs: [string, string][]): 'any' | 400 {
  const valuesOf = (k: string) => pairs.filter(([key]) => key === k).map(([, v]) => v);
  for (const k of own) if (valuesOf(k).length > 1) return 400;
  if (own.includes('username') && valuesOf('username').length === 0) return 400;
  const [limit] = own.includes('limit') ? valuesOf('limit') : [];
  if (limit !== undefined && PLAIN_VALUES.includes(limit)) {
    const ok = /^\d+$/.test(limit) && Number(limit) >= 1 && Number(limit) <= 200;
    if (!ok) return 400;
  }
  return 'any';
}
