import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { createSiweMessage } from 'viem/siwe';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { buildApp } from '../src/app.js';
import { loadConfig, type AppConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { AdjustableClock } from '../src/lib/clock.js';
import { grantStarter } from '../src/modules/world/starter.js';
import type { EventHubOptions } from '../src/modules/events/hub.js';

export const TEST_DOMAIN = 'game.test';
/** A Monday, so weekly boards start at a known instant. */
export const TEST_EPOCH = new Date('2026-01-05T08:00:00.000Z');

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  clock: AdjustableClock;
  config: AppConfig;
  /** The test database's URL on PostgreSQL (a second process opens its own pool on it); none on PGlite. */
  databaseUrl?: string;
  close(): Promise<void>;
}

/** PostgreSQL when TEST_DATABASE_URL is set (a fresh database per call), else in-memory PGlite. */
export async function openTestDatabase(): Promise<{
  database: Database;
  url?: string;
  drop(): Promise<void>;
}> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openDatabase({});
    await database.migrate();
    return { database, drop: async () => undefined };
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: dbUrl.toString(), poolSize: 30 });
  await database.migrate();
  return {
    database,
    url: dbUrl.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const base = loadConfig({
    COOKIE_SECRET: 'test-secret-test-secret-test-secret-0123',
    DATA_DIR: '/nonexistent-test-data',
    WEB_DIST: '/nonexistent-web-dist',
    GAME_TEST_MODE: '1',
    LOGIN_RATE_PER_CLIENT: '1000',
    LOGIN_RATE_PER_USERNAME: '1000',
    // The API reference has its own test (api-docs.test.ts); other apps need none of it.
    API_DOCS: 'off',
  });
  // Tests register many players from one address; the nonce limit has its own test.
  // So do recovery requests; the per-address limit has its own test (account-recovery).
  const rateLimits = {
    ...base.rateLimits,
    nonce: { max: 100_000, windowSeconds: 60 },
    restorePerClient: { max: 100_000, windowSeconds: 3600 },
  };
  return { ...base, rateLimits, siweDomain: TEST_DOMAIN, ...overrides };
}

export async function createTestContext(
  overrides: Partial<AppConfig> = {},
  options: { events?: EventHubOptions } = {},
): Promise<TestContext> {
  const { database, url, drop } = await openTestDatabase();
  const clock = new AdjustableClock({ now: () => TEST_EPOCH });
  const config = testConfig(overrides);
  const logger = process.env.TEST_LOG ? { level: process.env.TEST_LOG } : false;
  const app = await buildApp(
    { config, database, clock, accountHooks: [grantStarter], events: options.events },
    { logger },
  );
  await app.ready();
  return {
    app,
    database,
    clock,
    config,
    ...(url ? { databaseUrl: url } : {}),
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

/** The Cookie header a browser would send back after this response. */
export function cookiesFrom(res: LightMyRequestResponse, previous = ''): string {
  const jar = new Map<string, string>();
  for (const part of previous.split('; ').filter(Boolean)) {
    const [k, ...v] = part.split('=');
    if (k) jar.set(k, v.join('='));
  }
  for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number }>) {
    if (c.value === '' || c.maxAge === 0) jar.delete(c.name);
    else jar.set(c.name, c.value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

export interface Registration {
  login: string;
  email: string;
  address: string;
  signature: string;
  password: string;
  message: string;
}

let counter = 0;
export function uniqueLogin(prefix = 'player'): string {
  counter += 1;
  return `${prefix}_${process.pid % 1000}_${counter}_${randomBytes(2).toString('hex')}`;
}

/** Asks the server for a nonce and signs a real EIP-4361 message with a fresh wallet key. */
export async function signedRegistration(
  ctx: TestContext,
  options: {
    login?: string;
    account?: PrivateKeyAccount;
    domain?: string;
    statement?: string;
  } = {},
): Promise<Registration & { account: PrivateKeyAccount }> {
  const account = options.account ?? privateKeyToAccount(generatePrivateKey());
  const nonceRes = await ctx.app.inject({ method: 'GET', url: '/abwab/nonce' });
  const { nonce } = nonceRes.json() as { nonce: string };
  const message = createSiweMessage({
    domain: options.domain ?? TEST_DOMAIN,
    address: account.address,
    statement: options.statement ?? 'Sign to register',
    uri: `https://${TEST_DOMAIN}`,
    version: '1',
    // The server accepts only the payment chain when one is configured.
    chainId: ctx.config.payments.chainId ?? 1,
    nonce,
    issuedAt: ctx.clock.now(),
  });
  const signature = await account.signMessage({ message });
  const login = options.login ?? uniqueLogin();
  return {
    account,
    login,
    email: `${login}@example.com`,
    address: account.address,
    signature,
    password: 'correct horse battery',
    message,
  };
}

export async function registerPlayer(ctx: TestContext, options: { login?: string } = {}) {
  const reg = await signedRegistration(ctx, options);
  const { account: _account, ...payload } = reg;
  const res = await ctx.app.inject({ method: 'POST', url: '/abwab/register', payload });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return reg;
}

/** Registers a fresh player and logs in; returns the Cookie header of the session. */
export async function signedInPlayer(ctx: TestContext, options: { login?: string } = {}) {
  const reg = await registerPlayer(ctx, options);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/abwab/login',
    payload: { username: reg.login, password: reg.password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return { ...reg, cookie: cookiesFrom(res) };
}
