import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Fastify from 'fastify';
import webPush from 'web-push';
import { loadConfig } from '../src/config.js';

const vapid = webPush.generateVAPIDKeys();

/** Everything production requires, so each test removes or breaks exactly one setting. */
const production = {
  NODE_ENV: 'production',
  COOKIE_SECRET: 'x'.repeat(40),
  SIWE_DOMAIN: 'game.example',
  METRICS_TOKEN: 'metrics-token-metrics-token-0123',
  CHAIN_RPC_URL: 'https://rpc.example.org',
  CHAIN_ID: '1',
  TREASURY_ADDRESS: '0x000000000000000000000000000000000000dEaD',
  PAYMENT_CONFIRMATIONS: '3',
  SMTP_URL: 'smtps://game:secret@smtp.example.org',
  PUBLIC_URL: 'https://game.example',
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  VAPID_SUBJECT: 'mailto:ops@game.example',
};
const development = { COOKIE_SECRET: 'x'.repeat(40), DATA_DIR: '/nonexistent-test-data' };

describe('NODE_ENV', () => {
  it('starts with production, development, test or nothing', () => {
    expect(loadConfig(production)).toMatchObject({ nodeEnv: 'production', production: true });
    for (const value of ['development', 'test'])
      expect(loadConfig({ ...development, NODE_ENV: value })).toMatchObject({
        nodeEnv: value,
        production: false,
      });
    expect(loadConfig(development).nodeEnv).toBe('development');
    expect(loadConfig({ ...development, NODE_ENV: '' }).nodeEnv).toBe('development');
  });

  it('refuses near misses that would quietly run as development', () => {
    for (const value of ['Production', 'prod', ' production', 'production ', 'PRODUCTION', 'dev'])
      expect(() => loadConfig({ ...production, NODE_ENV: value }), value).toThrow(
        `NODE_ENV must be production, development, test or unset, not ${JSON.stringify(value)}`,
      );
  });
});

describe('what production requires', () => {
  it('names SIWE_DOMAIN and METRICS_TOKEN when they are missing', () => {
    expect(() => loadConfig({ ...production, SIWE_DOMAIN: '' })).toThrow(
      /^NODE_ENV=production requires SIWE_DOMAIN \(the domain players sign registrations for\)/,
    );
    expect(() => loadConfig({ ...production, METRICS_TOKEN: undefined })).toThrow(
      'NODE_ENV=production requires METRICS_TOKEN (or METRICS=off to serve no /metrics)',
    );
    expect(() =>
      loadConfig({ ...production, SIWE_DOMAIN: undefined, METRICS_TOKEN: undefined }),
    ).toThrow(/requires SIWE_DOMAIN .*, METRICS_TOKEN/);
  });

  it('runs without METRICS_TOKEN only when metrics are switched off', () => {
    const off = loadConfig({ ...production, METRICS_TOKEN: undefined, METRICS: 'off' });
    expect(off).toMatchObject({ metricsEnabled: false, metricsToken: undefined });
    expect(loadConfig(production)).toMatchObject({ metricsEnabled: true });
    expect(() => loadConfig({ ...production, METRICS: 'no' })).toThrow(
      'METRICS must be on or off, not "no"',
    );
  });

  it('names SMTP_URL and PUBLIC_URL when they are missing, unless MAIL=off', () => {
    expect(() => loadConfig({ ...production, SMTP_URL: undefined })).toThrow(
      'NODE_ENV=production requires SMTP_URL (the mail server password recovery sends through, or MAIL=off)',
    );
    expect(() => loadConfig({ ...production, PUBLIC_URL: '' })).toThrow(
      "NODE_ENV=production requires PUBLIC_URL (the game's address, for links in mails, or MAIL=off)",
    );
    expect(() =>
      loadConfig({ ...production, SIWE_DOMAIN: undefined, SMTP_URL: '', PUBLIC_URL: undefined }),
    ).toThrow(/requires SIWE_DOMAIN .*, SMTP_URL .*, PUBLIC_URL /);
    const off = loadConfig({
      ...production,
      SMTP_URL: undefined,
      PUBLIC_URL: undefined,
      MAIL: 'off',
    });
    expect(off.mail.enabled).toBe(false);
    expect(loadConfig(production).mail).toMatchObject({
      enabled: true,
      smtpUrl: 'smtps://game:secret@smtp.example.org',
      publicUrl: 'https://game.example',
    });
  });

  it('needs neither outside production', () => {
    expect(loadConfig(development)).toMatchObject({
      siweDomain: undefined,
      metricsEnabled: true,
      metricsToken: undefined,
    });
  });

  it('refuses fewer than 3 payment confirmations unless the risk is accepted explicitly', () => {
    for (const n of ['1', '2'])
      expect(() => loadConfig({ ...production, PAYMENT_CONFIRMATIONS: n })).toThrow(
        new RegExp(`PAYMENT_CONFIRMATIONS=${n} is below 3.*PAYMENT_CONFIRMATIONS_ALLOW_LOW=1`),
      );
    const low = loadConfig({
      ...production,
      PAYMENT_CONFIRMATIONS: '1',
      PAYMENT_CONFIRMATIONS_ALLOW_LOW: '1',
    });
    expect(low.payments.confirmations).toBe(1);
    expect(() =>
      loadConfig({
        ...production,
        PAYMENT_CONFIRMATIONS: '1',
        PAYMENT_CONFIRMATIONS_ALLOW_LOW: 'yes',
      }),
    ).toThrow('PAYMENT_CONFIRMATIONS_ALLOW_LOW must be 1 or unset');
    expect(loadConfig({ ...production, PAYMENT_CONFIRMATIONS: '12' }).payments.confirmations).toBe(
      12,
    );
    // Development may confirm after one block (a local chain).
    const chain = { ...production, NODE_ENV: 'development', PAYMENT_PROVIDER: 'onchain' };
    expect(loadConfig({ ...chain, PAYMENT_CONFIRMATIONS: '1' }).payments.confirmations).toBe(1);
  });
});

describe('mail settings', () => {
  it('sends through SMTP_URL, or without it into DATA_DIR/outbox, from MAIL_FROM', () => {
    const dev = loadConfig({ ...development, PORT: '4100' });
    expect(dev.mail).toEqual({
      enabled: true,
      smtpUrl: undefined,
      from: 'Aleph <no-reply@localhost>',
      publicUrl: 'http://localhost:4100',
      outboxDir: '/nonexistent-test-data/outbox',
    });
    const smtp = loadConfig({
      ...development,
      SMTP_URL: 'smtp://127.0.0.1:2525',
      MAIL_FROM: 'Aleph <game@example.org>',
      PUBLIC_URL: 'https://game.example/',
    });
    expect(smtp.mail).toMatchObject({
      smtpUrl: 'smtp://127.0.0.1:2525',
      from: 'Aleph <game@example.org>',
      publicUrl: 'https://game.example',
    });
  });

  it('turns mail off with MAIL=off and refuses other MAIL values', () => {
    expect(loadConfig({ ...development, MAIL: 'off' }).mail.enabled).toBe(false);
    expect(loadConfig({ ...development, MAIL: 'on' }).mail.enabled).toBe(true);
    expect(loadConfig({ ...development, MAIL: '' }).mail.enabled).toBe(true);
    for (const value of ['no', 'OFF', 'false', '0'])
      expect(() => loadConfig({ ...development, MAIL: value }), value).toThrow(
        `MAIL must be on or off, not ${JSON.stringify(value)}`,
      );
  });

  it('refuses an SMTP_URL or PUBLIC_URL that is not one', () => {
    for (const value of ['smtp.example.org', 'http://smtp.example.org', 'smtp://', 'smtp:// x'])
      expect(() => loadConfig({ ...development, SMTP_URL: value }), value).toThrow(
        'SMTP_URL must be an smtp:// or smtps:// URL',
      );
    expect(() => loadConfig({ ...production, SMTP_URL: 'mail.example.org' })).toThrow(
      'SMTP_URL must be an smtp:// or smtps:// URL',
    );
    for (const value of ['game.example', 'ftp://game.example'])
      expect(() => loadConfig({ ...development, PUBLIC_URL: value }), value).toThrow(
        'PUBLIC_URL must be an http(s) URL',
      );
  });
});

describe('TRUST_PROXY', () => {
  const trust = (value: string | undefined) =>
    loadConfig({ ...development, TRUST_PROXY: value }).trustProxy;

  it('takes the load balancer addresses and CIDRs, IPv4 and IPv6', () => {
    expect(trust(undefined)).toEqual([]);
    expect(trust('')).toEqual([]);
    expect(trust('10.0.0.5')).toEqual(['10.0.0.5']);
    expect(trust(' 10.0.0.5, 10.0.1.0/24 ,::1,fd00::/8,2001:db8::7/128')).toEqual([
      '10.0.0.5',
      '10.0.1.0/24',
      '::1',
      'fd00::/8',
      '2001:db8::7/128',
    ]);
  });

  it('refuses "trust every hop", telling the operator to list the addresses', () => {
    for (const value of ['1', 'true', 'TRUE'])
      expect(() => trust(value), value).toThrow(
        /^TRUST_PROXY no longer accepts 1 or true .*List the load balancer addresses or CIDRs/,
      );
  });

  it('refuses entries that are not addresses or CIDRs, by name', () => {
    for (const bad of [
      '0',
      'loadbalancer',
      '10.0.0.300',
      '10.0.0.0/33',
      '::1/129',
      '10.0.0.1/',
      'fd00::/x',
      '10.0.0.1/8/8',
      '10.0.0.1,,10.0.0.2',
    ])
      expect(() => trust(bad), bad).toThrow(/^TRUST_PROXY: ".*" is not an IP address or CIDR/);
  });

  it('refuses entries that together trust every IPv4 or every IPv6 address, saying so', () => {
    const everyV4 = /^TRUST_PROXY: the entries together trust every IPv4 address/;
    const everyV6 = /^TRUST_PROXY: the entries together trust every IPv6 address/;
    for (const value of [
      '0.0.0.0/0',
      '10.0.0.1/0',
      '1.2.3.4/00',
      '0.0.0.0/1,128.0.0.0/1',
      '10.0.0.5, 128.0.0.0/1, 0.0.0.0/2, 64.0.0.0/2',
      '0.0.0.0/1,128.0.0.0/2,192.0.0.0/2',
      '::ffff:0:0/96',
      '::ffff:0.0.0.0/97,128.0.0.0/1',
      '::/1',
    ])
      expect(() => trust(value), value).toThrow(everyV4);
    for (const value of ['::/0', '2001:db8::/0', '::/1,8000::/1', '::/000']) {
      expect(() => trust(value), value).toThrow(everyV6);
    }
    // The message tells the operator what to list instead.
    expect(() => trust('0.0.0.0/0')).toThrow(/list only the load balancer/);
    // Near misses are still taken: one address short of all of them.
    expect(trust('0.0.0.0/1,128.0.0.0/2,192.0.0.0/3,224.0.0.0/4')).toHaveLength(4);
    expect(trust('2000::/3,4000::/2,8000::/1')).toHaveLength(3);
    expect(trust('0.0.0.0/1,::ffff:128.0.0.0/98')).toHaveLength(2);
  });

  it('never takes a value the server cannot start with', () => {
    const v4 = fc
      .tuple(
        fc.ipV4(),
        fc.oneof(
          fc.constant(''),
          fc.integer({ min: 0, max: 32 }).map((n) => `/${n}`),
        ),
      )
      .map(([a, p]) => a + p);
    const v6 = fc
      .tuple(
        fc.ipV6(),
        fc.oneof(
          fc.constant(''),
          fc.integer({ min: 0, max: 128 }).map((n) => `/${n}`),
        ),
      )
      .map(([a, p]) => a + p);
    fc.assert(
      fc.property(fc.array(fc.oneof(v4, v6), { minLength: 1, maxLength: 4 }), (entries) => {
        const raw = entries.join(',');
        let accepted: readonly string[];
        try {
          accepted = trust(raw);
        } catch (err) {
          expect((err as Error).message, raw).toMatch(/^TRUST_PROXY: /);
          return;
        }
        // Fastify compiles the list at start-up; it must not throw there.
        expect(() => Fastify({ trustProxy: [...accepted] }), raw).not.toThrow();
      }),
      { numRuns: 500, seed: 0x7b0c5 },
    );
  });
});

describe('HTTP_COMPRESSION', () => {
  it('is on unless set to off (behind a proxy that compresses, docs/operations.md)', () => {
    expect(loadConfig(development).httpCompression).toBe(true);
    expect(loadConfig({ ...development, HTTP_COMPRESSION: 'on' }).httpCompression).toBe(true);
    expect(loadConfig({ ...development, HTTP_COMPRESSION: 'off' }).httpCompression).toBe(false);
    for (const value of ['0', 'false', 'OFF', 'no'])
      expect(() => loadConfig({ ...development, HTTP_COMPRESSION: value }), value).toThrow(
        `HTTP_COMPRESSION must be on or off, not ${JSON.stringify(value)}`,
      );
  });
});

describe('REQUEST_TIMEOUT_MS and HEADERS_TIMEOUT_MS', () => {
  it('default to 30 s for a whole request and 10 s for its headers (docs/operations.md)', () => {
    expect(loadConfig(development)).toMatchObject({
      requestTimeoutMs: 30_000,
      headersTimeoutMs: 10_000,
    });
    expect(
      loadConfig({ ...development, REQUEST_TIMEOUT_MS: '60000', HEADERS_TIMEOUT_MS: '60000' }),
    ).toMatchObject({ requestTimeoutMs: 60_000, headersTimeoutMs: 60_000 });
  });

  it('cannot be turned off, and the headers never get longer than the whole request', () => {
    for (const value of ['0', '999'])
      expect(() => loadConfig({ ...development, REQUEST_TIMEOUT_MS: value }), value).toThrow(
        'REQUEST_TIMEOUT_MS must be at least 1000',
      );
    for (const value of ['0', '31000'])
      expect(() => loadConfig({ ...development, HEADERS_TIMEOUT_MS: value }), value).toThrow(
        'HEADERS_TIMEOUT_MS must be at least 1000 and at most REQUEST_TIMEOUT_MS',
      );
  });
});

describe('web push settings', () => {
  it('refuses production without the three VAPID settings, unless WEB_PUSH=off', () => {
    const { VAPID_PUBLIC_KEY: _p, VAPID_PRIVATE_KEY: _k, VAPID_SUBJECT: _s, ...bare } = production;
    expect(() => loadConfig(bare)).toThrow(
      'NODE_ENV=production requires VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT (web push keys: npx web-push generate-vapid-keys; or WEB_PUSH=off)',
    );
    expect(() => loadConfig({ ...production, VAPID_SUBJECT: '' })).toThrow(
      'NODE_ENV=production requires VAPID_SUBJECT (web push keys',
    );
    const off = loadConfig({ ...bare, WEB_PUSH: 'off' });
    expect(off.webPush.enabled).toBe(false);
    const on = loadConfig(production).webPush;
    expect(on).toMatchObject({ enabled: true, subject: 'mailto:ops@game.example' });
    expect(on.keys()).toEqual(vapid);
    expect(() => loadConfig({ ...production, WEB_PUSH: 'no' })).toThrow(
      'WEB_PUSH must be on or off, not "no"',
    );
  });

  it('refuses keys that are not a P-256 pair in base64url, or only one of them', () => {
    expect(() => loadConfig({ ...production, VAPID_PUBLIC_KEY: vapid.privateKey })).toThrow(
      /VAPID public key must be 65 bytes/,
    );
    expect(() => loadConfig({ ...production, VAPID_PRIVATE_KEY: `${vapid.privateKey}=` })).toThrow(
      /VAPID private key must be 32 bytes/,
    );
    expect(() => loadConfig({ ...development, VAPID_PUBLIC_KEY: vapid.publicKey })).toThrow(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither',
    );
  });

  it('takes a mailto: or https: subject, by default the address mail is sent from', () => {
    for (const bad of ['ops@game.example', 'http://game.example', 'mailto'])
      expect(() => loadConfig({ ...production, VAPID_SUBJECT: bad }), bad).toThrow(
        `VAPID_SUBJECT must be a mailto: or https: URL, not ${JSON.stringify(bad)}`,
      );
    expect(
      loadConfig({ ...production, VAPID_SUBJECT: 'https://game.example/contact' }).webPush,
    ).toMatchObject({ subject: 'https://game.example/contact' });
    expect(loadConfig(development).webPush.subject).toBe('mailto:no-reply@localhost');
    const from = { ...development, MAIL_FROM: 'Aleph <game@play.example>' };
    expect(loadConfig(from).webPush.subject).toBe('mailto:game@play.example');
  });

  it('generates development keys once into DATA_DIR, and test keys in memory only', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vapid-'));
    try {
      const a = loadConfig({ ...development, DATA_DIR: dir }).webPush.keys();
      const file = path.join(dir, 'vapid-keys.json');
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(a);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      // A second start (a new load) reads the same pair: browsers' subscriptions stay valid.
      expect(loadConfig({ ...development, DATA_DIR: dir }).webPush.keys()).toEqual(a);
      expect(Buffer.from(a.publicKey, 'base64url')).toHaveLength(65);
      expect(Buffer.from(a.privateKey, 'base64url')).toHaveLength(32);

      const tests = path.join(dir, 'test');
      const t = loadConfig({ ...development, DATA_DIR: tests, GAME_TEST_MODE: '1' }).webPush;
      expect(t.keys()).not.toEqual(a);
      expect(t.keys()).toEqual(t.keys());
      const n = loadConfig({ ...development, DATA_DIR: tests, NODE_ENV: 'test' }).webPush;
      expect(n.keys().publicKey).toHaveLength(87);
      expect(existsSync(tests)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
