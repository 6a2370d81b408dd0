import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webPush from 'web-push';

/** The VAPID key pair (RFC 8292), both base64url without padding as web-push writes them. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * Web push settings (docs/operations.md, "Web push"). WEB_PUSH=off turns the feature off;
 * otherwise the keys come from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or without them (never
 * in production) from a file in DATA_DIR (development) or from memory (tests).
 */
export interface WebPushConfig {
  enabled: boolean;
  /** The contact a push service may write to about our pushes: a mailto: or https: URL. */
  subject: string;
  /**
   * The key pair, read or made on first use: a process that never serves the key (the OpenAPI
   * generator, the simulator) writes nothing to its data folder.
   */
  keys: () => VapidKeys;
}

export const VAPID_KEY_FILE = 'vapid-keys.json';

const PUBLIC_KEY = /^[A-Za-z0-9_-]{87}$/;
const PRIVATE_KEY = /^[A-Za-z0-9_-]{43}$/;

function checkKeys(keys: VapidKeys, where: string): VapidKeys {
  const pub = Buffer.from(keys.publicKey ?? '', 'base64url');
  if (!PUBLIC_KEY.test(keys.publicKey ?? '') || pub[0] !== 0x04)
    throw new Error(
      `${where}: the VAPID public key must be 65 bytes (an uncompressed P-256 point), base64url without padding`,
    );
  if (!PRIVATE_KEY.test(keys.privateKey ?? ''))
    throw new Error(`${where}: the VAPID private key must be 32 bytes, base64url without padding`);
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

/** Made once and kept in the data folder, so that browsers' subscriptions survive restarts. */
function dataDirKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, VAPID_KEY_FILE);
  if (existsSync(file)) return checkKeys(JSON.parse(readFileSync(file, 'utf8')) as VapidKeys, file);
  mkdirSync(dataDir, { recursive: true });
  const keys = webPush.generateVAPIDKeys();
  // 'wx': two processes starting at once keep the first one's pair.
  try {
    writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return checkKeys(JSON.parse(readFileSync(file, 'utf8')) as VapidKeys, file);
  }
  return keys;
}

function once(make: () => VapidKeys): () => VapidKeys {
  let keys: VapidKeys | undefined;
  return () => (keys ??= make());
}

function checkSubject(subject: string): string {
  let url: URL;
  try {
    url = new URL(subject);
  } catch {
    throw new Error(
      `VAPID_SUBJECT must be a mailto: or https: URL, not ${JSON.stringify(subject)}`,
    );
  }
  if (url.protocol !== 'mailto:' && url.protocol !== 'https:')
    throw new Error(
      `VAPID_SUBJECT must be a mailto: or https: URL, not ${JSON.stringify(subject)}`,
    );
  return subject;
}

/** The address of a From: header ('Aleph <no-reply@game.example>' → no-reply@game.example). */
const addressOf = (from: string) => /<([^<>\s]+@[^<>\s]+)>/.exec(from)?.[1] ?? from.trim();

export interface WebPushContext {
  production: boolean;
  /** GAME_TEST_MODE=1 or NODE_ENV=test: keys in memory, nothing written. */
  inMemory: boolean;
  dataDir: string;
}

export function parseWebPushConfig(env: NodeJS.ProcessEnv, ctx: WebPushContext): WebPushConfig {
  const raw = env.WEB_PUSH;
  if (raw !== undefined && raw !== '' && raw !== 'on' && raw !== 'off')
    throw new Error(`WEB_PUSH must be on or off, not ${JSON.stringify(raw)}`);
  const enabled = raw !== 'off';
  const subject = checkSubject(
    env.VAPID_SUBJECT || `mailto:${addressOf(env.MAIL_FROM || 'no-reply@localhost')}`,
  );
  const publicKey = env.VAPID_PUBLIC_KEY || undefined;
  const privateKey = env.VAPID_PRIVATE_KEY || undefined;
  if ((publicKey === undefined) !== (privateKey === undefined))
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither');
  if (publicKey !== undefined && privateKey !== undefined) {
    const keys = checkKeys({ publicKey, privateKey }, 'VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY');
    return { enabled, subject, keys: () => keys };
  }
  // Production without the keys is refused by missingInProduction (config-checks.ts).
  const keys = ctx.inMemory
    ? once(() => webPush.generateVAPIDKeys())
    : once(() => dataDirKeys(ctx.dataDir));
  return { enabled, subject, keys };
}
