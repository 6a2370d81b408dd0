import fc from 'fast-check';

/** The JSON Schema keywords the contracts use (TypeBox schemas are plain JSON Schema). */
export interface JsonSchema {
  type?: string;
  const?: unknown;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
}

export const BODY_LIMIT = 64 * 1024;

/** A request body as it goes over the wire, with the Content-Type it is sent with. */
export interface RawBody {
  payload: string;
  contentType: string | undefined;
}

export const JSON_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
];

/** Media types the API does not read: a body sent with one of them answers 415. */
export const UNSUPPORTED_TYPES = [
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----fuzz',
  'application/xml',
  'application/vnd.api+json',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/octet-stream',
  '*/*',
];

const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...JSON_TYPES) },
  { weight: 2, arbitrary: fc.constantFrom(...UNSUPPORTED_TYPES) },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

/** Values that trip loose parsing: numbers as strings, NaN-likes, huge and negative ids. */
export const nastyScalar = fc.constantFrom<unknown>(
  '1',
  '-1',
  '1.5',
  '1e3',
  '0x10',
  ' 1',
  '',
  'NaN',
  'Infinity',
  '-Infinity',
  'null',
  'undefined',
  'true',
  '__proto__',
  'constructor',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ﷽ 👨‍👩‍👧',
  0,
  -0,
  -1,
  1.5,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 31) - 1,
  Number.MAX_VALUE,
  true,
  false,
  null,
  [],
  {},
  [1, 2, 3],
  { id: 1 },
);

/** Raw JSON numbers that JSON.stringify cannot produce (1e309 parses to Infinity). */
export const rawNumbers = fc.constantFrom(
  '1e309',
  '-1e309',
  '1.5',
  '-0',
  '1E2',
  '0.1e1',
  '1.0',
  '9007199254740993',
  '2147483648',
  '-2147483649',
  '0',
  '1e-400',
);

const hugeString = fc
  .integer({ min: BODY_LIMIT - 64, max: BODY_LIMIT + 2048 })
  .map((n) => JSON.stringify({ huge: 'x'.repeat(n) }));

const deepNesting = fc
  .tuple(fc.integer({ min: 100, max: 30_000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays
      ? `${'['.repeat(depth)}${']'.repeat(depth)}`
      : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  );

/** Objects with the endpoint's own keys set to awkward values, and a pollution key or two. */
function keyedObject(keys: readonly string[]) {
  const key = fc.oneof(
    { weight: 3, arbitrary: keys.length > 0 ? fc.constantFrom(...keys) : fc.string() },
    { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString') },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );
  const value = fc.oneof(nastyScalar, fc.jsonValue({ maxDepth: 2 }));
  return fc.array(fc.tuple(key, value), { minLength: 1, maxLength: 6 }).map((pairs) => {
    // Written by hand so that "__proto__" stays a key of the text (JSON.stringify would drop it).
    const members = pairs.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`);
    return `{${members.join(',')}}`;
  });
}

const pollution = fc.constantFrom(
  '{"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"a":{"__proto__":{"polluted":"yes"}}}',
  '[{"__proto__":{"polluted":"yes"}}]',
  '{"__proto__":null}',
  '{"\\u005f_proto__":{"polluted":"yes"}}',
);

/** Payload texts for property (a): anything a client could put in a body. */
export function randomPayload(keys: readonly string[]) {
  return fc.oneof(
    { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)) },
    { weight: 2, arbitrary: fc.string({ maxLength: 200 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 100 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
    { weight: 3, arbitrary: keyedObject(keys) },
    { weight: 1, arbitrary: pollution },
    { weight: 1, arbitrary: deepNesting },
    { weight: 1, arbitrary: hugeString },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...(keys.length > 0 ? keys : ['id'])), rawNumbers)
        .map(([k, n]) => `{${JSON.stringify(k)}:${n}}`),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('', ' ', 'null', '{', '{"a":1,}', "{'a':1}", 'NaN', '\u0000'),
    },
  );
}

export function randomBody(keys: readonly string[]): fc.Arbitrary<RawBody> {
  return fc
    .record({ payload: randomPayload(keys), contentType })
    .map((b) => printable(b, () => `${b.contentType ?? 'no content type'} ${short(b.payload)}`));
}

/** A payload as fast-check prints it: huge bodies would flood the report. */
export const short = (text: string) =>
  text.length <= 160
    ? JSON.stringify(text)
    : `${JSON.stringify(text.slice(0, 120))}... (${text.length} characters)`;

export function printable<T extends object>(value: T, print: () => string): T {
  Object.defineProperty(value, fc.toStringMethod, { value: print, enumerable: false });
  return value;
}

export function isJsonType(type: string | undefined): boolean {
  return type !== undefined && JSON_TYPES.includes(type);
}

/** True when JSON.parse would refuse the text (an empty text is no body at all). */
export function isMalformedJson(text: string): boolean {
  if (text.trim() === '') return false;
  try {
    JSON.parse(text);
    return false;
  } catch {
    return true;
  }
}

export function hasPollutionKey(text: string): boolean {
  let found = false;
  try {
    JSON.parse(text, function (this: unknown, key, value: unknown) {
      if (key === '__proto__') found = true;
      if (key === 'constructor' && value && typeof value === 'object' && 'prototype' in value)
        found = true;
      return value;
    });
  } catch {
    return false;
  }
  return found;
}
