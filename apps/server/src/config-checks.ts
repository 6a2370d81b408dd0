import { BlockList, isIP } from 'node:net';
import { addressBits, MAPPED_V4 } from './lib/ip-address.js';

/** The values NODE_ENV may take; unset means development. */
export type NodeEnv = 'production' | 'development' | 'test';

const NODE_ENVS: readonly NodeEnv[] = ['production', 'development', 'test'];

/**
 * Every production guard hangs on NODE_ENV being exactly `production`, so a near miss
 * (`Production`, `prod`, ` production`) would quietly run as development: refused instead.
 */
export function parseNodeEnv(raw: string | undefined): NodeEnv {
  if (raw === undefined || raw === '') return 'development';
  if ((NODE_ENVS as readonly string[]).includes(raw)) return raw as NodeEnv;
  throw new Error(
    `NODE_ENV must be production, development, test or unset, not ${JSON.stringify(raw)}`,
  );
}

/**
 * TRUST_PROXY: the load balancer's addresses or CIDRs, comma-separated. Only those hops are
 * trusted to report the client address in X-Forwarded-For; `1` (trust every hop) let any client
 * choose its own address, and is refused (docs/operations.md).
 */
export function parseTrustProxy(raw: string | undefined): string[] {
  if (raw === undefined || raw.trim() === '') return [];
  if (/^(1|true)$/i.test(raw.trim()))
    throw new Error(
      'TRUST_PROXY no longer accepts 1 or true (trust every hop): any client could then choose its address with X-Forwarded-For. List the load balancer addresses or CIDRs instead, e.g. TRUST_PROXY=10.0.0.5,10.0.1.0/24',
    );
  const entries = raw.split(',').map((entry) => {
    const value = entry.trim();
    if (!isAddressOrCidr(value))
      throw new Error(
        `TRUST_PROXY: ${JSON.stringify(value)} is not an IP address or CIDR (e.g. 10.0.0.5, 10.0.1.0/24, fd00::/8)`,
      );
    return value;
  });
  const everyone = trustsEveryone(entries);
  if (everyone)
    throw new Error(
      `TRUST_PROXY: the entries together trust every ${everyone} address (${entries.join(',')}), so any client could choose its address with X-Forwarded-For, as with 1: list only the load balancer's addresses or CIDRs, e.g. TRUST_PROXY=10.0.0.5,10.0.1.0/24`,
    );
  return entries;
}

function isAddressOrCidr(value: string): boolean {
  const [address = '', prefix, extra] = value.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

const ALL_128 = (1n << 128n) - 1n;

/**
 * Which family every address of would be trusted by these entries together (an address is
 * trusted if any entry holds it): `IPv4`, `IPv6` or null. Counted as the checks compare:
 * IPv4 as IPv4-mapped IPv6, so `::/1` or `::ffff:0:0/96` hold every IPv4 address too. A /0,
 * or halves that add up to one, would let any client choose its address like `1` does.
 */
export function trustsEveryone(entries: readonly string[]): 'IPv4' | 'IPv6' | null {
  const ranges = entries.map((entry) => {
    const [address = '', prefix] = entry.split('/');
    const v4 = isIP(address) === 4;
    const bits = prefix === undefined ? 128 : Number(prefix) + (v4 ? 96 : 0);
    const host = (1n << BigInt(128 - bits)) - 1n;
    const start = addressBits(address) & (ALL_128 ^ host);
    return { start, end: start | host };
  });
  ranges.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  const covers = (from: bigint, to: bigint) => {
    let next = from;
    for (const r of ranges) {
      if (r.end < next) continue;
      if (r.start > next) return false;
      next = r.end + 1n;
      if (next > to) return true;
    }
    return false;
  };
  if (covers(0n, ALL_128)) return 'IPv6';
  if (covers(MAPPED_V4, MAPPED_V4 | 0xffffffffn)) return 'IPv4';
  return null;
}

/** Whether a socket's peer is one of the trusted proxies (entries checked by parseTrustProxy). */
export function trustedPeer(entries: readonly string[]): (address: string | undefined) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    if (!address || entries.length === 0) return false;
    const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    const plain = v4 ?? address;
    const version = isIP(plain);
    return version !== 0 && list.check(plain, version === 4 ? 'ipv4' : 'ipv6');
  };
}

/** METRICS: `on` (default) serves GET /metrics; `off` does not register the route at all. */
export function parseMetricsSwitch(raw: string | undefined): boolean {
  if (raw === undefined || raw === '' || raw === 'on') return true;
  if (raw === 'off') return false;
  throw new Error(`METRICS must be on or off, not ${JSON.stringify(raw)}`);
}

/** What production needs beyond COOKIE_SECRET, all named at once so one restart fixes them. */
export function missingInProduction(
  env: NodeJS.ProcessEnv,
  metricsEnabled: boolean,
  mailEnabled: boolean,
  webPushEnabled: boolean,
): string[] {
  const missing: string[] = [];
  if (!env.SIWE_DOMAIN) missing.push('SIWE_DOMAIN (the domain players sign registrations for)');
  if (metricsEnabled && !env.METRICS_TOKEN)
    missing.push('METRICS_TOKEN (or METRICS=off to serve no /metrics)');
  if (mailEnabled && !env.SMTP_URL)
    missing.push('SMTP_URL (the mail server password recovery sends through, or MAIL=off)');
  if (mailEnabled && !env.PUBLIC_URL)
    missing.push("PUBLIC_URL (the game's address, for links in mails, or MAIL=off)");
  // Generated keys would change with every new machine and silently end every subscription.
  if (webPushEnabled) {
    const vapid = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'].filter((n) => !env[n]);
    if (vapid.length > 0)
      missing.push(
        `${vapid.join(', ')} (web push keys: npx web-push generate-vapid-keys; or WEB_PUSH=off)`,
      );
  }
  return missing;
}

/**
 * Mail settings (docs/operations.md, "Mail"). MAIL=off turns every mail feature off; otherwise
 * mail goes through SMTP_URL, or without it (development) into DATA_DIR/outbox as .eml files.
 */
export interface MailConfig {
  enabled: boolean;
  /** smtp:// or smtps:// URL with credentials; absent: the outbox folder. */
  smtpUrl: string | undefined;
  /** The From: of every mail. */
  from: string;
  /** The game's address without a trailing slash, for links in mails. */
  publicUrl: string;
  /** Where mails go without SMTP_URL. */
  outboxDir: string;
}

export function parseMailConfig(env: NodeJS.ProcessEnv, dataDir: string, port: number): MailConfig {
  const raw = env.MAIL;
  if (raw !== undefined && raw !== '' && raw !== 'on' && raw !== 'off')
    throw new Error(`MAIL must be on or off, not ${JSON.stringify(raw)}`);
  const smtpUrl = env.SMTP_URL || undefined;
  if (smtpUrl !== undefined && !/^smtps?:\/\/\S+$/.test(smtpUrl))
    throw new Error('SMTP_URL must be an smtp:// or smtps:// URL');
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  if (!/^https?:\/\/\S+$/.test(publicUrl)) throw new Error('PUBLIC_URL must be an http(s) URL');
  return {
    enabled: raw !== 'off',
    smtpUrl,
    from: env.MAIL_FROM || 'Aleph <no-reply@localhost>',
    publicUrl,
    outboxDir: `${dataDir.replace(/\/+$/, '')}/outbox`,
  };
}

/** Fewer confirmations credit Platinum for payments a short reorganisation can undo. */
export const MIN_PRODUCTION_CONFIRMATIONS = 3;
