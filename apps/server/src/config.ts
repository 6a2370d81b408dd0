import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isAddress } from 'viem';
import {
  MIN_PRODUCTION_CONFIRMATIONS,
  missingInProduction,
  parseMailConfig,
  parseMetricsSwitch,
  parseNodeEnv,
  parseTrustProxy,
  type MailConfig,
  type NodeEnv,
} from './config-checks.js';
import { bootSettings, repoRoot, serverRoot } from './boot-settings.js';
import type { RateLimitRule } from './lib/rate-limit.js';
import { parseWebPushConfig, type WebPushConfig } from './web-push-config.js';

export interface AppConfig {
  port: number;
  host: string;
  /** Absent: embedded PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** NODE_ENV, checked: only these three values (unset: development) start the server. */
  nodeEnv: NodeEnv;
  production: boolean;
  cookieSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  nonceTtlSeconds: number;
  /** Domain the registration message must be bound to; required in production. */
  siweDomain: string | undefined;
  rateLimits: {
    loginPerClient: RateLimitRule;
    loginPerUsername: RateLimitRule;
    nonce: RateLimitRule;
    /** Password recovery requests per client address and per e-mail address. */
    restorePerClient: RateLimitRule;
    restorePerEmail: RateLimitRule;
    /** Verification and address-change mails per account (each its own counter). */
    accountMail: RateLimitRule;
    /** Current-password checks of the account settings per account: wrong ones count. */
    accountPassword: RateLimitRule;
    /** Wrong two-factor codes per account: the login's second step and the settings together. */
    twoFactorPerAccount: RateLimitRule;
  };
  /** Enables `/__test/*` (clock control). Never set in production; refused there. */
  testMode: boolean;
  /** Built SPA to serve; absent folder: API only. */
  webDist: string;
  logLevel: string;
  /** How long a process reuses a weekly board's order (other players' rows only). */
  boardCacheMs: number;
  /** Load balancer addresses/CIDRs whose X-Forwarded-For is believed; empty: none. */
  trustProxy: readonly string[];
  /** METRICS=off: no /metrics route at all. */
  metricsEnabled: boolean;
  /** Bearer token GET /metrics requires; required in production unless METRICS=off. */
  metricsToken: string | undefined;
  /** PostgreSQL connections per process; all processes together stay under max_connections. */
  databasePoolSize: number;
  /** How Platinum is paid for (marketplace). */
  payments: PaymentConfig;
  /** HTTP_COMPRESSION=off: API answers go out plain, for a proxy that compresses. */
  httpCompression: boolean;
  /** Time a request has to arrive whole, headers and body; then 408 and the connection closes. */
  requestTimeoutMs: number;
  /** Time a request's headers have to arrive (at most `requestTimeoutMs`). */
  headersTimeoutMs: number;
  /** API_DOCS: the API reference at /api/docs; on by default in development only. */
  apiDocs: boolean;
  /** MAIL, SMTP_URL, MAIL_FROM, PUBLIC_URL (docs/operations.md, "Mail"). */
  mail: MailConfig;
  /** WEB_PUSH, VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT (docs/operations.md, "Web push"). */
  webPush: WebPushConfig;
}

export type PaymentProviderKind = 'sandbox' | 'onchain';

export interface PaymentConfig {
  /** 'sandbox' confirms at once (development, demo; refused in production); 'onchain' verifies. */
  provider: PaymentProviderKind;
  /** Ethereum JSON-RPC endpoint that payments are verified against. */
  chainRpcUrl: string | undefined;
  chainId: number | undefined;
  /** Lower-case 0x address that receives the payments. */
  treasuryAddress: string | undefined;
  /** Blocks a payment needs, its own included, before Platinum is credited. */
  confirmations: number;
}

export { repoRoot, serverRoot };
export type { MailConfig, WebPushConfig };

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a non-negative integer`);
  return value;
}

function onOff(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '' || raw === 'on') return true;
  if (raw === 'off') return false;
  throw new Error(`${name} must be on or off, not ${JSON.stringify(raw)}`);
}

/** Development keeps a generated secret in the data folder so sessions survive restarts. */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'cookie-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * A request must arrive whole within REQUEST_TIMEOUT_MS, its headers within HEADERS_TIMEOUT_MS
 * (docs/operations.md, "Timeouts"). Neither can be turned off: without them a request whose body
 * never completes held its connection for ever.
 */
function requestTimeouts(env: NodeJS.ProcessEnv) {
  const requestTimeoutMs = int(env, 'REQUEST_TIMEOUT_MS', 30_000);
  const headersTimeoutMs = int(env, 'HEADERS_TIMEOUT_MS', 10_000);
  if (requestTimeoutMs < 1000) throw new Error('REQUEST_TIMEOUT_MS must be at least 1000');
  if (headersTimeoutMs < 1000 || headersTimeoutMs > requestTimeoutMs)
    throw new Error('HEADERS_TIMEOUT_MS must be at least 1000 and at most REQUEST_TIMEOUT_MS');
  return { requestTimeoutMs, headersTimeoutMs };
}

/**
 * API_DOCS: `on` serves the API reference at /api/docs (docs/api.md), `off` does not register
 * it at all. Unset: on in development, off in production and test, where nothing loads it.
 */
function parseApiDocsSwitch(raw: string | undefined, nodeEnv: NodeEnv): boolean {
  if (raw === undefined || raw === '') return nodeEnv === 'development';
  if (raw === 'on') return true;
  if (raw === 'off') return false;
  throw new Error(`API_DOCS must be on or off, not ${JSON.stringify(raw)}`);
}

function poolSize(env: NodeJS.ProcessEnv): number {
  const size = int(env, 'DATABASE_POOL_SIZE', 20);
  if (size < 1) throw new Error('DATABASE_POOL_SIZE must be at least 1');
  return size;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const nodeEnv = parseNodeEnv(env.NODE_ENV);
  const { production, dataDir, testMode, databaseUrl } = bootSettings(env);
  let cookieSecret = env.COOKIE_SECRET;
  if (!cookieSecret) {
    if (production) throw new Error('COOKIE_SECRET is required when NODE_ENV=production');
    cookieSecret = developmentSecret(dataDir);
  }
  if (cookieSecret.length < 32) throw new Error('COOKIE_SECRET must be at least 32 characters');
  const payments = loadPaymentConfig(env, production);
  const metricsEnabled = parseMetricsSwitch(env.METRICS);
  const port = int(env, 'PORT', 3000);
  const mail = parseMailConfig(env, dataDir, port);
  const webPush = parseWebPushConfig(env, {
    production,
    inMemory: testMode || nodeEnv === 'test',
    dataDir,
  });
  const missing = production
    ? missingInProduction(env, metricsEnabled, mail.enabled, webPush.enabled)
    : [];
  if (missing.length > 0)
    throw new Error(`NODE_ENV=production requires ${missing.join(', ')}; see docs/operations.md`);
  return {
    port,
    host: env.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    databaseUrl,
    dataDir,
    nodeEnv,
    production,
    cookieSecret,
    accessTokenTtlSeconds: int(env, 'ACCESS_TOKEN_TTL_SECONDS', 15 * 60),
    refreshTokenTtlSeconds: int(env, 'REFRESH_TOKEN_TTL_SECONDS', 30 * 24 * 3600),
    nonceTtlSeconds: 10 * 60,
    siweDomain: env.SIWE_DOMAIN || undefined,
    rateLimits: {
      loginPerClient: { max: int(env, 'LOGIN_RATE_PER_CLIENT', 30), windowSeconds: 60 },
      loginPerUsername: { max: int(env, 'LOGIN_RATE_PER_USERNAME', 10), windowSeconds: 15 * 60 },
      nonce: { max: 60, windowSeconds: 60 },
      restorePerClient: { max: 10, windowSeconds: 60 * 60 },
      restorePerEmail: { max: 3, windowSeconds: 60 * 60 },
      accountMail: { max: 3, windowSeconds: 60 * 60 },
      accountPassword: { max: 5, windowSeconds: 15 * 60 },
      twoFactorPerAccount: { max: 10, windowSeconds: 15 * 60 },
    },
    testMode,
    webDist: path.resolve(env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
    boardCacheMs: int(env, 'BOARD_CACHE_MS', 1000),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    metricsEnabled,
    metricsToken: env.METRICS_TOKEN || undefined,
    databasePoolSize: poolSize(env),
    payments,
    httpCompression: onOff(env, 'HTTP_COMPRESSION'),
    ...requestTimeouts(env),
    apiDocs: parseApiDocsSwitch(env.API_DOCS, nodeEnv),
    mail,
    webPush,
  };
}

/**
 * PAYMENT_PROVIDER defaults to sandbox outside production and to onchain in production, where
 * the sandbox is refused: it would hand out Platinum for nothing. Onchain needs its chain.
 */
export function loadPaymentConfig(env: NodeJS.ProcessEnv, production: boolean): PaymentConfig {
  const provider = env.PAYMENT_PROVIDER || (production ? 'onchain' : 'sandbox');
  if (provider !== 'sandbox' && provider !== 'onchain')
    throw new Error('PAYMENT_PROVIDER must be sandbox or onchain');
  if (provider === 'sandbox' && production)
    throw new Error(
      'PAYMENT_PROVIDER=sandbox credits Platinum without payment and cannot be used with NODE_ENV=production; use onchain',
    );
  const chainRpcUrl = env.CHAIN_RPC_URL || undefined;
  const rawChainId = env.CHAIN_ID || undefined;
  const rawTreasury = env.TREASURY_ADDRESS || undefined;
  if (provider === 'onchain') {
    const missing = [
      ['CHAIN_RPC_URL', chainRpcUrl],
      ['CHAIN_ID', rawChainId],
      ['TREASURY_ADDRESS', rawTreasury],
      ...(production ? [['PAYMENT_CONFIRMATIONS', env.PAYMENT_CONFIRMATIONS || undefined]] : []),
    ]
      .filter(([, value]) => value === undefined)
      .map(([name]) => name);
    if (missing.length > 0)
      throw new Error(`PAYMENT_PROVIDER=onchain requires ${missing.join(', ')}`);
  }
  if (chainRpcUrl !== undefined && !/^https?:\/\/\S+$/.test(chainRpcUrl))
    throw new Error('CHAIN_RPC_URL must be an http(s) URL');
  const chainId = rawChainId === undefined ? undefined : Number(rawChainId);
  if (chainId !== undefined && !(Number.isSafeInteger(chainId) && chainId > 0))
    throw new Error('CHAIN_ID must be a positive integer');
  if (rawTreasury !== undefined && !isAddress(rawTreasury))
    throw new Error('TREASURY_ADDRESS must be a 0x address (with a valid checksum if mixed-case)');
  const confirmations = int(env, 'PAYMENT_CONFIRMATIONS', 1);
  if (confirmations < 1) throw new Error('PAYMENT_CONFIRMATIONS must be at least 1');
  const allowLow = env.PAYMENT_CONFIRMATIONS_ALLOW_LOW || undefined;
  if (allowLow !== undefined && allowLow !== '1')
    throw new Error('PAYMENT_CONFIRMATIONS_ALLOW_LOW must be 1 or unset');
  if (production && confirmations < MIN_PRODUCTION_CONFIRMATIONS && allowLow !== '1')
    throw new Error(
      `PAYMENT_CONFIRMATIONS=${confirmations} is below ${MIN_PRODUCTION_CONFIRMATIONS}: a chain reorganisation could undo a credited payment. Raise it, or set PAYMENT_CONFIRMATIONS_ALLOW_LOW=1 to accept the risk`,
    );
  return {
    provider,
    chainRpcUrl,
    chainId,
    treasuryAddress: rawTreasury?.toLowerCase(),
    confirmations,
  };
}
