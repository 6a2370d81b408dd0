import type { LightMyRequestResponse } from 'fastify';
import { createSiweMessage } from 'viem/siwe';
import { privateKeyToAccount } from 'viem/accounts';
import { createRng } from '@aleph/rules';
import type { SimWorld } from './world.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A refused write: what a sensible policy should never meet. */
export interface Refusal {
  at: number;
  url: string;
  status: number;
  code: string;
  message: string;
}

/**
 * One player's browser, reduced to what the API sees: the session cookies, a refresh when the
 * access token has expired (as the web app does after a 401), and a log of refusals.
 */
export class SimClient {
  private cookie = '';
  readonly refusals: Refusal[] = [];
  requests = 0;
  /** Writes that changed something (2xx), so a caller knows when its view went stale. */
  writes = 0;
  private keyCounter = 0;

  constructor(
    private readonly world: SimWorld,
    readonly login: string,
    private readonly password = 'correct horse battery',
  ) {}

  /** A wallet of its own (derived from the login, so a run replays), then register and log in. */
  async register(seed: number): Promise<void> {
    const rng = createRng(`wallet:${seed}:${this.login}`);
    const hex = Array.from({ length: 64 }, () => '0123456789abcdef'[rng.int(0, 15)]).join('');
    const account = privateKeyToAccount(`0x${hex}`);
    const { nonce } = (await this.raw('GET', '/abwab/nonce')).json() as { nonce: string };
    const message = createSiweMessage({
      domain: 'sim.test',
      address: account.address,
      statement: 'Sign to register',
      uri: 'https://sim.test',
      version: '1',
      chainId: this.world.app.deps.config.payments.chainId ?? 1,
      nonce,
      issuedAt: new Date(this.world.now()),
    });
    const signature = await account.signMessage({ message });
    const res = await this.raw('POST', '/abwab/register', {
      login: this.login,
      email: `${this.login}@sim.test`,
      address: account.address,
      signature,
      password: this.password,
      message,
    });
    if (res.statusCode !== 201) throw new Error(`register: ${res.statusCode} ${res.body}`);
    await this.logIn();
  }

  private async logIn(): Promise<void> {
    const res = await this.raw('POST', '/abwab/login', {
      username: this.login,
      password: this.password,
    });
    if (res.statusCode !== 200) throw new Error(`login: ${res.statusCode} ${res.body}`);
  }

  /** Coming back to the tab: the refresh token gives a new access token, or log in again. */
  async resume(): Promise<void> {
    const res = await this.raw('POST', '/abwab/refresh');
    if (res.statusCode !== 200) await this.logIn();
  }

  idempotencyKey(what: string): string {
    this.keyCounter += 1;
    return `sim-${what}-${this.keyCounter}`;
  }

  async get<T>(url: string): Promise<T> {
    const res = await this.raw('GET', url);
    if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
    return res.json() as T;
  }

  /** A write; a refusal (4xx) is logged and answered as null, anything else unexpected throws. */
  async write<T>(
    method: Method,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T | null> {
    const res = await this.raw(method, url, payload, headers);
    if (res.statusCode >= 200 && res.statusCode < 300) {
      this.writes += 1;
      return (res.body ? res.json() : null) as T;
    }
    if (res.statusCode >= 400 && res.statusCode < 500) {
      const body = res.json() as { code?: string; message?: string };
      this.refusals.push({
        at: this.world.now(),
        url,
        status: res.statusCode,
        code: body.code ?? String(res.statusCode),
        message: body.message ?? '',
      });
      return null;
    }
    throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  }

  private async raw(
    method: Method,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    this.requests += 1;
    const res = await this.world.app.inject({
      method,
      url,
      headers: { cookie: this.cookie, ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    this.keepCookies(res);
    return res;
  }

  private keepCookies(res: LightMyRequestResponse) {
    const jar = new Map<string, string>();
    for (const part of this.cookie.split('; ').filter(Boolean)) {
      const [k, ...v] = part.split('=');
      if (k) jar.set(k, v.join('='));
    }
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number }>) {
      if (c.value === '' || c.maxAge === 0) jar.delete(c.name);
      else jar.set(c.name, c.value);
    }
    this.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}
