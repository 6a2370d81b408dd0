import fc from 'fast-check';
import { printable, rawNumbers, short, type JsonSchema } from './abuse-arbitraries.js';

/**
 * Property (b): a valid body with one field mutated. `refused` says whether the schema must
 * refuse it (400 naming `field`); an extra property may be accepted and then ignored.
 */
export interface Mutation {
  kind: 'wrong type' | 'out of range' | 'missing' | 'extra' | 'NUL' | 'raw number';
  field: string;
  payload: string;
  refused: boolean;
}

const typeOf = (s: JsonSchema): string | undefined =>
  s.type ?? (s.anyOf ? s.anyOf[0]?.type : undefined);

/** JSON values of every type but the schema's own. */
function wrongTypeValues(s: JsonSchema): unknown[] {
  const all: Record<string, unknown[]> = {
    string: ['1', '', 'true', '[]'],
    integer: [1, 0, -7, 1.5, 2 ** 31],
    boolean: [true, false],
    null: [null],
    array: [[], [1], ['a']],
    object: [{}, { a: 1 }],
  };
  const own = typeOf(s);
  if (own === undefined) return [];
  return Object.entries(all)
    .filter(([type]) => type !== own && !(own === 'integer' && type === 'number'))
    .flatMap(([type, values]) =>
      // A float is the wrong type for an integer; other numbers are the wrong type for the rest.
      own === 'integer' && type === 'integer' ? [1.5, 0.1] : values,
    );
}

/** Values of the right type that the schema's bounds refuse. */
function outOfRangeValues(s: JsonSchema): unknown[] {
  const out: unknown[] = [];
  const type = typeOf(s);
  if (type === 'integer') {
    if (s.minimum !== undefined) out.push(s.minimum - 1, s.minimum - 2 ** 31, -(2 ** 53));
    if (s.maximum !== undefined) out.push(s.maximum + 1, 2 ** 53 + 2, 1e300);
  }
  if (type === 'string') {
    if (s.maxLength !== undefined) out.push('y'.repeat(s.maxLength + 1));
    if (s.minLength !== undefined && s.minLength > 0) out.push('y'.repeat(s.minLength - 1));
    if (s.pattern !== undefined) out.push('has spaces and é', 'zz');
    if (s.const !== undefined || s.anyOf) out.push('NOT_A_KNOWN_VALUE', 'goldclaim ', '');
  }
  if (type === 'array') {
    if (s.minItems !== undefined) out.push([]);
    if (s.maxItems !== undefined) out.push(Array.from({ length: s.maxItems + 1 }, (_, i) => i + 1));
    if (s.items) out.push(...outOfRangeValues(s.items).map((v) => [v]));
    if (s.items) out.push(...wrongTypeValues(s.items).map((v) => [v]));
  }
  return out.filter((v) => !(s.pattern && typeof v === 'string' && new RegExp(s.pattern).test(v)));
}

const withField = (base: Record<string, unknown>, field: string, value: unknown) =>
  JSON.stringify({ ...base, [field]: value });

function rawNumberPayload(base: Record<string, unknown>, field: string, raw: string) {
  const marker = '"__RAW_NUMBER__"';
  return withField(base, field, '__RAW_NUMBER__').replace(marker, raw);
}

function fitsInteger(raw: string, s: JsonSchema): boolean {
  const n = JSON.parse(raw) as number;
  return (
    Number.isInteger(n) &&
    (s.minimum === undefined || n >= s.minimum) &&
    (s.maximum === undefined || n <= s.maximum)
  );
}

export function mutations(schema: JsonSchema, base: Record<string, unknown>) {
  const props = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const options: fc.Arbitrary<Mutation>[] = [];
  for (const [field, s] of props) {
    const wrong = wrongTypeValues(s);
    if (wrong.length > 0)
      options.push(
        fc.constantFrom(...wrong).map((v) => ({
          kind: 'wrong type' as const,
          field,
          payload: withField(base, field, v),
          refused: true,
        })),
      );
    const range = outOfRangeValues(s);
    if (range.length > 0)
      options.push(
        fc.constantFrom(...range).map((v) => ({
          kind: 'out of range' as const,
          field,
          payload: withField(base, field, v),
          refused: true,
        })),
      );
    if (required.has(field)) {
      const { [field]: _gone, ...rest } = base;
      options.push(
        fc.constant({
          kind: 'missing' as const,
          field,
          payload: JSON.stringify(rest),
          refused: true,
        }),
      );
    }
    if (typeOf(s) === 'string' && typeof base[field] === 'string') {
      const text = base[field];
      options.push(
        fc.nat({ max: text.length }).map((at) => ({
          kind: 'NUL' as const,
          field,
          payload: withField(base, field, `${text.slice(0, at)}\u0000${text.slice(at)}`),
          refused: true,
        })),
      );
    }
    if (typeOf(s) === 'integer')
      options.push(
        rawNumbers.map((raw) => ({
          kind: 'raw number' as const,
          field,
          payload: rawNumberPayload(base, field, raw),
          refused: !fitsInteger(raw, s),
        })),
      );
  }
  options.push(
    fc
      .tuple(
        fc.oneof(fc.string({ minLength: 1, maxLength: 10 }), fc.constantFrom('profileid', 'owner')),
        fc.jsonValue({ maxDepth: 2 }),
      )
      .filter(([k]) => !(k in (schema.properties ?? {})))
      .map(([k, v]) => ({
        kind: 'extra' as const,
        field: k,
        payload: withField(base, k, v),
        refused: false,
      })),
  );
  return fc
    .oneof(...options)
    .map((m) => printable(m, () => `${m.kind} ${m.field}: ${short(m.payload)}`));
}
