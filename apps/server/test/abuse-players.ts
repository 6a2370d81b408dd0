import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { queryRows } from '../src/db/client.js';
import { signedInPlayer, type TestContext } from './helpers.js';
import { client, expectBooksBalanced, starter } from './game-helpers.js';
import { playerState, rowCounts } from './abuse-helpers.js';

export { MISSING } from './abuse-endpoints.js';

/** A signed-in player with the ids of their starter land, heroes and welcome message. */
export async function newPlayer(ctx: TestContext) {
  const p = await signedInPlayer(ctx);
  const api = client(ctx, p.cookie);
  const [row] = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`select id from users where login = ${p.login}`,
  );
  const { land, resident, homeless } = await starter(api);
  const messages = (await api.get('/hatif/messages')).body as { msgid: number }[];
  return {
    ...p,
    api,
    id: row!.id,
    land: land.landid,
    hero: resident.heroid,
    homeless: homeless.heroid,
    message: messages[0]!.msgid,
  };
}
export type Player = Awaited<ReturnType<typeof newPlayer>>;

export interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: object;
  cookie?: string;
  headers?: Record<string, string>;
}

export function send(ctx: TestContext, { method, url, body, cookie, headers }: Call) {
  const options: InjectOptions = {
    method,
    url,
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
  };
  if (body !== undefined) options.payload = body;
  return ctx.app.inject(options);
}

/** The players' visible state and the row counts are the same after `act`; books balance. */
export async function expectNothingChanged(
  ctx: TestContext,
  players: Player[],
  act: () => Promise<void>,
) {
  const snapshot = async () => ({
    players: await Promise.all(players.map((p) => playerState(ctx, p.cookie))),
    rows: await rowCounts(ctx),
  });
  const before = await snapshot();
  await act();
  expect(await snapshot()).toEqual(before);
  await expectBooksBalanced(ctx);
}

export function mission(
  step: 'check' | 'start',
  missionType: string,
  landid: number,
  heroid: number,
) {
  return {
    method: 'POST' as const,
    url: `/misaar/mission/${step}`,
    body: { missionType, landid, heroid },
  };
}

export function bulkDelete(body: object): Call {
  return { method: 'POST', url: '/hatif/messages/markdelete', body };
}
