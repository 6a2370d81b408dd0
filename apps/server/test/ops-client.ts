import type { FastifyInstance } from 'fastify';
import { createSiweMessage } from 'viem/siwe';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { TEST_DOMAIN, uniqueLogin } from './helpers.js';

export interface HttpAnswer {
  status: number;
  body: unknown;
  text: string;
  headers: Record<string, string>;
  setCookies: string[];
}

type Method = 'GET' | 'POST';
interface SendOptions {
  body?: unknown;
  headers?: Record<string, string>;
}

/** Something that answers HTTP: a server process (fetch) or an in-process app (inject). */
export interface Target {
  name: string;
  send(method: Method, url: string, options?: SendOptions): Promise<HttpAnswer>;
}

function parseBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

export function processTarget(name: string, baseUrl: string, timeoutMs = 15_000): Target {
  return {
    name,
    async send(method, url, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(`${baseUrl}${url}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await res.text();
      return {
        status: res.status,
        body: parseBody(text),
        text,
        headers: Object.fromEntries(res.headers),
        setCookies: res.headers.getSetCookie(),
      };
    },
  };
}

export function appTarget(name: string, app: FastifyInstance): Target {
  return {
    name,
    async send(method, url, options = {}) {
      const res = await app.inject({
        method,
        url,
        headers: options.headers,
        ...(options.body === undefined ? {} : { payload: options.body as object }),
      });
      const raw = res.headers['set-cookie'];
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k] = String(v);
      return {
        status: res.statusCode,
        body: parseBody(res.body),
        text: res.body,
        headers,
        setCookies: raw === undefined ? [] : Array.isArray(raw) ? raw : [raw],
      };
    },
  };
}

let clients = 0;

/** A browser of one player: its own cookie jar and client address (X-Forwarded-For). */
export class Player {
  readonly jar = new Map<string, string>();
  readonly address: string;
  constructor(
    readonly username = uniqueLogin('ops'),
    readonly password = 'correct horse battery',
  ) {
    clients += 1;
    this.address = `10.${(process.pid >> 8) % 250}.${Math.floor(clients / 250) % 250}.${(clients % 250) + 1}`;
  }

  get cookie(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** Remembers the Set-Cookie answers as a browser would, deletions included. */
  keep(setCookies: readonly string[]) {
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => {
        const [k, v] = a.trim().split('=');
        if (k?.toLowerCase() === 'max-age') return Number(v) <= 0;
        if (k?.toLowerCase() === 'expires') return new Date(v ?? '').getTime() < Date.now();
        return false;
      });
      if (value === '' || expired) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  async call(target: Target, method: Method, url: string, body?: unknown): Promise<HttpAnswer> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.address };
    if (this.jar.size > 0) headers.cookie = this.cookie;
    const answer = await target.send(method, url, { body, headers });
    this.keep(answer.setCookies);
    return answer;
  }

  /** Signs a real EIP-4361 message with a fresh wallet, registers, then logs in. */
  async register(target: Target): Promise<void> {
    const account = privateKeyToAccount(generatePrivateKey());
    const nonce = await this.call(target, 'GET', '/abwab/nonce');
    const clock = await target.send('GET', '/__test/clock');
    const message = createSiweMessage({
      domain: TEST_DOMAIN,
      address: account.address,
      statement: 'Sign to register',
      uri: `https://${TEST_DOMAIN}`,
      version: '1',
      chainId: 1,
      nonce: (nonce.body as { nonce: string }).nonce,
      issuedAt: new Date((clock.body as { now: string }).now),
    });
    const signature = await account.signMessage({ message });
    const reg = await this.call(target, 'POST', '/abwab/register', {
      login: this.username,
      email: `${this.username}@example.com`,
      address: account.address,
      signature,
      password: this.password,
      message,
    });
    if (reg.status !== 201)
      throw new Error(`register on ${target.name}: ${reg.status} ${reg.text}`);
  }

  async login(target: Target, password = this.password): Promise<HttpAnswer> {
    return this.call(target, 'POST', '/abwab/login', { username: this.username, password });
  }

  async signUp(target: Target): Promise<this> {
    await this.register(target);
    const res = await this.login(target);
    if (res.status !== 200) throw new Error(`login on ${target.name}: ${res.status} ${res.text}`);
    return this;
  }
}

export async function advanceClock(target: Target, ms: number): Promise<void> {
  const res = await target.send('POST', '/__test/clock', { body: { advanceMs: ms } });
  if (res.status !== 200) throw new Error(`clock on ${target.name}: ${res.status} ${res.text}`);
}

export async function scrape(target: Target, token?: string): Promise<HttpAnswer> {
  return target.send('GET', '/metrics', {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/** The value of one series in Prometheus text, or undefined when absent. */
export function sample(text: string, name: string, labels: Record<string, string> = {}) {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[3] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[4]);
  }
  return undefined;
}
