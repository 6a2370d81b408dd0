import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { queryRows } from '../src/db/client.js';
import type { TestContext } from './helpers.js';

/** Everything a player can see of their own state: a refused request must not change it. */
export async function playerState(ctx: TestContext, cookie: string) {
  const read = async (url: string) => {
    const res = await ctx.app.inject({ url, headers: { cookie } });
    expect(res.statusCode, `${url} while taking a snapshot`).toBe(200);
    return res.json() as unknown;
  };
  return {
    profile: await read('/athar/profile'),
    lands: await read('/ard/lands'),
    heroes: await read('/abtal/heroes'),
    unread: await read('/hatif/messages/countunread'),
    messages: await read('/hatif/messages'),
    running: await read('/misaar/missions/status/running'),
    purchases: await read('/market/purchases'),
  };
}

const COUNTED = [
  'users',
  'profiles',
  'sessions',
  'lands',
  'heroes',
  'missions',
  'daily_usage',
  'ledger',
  'messages',
  'workflows',
  'purchases',
] as const;

/** Row counts of the tables a game action writes to. */
export async function rowCounts(ctx: TestContext): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of COUNTED) {
    const [row] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from ${sql.identifier(table)}`,
    );
    counts[table] = Number(row?.n);
  }
  return counts;
}

/** The one error shape, with a status that matches the response's. */
export function expectErrorShape(res: LightMyRequestResponse, what: string) {
  expect(res.headers['content-type'], what).toMatch(/^application\/json/);
  const body = res.json() as Record<string, unknown>;
  expect(body, what).toMatchObject({
    statusCode: res.statusCode,
    error: expect.any(String),
    message: expect.any(String),
    code: expect.stringMatching(/^[A-Z][A-Z0-9_]*$/),
  });
  expect((body.message as string).trim(), what).not.toBe('');
  const allowed = ['statusCode', 'error', 'message', 'code', 'field'];
  expect(
    Object.keys(body).filter((k) => !allowed.includes(k)),
    what,
  ).toEqual([]);
  if ('field' in body) expect(body.field, what).toEqual(expect.any(String));
}

/** No 5xx, and an error in the one shape. Returns the status for further checks. */
export function expectHandled(res: LightMyRequestResponse, what: string): number {
  expect(res.statusCode, `${what}\n${res.body.slice(0, 400)}`).toBeLessThan(500);
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  if (res.statusCode >= 400) expectErrorShape(res, `${what}\n${res.body.slice(0, 400)}`);
  return res.statusCode;
}

/** A short description of a request for failure messages. */
export function describeRequest(
  method: string,
  url: string,
  headers: Record<string, string> = {},
  payload?: string,
): string {
  const shown = payload === undefined ? '' : ` ${JSON.stringify(payload.slice(0, 200))}`;
  const ct = headers['content-type'] === undefined ? '' : ` [${headers['content-type']}]`;
  return `${method} ${url.slice(0, 300)}${ct}${shown}`;
}

/** A fixed fast-check seed per test, derived from its name: reruns explore the same cases. */
export function seedOf(state: { currentTestName?: string }): number {
  let h = 2166136261;
  for (const ch of state.currentTestName ?? '') h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}
