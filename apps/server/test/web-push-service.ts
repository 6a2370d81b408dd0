import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service on 127.0.0.1 for tests, standing in for the one a browser subscribes with
 * (docs/api.md, "Web push"). It checks a push as a real one does (the VAPID JWT and its key,
 * the headers, the encryption), decrypts what it accepts with the device's keys, and answers
 * what a test scripts: 404, 410, 429 with Retry-After, 500.
 */

/** A browser's subscription: `{ endpoint, keys }` is the body of POST /athar/push/subscriptions. */
export interface PushDevice {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** A push the service accepted (201), decrypted. */
export interface ReceivedPush {
  deviceId: string;
  /** The decrypted text parsed as JSON; null when it is not JSON. */
  payload: unknown;
  text: string;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  jwt: { aud: string; exp: number; sub: string };
  /** The JWT as sent: the same text on two pushes means the sender reused its header. */
  token: string;
  /** Date.now() when it arrived. */
  at: number;
}

/** One request as answered; `error` says why the service refused it (null: accepted or scripted). */
export interface PushRequest {
  deviceId: string;
  status: number;
  error: string | null;
}

export type ScriptedAnswer = number | { status: number; retryAfter?: string };

export interface PushService {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** A new browser: a P-256 key pair and 16 random auth bytes, endpoint `${origin}/push/<id>`. */
  newDevice(): PushDevice;
  /** The next requests to this device get these answers, in order; then 201 again. */
  answer(deviceId: string, ...next: ScriptedAnswer[]): void;
  /** The device unsubscribed: every later request to it gets 410. */
  forget(deviceId: string): void;
  /** Accepted (201) pushes, decrypted, in order of arrival. */
  received(deviceId?: string): ReceivedPush[];
  /** Every request with its answer, in order of arrival. */
  requests(deviceId?: string): PushRequest[];
  /** Resolves once `count` pushes were accepted (for the device, or in all); rejects after `timeoutMs`. */
  waitFor(count: number, deviceId?: string, timeoutMs?: number): Promise<ReceivedPush[]>;
  /** From now on a push's VAPID key (the JWT's k) must be this one, as the browser subscribed with it. */
  expectKey(vapidPublicKey: string): void;
  close(): Promise<void>;
}

interface Device {
  id: string;
  ecdh: ECDH;
  publicKey: Buffer;
  auth: Buffer;
  forgotten: boolean;
  script: ScriptedAnswer[];
}

/** A refusal: the status to answer and the reason recorded. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    reason: string,
  ) {
    super(reason);
  }
}

/** The most a push service takes in one push (RFC 8030 lets it refuse more; browsers' take 4 KB). */
const MAX_BODY = 4096;
/** RFC 8292: a JWT may be valid for at most 24 hours. */
const MAX_JWT_SECONDS = 24 * 60 * 60;
const URGENCIES = new Set(['very-low', 'low', 'normal', 'high']);
const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

const b64 = (text: string) => Buffer.from(text, 'base64url');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The parameters of `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292). */
function vapidParams(header: string | undefined): { t: string; k: string } {
  const match = /^vapid\s+(.*)$/i.exec(header ?? '');
  if (!match) throw new Refusal(401, 'no vapid Authorization header');
  const params = new Map<string, string>();
  for (const part of match[1]!.split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) params.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim());
  }
  const t = params.get('t');
  const k = params.get('k');
  if (!t || !k) throw new Refusal(401, 'the vapid Authorization header lacks t or k');
  return { t, k };
}

/** Checks the JWT as RFC 8292 asks: signed with k (ES256), for this origin, unexpired. */
function checkJwt(t: string, k: string, origin: string, expectedKey: string | null) {
  const raw = BASE64URL.test(k) ? b64(k) : Buffer.alloc(0);
  if (raw.length !== 65 || raw[0] !== 0x04)
    throw new Refusal(401, 'k is not an uncompressed P-256 public key');
  if (expectedKey !== null && k.replace(/=+$/, '') !== expectedKey.replace(/=+$/, ''))
    throw new Refusal(401, 'k is not the key the device subscribed with');
  const parts = t.split('.');
  if (parts.length !== 3 || !parts.every((p) => BASE64URL.test(p)))
    throw new Refusal(401, 'the JWT is not three base64url parts');
  const [head, body, signature] = parts as [string, string, string];
  const header = parseJson(b64(head).toString('utf8')) as { alg?: unknown } | null;
  if (header?.alg !== 'ES256') throw new Refusal(401, 'the JWT is not ES256');
  let signed: boolean;
  try {
    const key = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    signed = verify(
      'sha256',
      Buffer.from(`${head}.${body}`),
      { key, dsaEncoding: 'ieee-p1363' },
      b64(signature),
    );
  } catch {
    signed = false;
  }
  if (!signed) throw new Refusal(401, 'the JWT signature does not verify with k');
  const claims = parseJson(b64(body).toString('utf8')) as Record<string, unknown> | null;
  const { aud, exp, sub } = claims ?? {};
  if (aud !== origin) throw new Refusal(401, `the JWT aud is not ${origin}`);
  const now = Date.now() / 1000;
  if (typeof exp !== 'number' || exp <= now) throw new Refusal(401, 'the JWT has expired');
  if (exp > now + MAX_JWT_SECONDS) throw new Refusal(401, 'the JWT exp is more than 24 h ahead');
  if (typeof sub !== 'string' || !/^(mailto|https):/.test(sub))
    throw new Refusal(401, 'the JWT sub is not a mailto: or https: URL');
  return { aud, exp, sub };
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** Decrypts an aes128gcm push (RFC 8291 keys, RFC 8188 framing) with the device's keys. */
function decrypt(device: Device, body: Buffer): string {
  if (body.length < 21) throw new Refusal(400, 'the body is shorter than its header');
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  if (idlen !== 65) throw new Refusal(400, 'the keyid is not a 65-byte public key');
  const senderKey = body.subarray(21, 86);
  const record = body.subarray(86);
  if (rs < 18) throw new Refusal(400, 'rs is below 18');
  // RFC 8291: a push is one record.
  if (record.length > rs || record.length < 17)
    throw new Refusal(400, 'the body is not one record');
  let secret: Buffer;
  try {
    secret = device.ecdh.computeSecret(senderKey);
  } catch {
    throw new Refusal(400, 'the keyid is not a point on P-256');
  }
  const ikm = hkdf(
    device.auth,
    secret,
    Buffer.concat([Buffer.from('WebPush: info\0'), device.publicKey, senderKey]),
    32,
  );
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  let plain: Buffer;
  try {
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    plain = Buffer.concat([
      decipher.update(record.subarray(0, record.length - 16)),
      decipher.final(),
    ]);
  } catch {
    throw new Refusal(400, 'decryption failed');
  }
  // The text, then the last record's delimiter 0x02, then zero padding.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (end < 0 || plain[end] !== 2) throw new Refusal(400, 'no final-record delimiter');
  return plain.subarray(0, end).toString('utf8');
}

function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // Past the limit the rest is read and dropped, so that the answer can still be sent.
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_BODY ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Starts the service on a free port. Close it in the test's afterAll. */
export async function startPushService(): Promise<PushService> {
  const devices = new Map<string, Device>();
  const received: ReceivedPush[] = [];
  const requests: PushRequest[] = [];
  const waiters = new Set<() => void>();
  let expectedKey: string | null = null;
  let origin = '';
  let serial = 0;

  function accept(device: Device, req: IncomingMessage, body: Buffer) {
    const { t, k } = vapidParams(req.headers.authorization);
    const jwt = checkJwt(t, k, origin, expectedKey);
    const ttlText = req.headers.ttl;
    if (typeof ttlText !== 'string' || !/^\d+$/.test(ttlText))
      throw new Refusal(400, 'no TTL header (a non-negative integer)');
    const urgency = req.headers.urgency ?? null;
    if (urgency !== null && (typeof urgency !== 'string' || !URGENCIES.has(urgency)))
      throw new Refusal(400, 'Urgency is not very-low, low, normal or high');
    const topic = req.headers.topic ?? null;
    if (topic !== null && (typeof topic !== 'string' || !TOPIC.test(topic)))
      throw new Refusal(400, 'Topic is not 1 to 32 base64url characters');
    if (req.headers['content-encoding'] !== 'aes128gcm')
      throw new Refusal(400, 'Content-Encoding is not aes128gcm');
    const text = decrypt(device, body);
    return {
      deviceId: device.id,
      payload: parseJson(text),
      text,
      ttl: Number(ttlText),
      urgency,
      topic,
      jwt,
      token: t,
      at: Date.now(),
    } satisfies ReceivedPush;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const body = await readBody(req);
    const deviceId = /^\/push\/([^/?]+)$/.exec(req.url ?? '')?.[1] ?? '';
    const reply = (status: number, error: string | null, headers: Record<string, string> = {}) => {
      requests.push({ deviceId, status, error });
      res.writeHead(status, headers).end(error ?? '');
    };
    const device = devices.get(deviceId);
    if (req.method !== 'POST') return reply(405, 'not a POST');
    if (!device) return reply(404, 'no such subscription');
    if (device.forgotten) return reply(410, 'the subscription is gone');
    if (body === null) return reply(413, `the body is over ${MAX_BODY} bytes`);
    let push: ReceivedPush;
    try {
      push = accept(device, req, body);
    } catch (err) {
      if (err instanceof Refusal) return reply(err.status, err.message);
      throw err;
    }
    const scripted = device.script.shift();
    if (
      scripted !== undefined &&
      (typeof scripted === 'number' ? scripted : scripted.status) !== 201
    ) {
      const { status, retryAfter } = typeof scripted === 'number' ? { status: scripted } : scripted;
      return reply(status, null, retryAfter === undefined ? {} : { 'retry-after': retryAfter });
    }
    received.push(push);
    reply(201, null, { location: `${origin}/message/${++serial}` });
    for (const waiter of [...waiters]) waiter();
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      requests.push({ deviceId: '', status: 500, error: String(err) });
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const of = <T extends { deviceId: string }>(rows: T[], deviceId?: string) =>
    deviceId === undefined ? [...rows] : rows.filter((r) => r.deviceId === deviceId);

  return {
    origin,
    newDevice() {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomBytes(12).toString('base64url');
      devices.set(id, { id, ecdh, publicKey, auth, forgotten: false, script: [] });
      return {
        id,
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    answer(deviceId, ...next) {
      const device = devices.get(deviceId);
      if (!device) throw new Error(`no device ${deviceId}`);
      device.script.push(...next);
    },
    forget(deviceId) {
      const device = devices.get(deviceId);
      if (!device) throw new Error(`no device ${deviceId}`);
      device.forgotten = true;
    },
    received: (deviceId) => of(received, deviceId),
    requests: (deviceId) => of(requests, deviceId),
    waitFor(count, deviceId, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const rows = of(received, deviceId);
          if (rows.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(rows);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          const rows = of(received, deviceId);
          reject(
            new Error(
              `${rows.length} of ${count} pushes within ${timeoutMs} ms; requests: ${JSON.stringify(of(requests, deviceId))}`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    expectKey(vapidPublicKey) {
      expectedKey = vapidPublicKey;
    },
    async close() {
      // Senders keep connections alive: close them, or close() waits for their idle timeout.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
