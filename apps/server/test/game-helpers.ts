import { expect } from 'vitest';
import type { Hero, Land } from '@aleph/contracts';
import { auditLedger } from '../src/core/audit.js';
import type { TestContext } from './helpers.js';

/** A signed-in client for one player: JSON in, status and JSON out. */
export function client(ctx: TestContext, cookie: string) {
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await ctx.app.inject({
      method,
      url,
      headers: { cookie },
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.body ? res.json() : undefined };
  };
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload?: object) => call('POST', url, payload),
    async lands(): Promise<Land[]> {
      return (await call('GET', '/ard/lands')).body as Land[];
    },
    async heroes(): Promise<Hero[]> {
      return (await call('GET', '/abtal/heroes')).body as Hero[];
    },
    async profile() {
      return (await call('GET', '/athar/profile')).body as {
        treasury: { gold: number };
        level: { profilePoints: number; level: number };
      };
    },
  };
}

export type Client = ReturnType<typeof client>;

/** The starter grant: the land, its resident hero and the hero without residence. */
export async function starter(api: Client) {
  const [land] = await api.lands();
  const heroes = await api.heroes();
  const resident = heroes.find((h) => h.residenceid === land?.landid);
  const homeless = heroes.find((h) => h.residenceid === null);
  if (!land || !resident || !homeless) throw new Error('starter grant missing');
  return { land, resident, homeless };
}

export async function expectBooksBalanced(ctx: TestContext) {
  expect(await auditLedger(ctx.database.db)).toEqual([]);
}

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
