import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode, EVENTS_PATH } from '@aleph/contracts';
import { badRequest } from '../../lib/errors.js';
import { authOf, requireSession } from '../../core/session.js';
import { takeOverStream } from './stream-sink.js';

const DECIMAL = /^\d{1,15}$/;

/**
 * The client's last event id: the `Last-Event-ID` header a reconnecting EventSource sends,
 * else the `lastEventId` query parameter (a client that cannot set headers). A non-negative
 * decimal integer, else 400 naming the field.
 */
function lastEventIdOf(request: FastifyRequest): number | null {
  const header = request.headers['last-event-id'];
  const query = (request.query as Record<string, unknown> | undefined)?.lastEventId;
  const [value, field] = header !== undefined ? [header, 'Last-Event-ID'] : [query, 'lastEventId'];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !DECIMAL.test(value.trim()))
    throw badRequest(ErrorCode.validation, `${field} must be a non-negative integer.`, field);
  return Number(value.trim());
}

/**
 * Fastify completes a request (its onResponse hooks: the access log, the metrics) when the
 * response finishes, and keeps its request and reply objects until then: for a stream, hours.
 * The stream's request counts as answered once its head is sent, and Fastify lets go of it;
 * the hub keeps only the raw response (docs/operations.md, "Push"). Should Fastify rename its
 * listener, nothing breaks: the objects just live as long as the stream.
 */
function finishEarly(res: ServerResponse) {
  for (const listener of res.listeners('finish'))
    if (listener.name === 'onResFinished') (listener as () => void)();
}

/** The app's headers an event stream keeps (docs/operations.md, "Push streams"). */
const STREAM_HEADERS = [
  'x-content-type-options',
  'strict-transport-security',
  'cross-origin-resource-policy',
  'x-request-id',
] as const;

/**
 * `GET /events`: the signed-in player's Server-Sent Events stream (docs/api.md, "Push"). The
 * session is checked as for every player route (401 without one), but nothing is settled
 * first. The response is then taken over from Fastify and handed to the process's hub.
 */
export async function eventRoutes(app: FastifyInstance) {
  requireSession(app);
  // Never compressed (a compressor holds bytes back), and no HEAD twin, which would hold a
  // connection with nothing to send; unknown paths under it answer JSON 404 (isApiPath), not the SPA.
  app.get(EVENTS_PATH, { compress: false, exposeHeadRoute: false }, async (request, reply) => {
    const lastEventId = lastEventIdOf(request);
    const owner = authOf(request);
    // Of the headers the app's hooks set, only those that mean something for an event stream:
    // Node keeps a response's header block for as long as the response lives, and the page
    // policies (CSP and the like, about 1.5 KB) would cost that much per open stream.
    const set = reply.getHeaders();
    const headers: Record<string, string | number | string[]> = {};
    for (const name of STREAM_HEADERS) {
      const value = set[name];
      if (value !== undefined) headers[name] = value;
    }
    Object.assign(headers, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      // The hub takes the connection over and closes it when the stream ends: a client must
      // not pool it for its next request, which would otherwise race the server's close and
      // fail ("other side closed") when it is sent just as the stream ends.
      connection: 'close',
    });
    reply.hijack();
    reply.raw.writeHead(200, headers);
    const sink = takeOverStream(reply.raw);
    finishEarly(reply.raw);
    await app.deps.events.open(sink, owner, lastEventId);
  });
}
