import http from 'node:http';
import https from 'node:https';
import webPush from 'web-push';
import { systemClock, type Clock } from '../../lib/clock.js';

/**
 * Sends one push to one browser's push service (docs/api.md, "Web push"): the payload encrypted
 * for the device (aes128gcm), signed for the push service with our VAPID key, over connections
 * kept open per push service. It answers what the push service answered and leaves retrying,
 * forgetting gone devices and waiting out Retry-After to the caller.
 */

/** A stored subscription: where to send and the keys the browser gave. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface SendResult {
  /**
   * The push service's status (201: accepted); 0 when none answered: a network error, a
   * timeout, or a push that could not be made (`error` says which).
   */
  status: number;
  /** Retry-After (seconds or an HTTP date) in milliseconds from now; null without one. */
  retryAfterMs: number | null;
  /** Why it failed, for the log; null when accepted. */
  error: string | null;
}

export interface PushSendOptions {
  /** How long the push service keeps the push for an offline device (0: deliver now or drop). */
  ttlSeconds: number;
  urgency?: 'normal' | 'high';
  /** A later push with the same topic replaces one still waiting on the push service. */
  topic?: string;
}

export interface PushSender {
  /**
   * Never rejects: whatever goes wrong comes back as a result, so that one device's failure
   * cannot fail the other pushes of a worker's batch.
   */
  send(target: PushTarget, payload: string, options: PushSendOptions): Promise<SendResult>;
  /** Closes the kept-open connections. */
  close(): Promise<void>;
}

export interface VapidDetails {
  publicKey: string;
  privateKey: string;
  /** A mailto: or https: contact for the push services (config.webPush.subject). */
  subject: string;
}

export interface PushSenderOptions {
  /** A push with no answer within this long fails with status 0. */
  timeoutMs?: number;
  /**
   * The real time, never a game clock moved by tests: the push service checks the JWT's expiry
   * against its own clock. Tests of the header's renewal move it.
   */
  wallClock?: Clock;
}

export const PUSH_SEND_TIMEOUT_MS = 10_000;
/**
 * A VAPID JWT lasts 12 h (RFC 8292 allows up to 24) and is renewed after 6: one signature per
 * push service every 6 hours instead of one per push, never one near its expiry.
 */
export const VAPID_JWT_SECONDS = 12 * 60 * 60;
export const VAPID_RENEW_AFTER_MS = 6 * 60 * 60 * 1000;
/**
 * Connections open to one push service at most: as many as one worker has pushes in flight
 * (PUSH_CONFIG.concurrency), who mostly all go to one push service (the browsers' few).
 */
const SOCKETS_PER_SERVICE = 64;
/** Of a refusal's body, what goes into `error` (push services explain refusals in it). */
const ERROR_BODY_CHARS = 200;
const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;

/** Retry-After as milliseconds from `now`: delay-seconds or an HTTP date (RFC 9110). */
export function parseRetryAfter(value: string | undefined, now: number): number | null {
  if (value === undefined) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Every HTTP date form starts with the day's name; Date.parse alone takes '-5' as a year.
  const at = /^[A-Za-z]{3}/.test(text) ? Date.parse(text) : NaN;
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

const failure = (error: string): SendResult => ({ status: 0, retryAfterMs: null, error });

export function createPushSender(
  vapid: VapidDetails,
  { timeoutMs = PUSH_SEND_TIMEOUT_MS, wallClock = systemClock }: PushSenderOptions = {},
): PushSender {
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: SOCKETS_PER_SERVICE }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: SOCKETS_PER_SERVICE }),
  };
  const headers = new Map<string, { authorization: string; renewAt: number }>();
  let closed = false;

  /** The Authorization header for a push service, signed once per origin and renewal. */
  function authorization(origin: string): string {
    const now = wallClock.now().getTime();
    const cached = headers.get(origin);
    if (cached && now < cached.renewAt) return cached.authorization;
    const expires = Math.floor(now / 1000) + VAPID_JWT_SECONDS;
    const authorization = webPush.getVapidHeaders(
      origin,
      vapid.subject,
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
      expires,
    ).Authorization;
    headers.set(origin, { authorization, renewAt: now + VAPID_RENEW_AFTER_MS });
    return authorization;
  }

  function post(url: URL, head: http.OutgoingHttpHeaders, body: Buffer, retried: boolean) {
    const protocol = url.protocol as keyof typeof agents;
    const request = protocol === 'https:' ? https.request : http.request;
    return new Promise<SendResult>((resolve) => {
      let done = false;
      const finish = (result: SendResult) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        resolve(result);
      };
      const req = request(
        url,
        { method: 'POST', agent: agents[protocol], headers: head },
        (res) => {
          const status = res.statusCode ?? 0;
          const accepted = status >= 200 && status < 300;
          let text = '';
          res.setEncoding('utf8');
          // Read to the end even when accepted: only then does the connection go back to the pool.
          res.on('data', (chunk: string) => {
            if (!accepted && text.length < ERROR_BODY_CHARS) text += chunk;
          });
          res.on('end', () => {
            const retryAfter = res.headers['retry-after'];
            finish({
              status,
              retryAfterMs: parseRetryAfter(retryAfter, wallClock.now().getTime()),
              error: accepted
                ? null
                : `${status} ${res.statusMessage ?? ''}${text ? `: ${text.slice(0, ERROR_BODY_CHARS)}` : ''}`.trim(),
            });
          });
          res.on('error', (err) => finish(failure(err.message)));
          // Closed before its end (the timeout, or the push service hung up mid-answer).
          res.on('close', () => finish(failure('the answer was cut off')));
        },
      );
      const timer = setTimeout(
        () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)),
        timeoutMs,
      );
      req.on('error', (err: NodeJS.ErrnoException) => {
        // A kept-open connection the push service had just closed: send once more on a new one
        // (the push service had not read the push, so it is not sent twice).
        if (!done && !retried && req.reusedSocket && err.code === 'ECONNRESET') {
          done = true;
          clearTimeout(timer);
          resolve(post(url, head, body, true));
          return;
        }
        finish(failure(err.code ? `${err.code}: ${err.message}` : err.message));
      });
      req.end(body);
    });
  }

  return {
    async send(target, payload, options) {
      if (!Number.isInteger(options.ttlSeconds) || options.ttlSeconds < 0)
        return failure(
          `not sent: ttlSeconds must be a non-negative integer, not ${options.ttlSeconds}`,
        );
      if (options.topic !== undefined && !TOPIC.test(options.topic))
        return failure(`not sent: a topic is 1 to 32 base64url characters, not ${options.topic}`);
      if (closed) return failure('the sender is closed');
      let url: URL;
      try {
        url = new URL(target.endpoint);
      } catch {
        return failure('the endpoint is not a URL');
      }
      if (url.protocol !== 'https:' && url.protocol !== 'http:')
        return failure(`the endpoint is not http(s): ${url.protocol}`);
      let body: Buffer;
      try {
        body = webPush.encrypt(target.p256dh, target.auth, payload, 'aes128gcm').cipherText;
      } catch (err) {
        // A p256dh of the right length that is no point on P-256 gets this far.
        return failure(`not sent: ${(err as Error).message}`);
      }
      const head: http.OutgoingHttpHeaders = {
        authorization: authorization(url.origin),
        ttl: String(options.ttlSeconds),
        urgency: options.urgency ?? 'normal',
        'content-encoding': 'aes128gcm',
        'content-type': 'application/octet-stream',
        'content-length': String(body.length),
      };
      if (options.topic !== undefined) head.topic = options.topic;
      return post(url, head, body, false);
    },
    async close() {
      closed = true;
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}
