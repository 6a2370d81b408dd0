import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import type { TSchema } from 'typebox';

interface ObjectSchema {
  properties?: Record<string, { type?: unknown }>;
}

/** A path or query value that means exactly one integer, written the plain way. */
const PLAIN_INTEGER = /^-?\d+$/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** The integer and number fields of a params or querystring schema. */
function numericFields(schema: unknown): [string, 'integer' | 'number'][] {
  const props = (schema as ObjectSchema).properties ?? {};
  return Object.entries(props).flatMap(([name, s]) =>
    s.type === 'integer' || s.type === 'number' ? [[name, s.type] as [string, typeof s.type]] : [],
  );
}

const issue = (
  path: string[],
  keyword: string,
  message: string,
  params: Record<string, unknown> = {},
): FastifySchemaValidationError => ({
  keyword,
  instancePath: path.map((p) => `/${p}`).join(''),
  schemaPath: '#',
  params,
  message,
});

/** The path to the first string (value or key) holding U+0000, found without recursion. */
function nulPath(value: unknown): string[] | undefined {
  const stack: [unknown, string[]][] = [[value, []]];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return path;
    } else if (v !== null && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (k.includes('\u0000')) return [...path, k];
        stack.push([child, [...path, k]]);
      }
    }
  }
  return undefined;
}

/**
 * TypeBox validation, made strict where TypeBox's own conversion of path and query strings is
 * loose: '1.5', 'true', ' 1', '0x10' and '1n' all convert to an integer there, so
 * /ard/lands/true answered land 1. Such values are refused as not an integer. Strings holding
 * U+0000 are refused everywhere: PostgreSQL cannot store them and answered with an error.
 */
export const validatorCompiler: FastifySchemaCompiler<TSchema> = (route) => {
  const check = TypeBoxValidatorCompiler(route) as (value: unknown) => {
    value?: unknown;
    error?: FastifySchemaValidationError[];
  };
  const numeric = route.httpPart === 'body' ? [] : numericFields(route.schema);
  return (value: unknown) => {
    const raw = (value ?? {}) as Record<string, unknown>;
    for (const [name, type] of numeric) {
      const given = raw[name];
      const plain = type === 'integer' ? PLAIN_INTEGER : PLAIN_NUMBER;
      if (typeof given === 'string' && !plain.test(given))
        return { error: [issue([name], 'type', `must be ${type}`, { type })] };
    }
    const result = check(value);
    if (result.error) return result;
    const path = nulPath(result.value);
    if (path) return { error: [issue(path, 'nul', 'must not contain a NUL character')] };
    return result;
  };
};
