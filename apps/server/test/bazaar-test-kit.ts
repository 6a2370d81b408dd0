import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { createRng } from '@aleph/rules';
import type { CreateListingBody } from '@aleph/contracts';
import type { AppConfig } from '../src/config.js';
import { queryRows } from '../src/db/client.js';
import { createLands } from '../src/core/create-lands-heroes.js';
import { grantToLand, grantToProfile } from '../src/modules/world/grants.js';
import { client, starter } from './game-helpers.js';
import { signedInPlayer, type TestContext } from './helpers.js';

/**
 * Players and requests for the Bazaar's tests (listing, buying, bidding, settling, staff): a
 * trader at profile level 2 with gold and platinum, the starter's three heroes (two resident,
 * one without residence: listable), a second land with nothing on it and goods on the first.
 * Several suites import it: keep the exported names stable.
 */

/** For suites whose clock passes days: sessions outlive them. */
export const LONG_SESSIONS: Partial<AppConfig> = {
  accessTokenTtlSeconds: 10 * 365 * 86400,
  refreshTokenTtlSeconds: 20 * 365 * 86400,
};

let keys = 0;
/** A fresh Idempotency-Key. */
export const bazaarKey = () => `bazaar-key-${++keys}-${process.pid}`;

export interface TraderOptions {
  /** Profile level; 2 (the Bazaar's minimum) unless given. */
  level?: number;
  gold?: number;
  platinum?: number;
  /** Items on the starter land, by code; 50 Tower Stones and 10 Skill Pots unless given. */
  items?: Record<string, number>;
  /** Make a second land (empty, no residents): true unless false. */
  secondLand?: boolean;
}

export async function trader(ctx: TestContext, options: TraderOptions = {}) {
  const p = await signedInPlayer(ctx);
  const api = client(ctx, p.cookie);
  const db = ctx.database.db;
  const [row] = await queryRows<{ id: number; nickname: string }>(
    db,
    sql`select p.id, p.nickname from users u join profiles p on p.id = u.id where u.login = ${p.login}`,
  );
  const id = Number(row!.id);
  const now = ctx.clock.now();
  await db.execute(sql`update profiles set level = ${options.level ?? 2} where id = ${id}`);
  const gold = options.gold ?? 10_000;
  const platinum = options.platinum ?? 1_000;
  if (gold || platinum) await grantToProfile(db, id, { gold, platinum }, now);
  const { land, resident, homeless } = await starter(api);
  const items = options.items ?? { TOWER_STONE: 50, SKILL_POT: 10 };
  if (Object.keys(items).length > 0) await grantToLand(db, land.landid, { items }, now);
  let secondLandId: number | null = null;
  if (options.secondLand !== false) {
    const [made] = await createLands(
      db,
      id,
      [{ continent: 0, terrain: 2, element: 1 }],
      createRng(`bazaar-${id}`),
      now,
    );
    secondLandId = made!.id;
  }
  return {
    id,
    nickname: row!.nickname,
    cookie: p.cookie,
    api,
    /** The starter land (residents, goods). */
    landid: land.landid,
    /** A land with no residents, listable. */
    secondLandId,
    /** A hero living on the starter land. */
    residentId: resident.heroid,
    /** The starter hero without residence: idle, listable. */
    heroid: homeless.heroid,
  };
}
export type Trader = Awaited<ReturnType<typeof trader>>;

/** Every hero of the trader leaves its residence: no land of theirs has residents. */
export async function clearResidences(ctx: TestContext, t: Trader) {
  await ctx.database.db.execute(
    sql`update heroes set residence_id = null where owner_id = ${t.id}`,
  );
}

/** The terms of a listing body: price, auction, currency (gold unless given), elemid. */
type Terms = Record<string, unknown>;

/** A listing body for a hero. */
export const heroLot = (heroid: number, terms: Terms) => ({
  kind: 'hero',
  heroid,
  currency: 'gold',
  ...terms,
});

/** A listing body for a land (with all it holds). */
export const landLot = (landid: number | null, terms: Terms) => ({
  kind: 'land',
  landid,
  currency: 'gold',
  ...terms,
});

/** A listing body for goods off a land. */
export const goodsLot = (landid: number, item: string, quantity: number, terms: Terms) => ({
  kind: 'goods',
  landid,
  item,
  quantity,
  currency: 'gold',
  ...terms,
});

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers loosely
  body: any;
}

async function call(
  app: FastifyInstance,
  cookie: string,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await app.inject({
    method,
    url,
    headers: { cookie, ...headers },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.body ? res.json() : undefined };
}

/** POST /souq/bazaar/listings with an Idempotency-Key (a fresh one unless given). */
export function list(
  app: FastifyInstance,
  cookie: string,
  body: CreateListingBody | Record<string, unknown>,
  key: string = bazaarKey(),
): Promise<Answer> {
  return call(app, cookie, 'POST', '/souq/bazaar/listings', body, { 'idempotency-key': key });
}

/** DELETE /souq/bazaar/listings/{id}: the seller cancels. */
export function cancel(app: FastifyInstance, cookie: string, id: number): Promise<Answer> {
  return call(app, cookie, 'DELETE', `/souq/bazaar/listings/${id}`);
}

/** GET /souq/bazaar/listings/{id}. */
export function getListing(app: FastifyInstance, cookie: string, id: number): Promise<Answer> {
  return call(app, cookie, 'GET', `/souq/bazaar/listings/${id}`);
}

/** A player's gold and platinum as the database holds them. */
export async function treasury(ctx: TestContext, profileId: number) {
  const [row] = await queryRows<{ gold: string; platinum: string }>(
    ctx.database.db,
    sql`select gold, platinum from profiles where id = ${profileId}`,
  );
  return { gold: Number(row!.gold), platinum: Number(row!.platinum) };
}

/** One item's balance on a land (0 when none). */
export async function landItem(ctx: TestContext, landId: number, code: string) {
  const [row] = await queryRows<{ balance: string }>(
    ctx.database.db,
    sql`select balance from land_items where land_id = ${landId} and item_code = ${code}`,
  );
  return Number(row?.balance ?? 0);
}

/** Everything a refused listing must leave as it was: listings, ledger, treasury, the stones. */
export async function sellerState(ctx: TestContext, t: Trader) {
  return {
    ...(await bazaarCounts(ctx, t.id)),
    ...(await treasury(ctx, t.id)),
    stones: await landItem(ctx, t.landid, 'TOWER_STONE'),
  };
}

/**
 * Lists `body` as `t`, expects the refusal (`code`, 409 unless given) and the seller's state as
 * it was; answers that state.
 */
export async function expectRefused(
  ctx: TestContext,
  t: Trader,
  body: Record<string, unknown>,
  code: string,
  status = 409,
) {
  const before = await sellerState(ctx, t);
  const res = await list(ctx.app, t.cookie, body);
  expect({ code: res.body.code, status: res.status }).toEqual({ code, status });
  expect(await sellerState(ctx, t)).toEqual(before);
  return before;
}

/** A seller's rows in bazaar_listings, and their ledger entries naming the Bazaar. */
export async function bazaarCounts(ctx: TestContext, sellerId: number) {
  const [row] = await queryRows<{ listings: string; ledger: string }>(
    ctx.database.db,
    sql`select (select count(*) from bazaar_listings where seller_id = ${sellerId}) as listings,
      (select count(*) from ledger
        where profile_id = ${sellerId} and cause like 'bazaar:%') as ledger`,
  );
  return { listings: Number(row!.listings), ledger: Number(row!.ledger) };
}
