import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { trustedPeer } from '../config-checks.js';

/** A request no route matched (404): never the raw URL, which would make a series per URL. */
export const UNMATCHED_ROUTE = '<unmatched>';

interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  code?: string;
  statusCode?: number;
  cause?: SerializedError;
}

/**
 * Errors as JSON with their stack and cause chain. A failed Drizzle query repeats its
 * parameters in its message and stack (emails, password hashes, message bodies): they are cut,
 * the query text stays.
 */
export function serializeError(err: unknown, depth = 0): SerializedError {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err) };
  const e = err as Error & { code?: unknown; statusCode?: unknown; query?: unknown };
  let message = e.message;
  let stack = e.stack;
  if (typeof e.query === 'string' && 'params' in e) {
    const safe = `Failed query: ${e.query}`;
    stack = stack?.replace(message, () => `${safe} (parameters not logged)`);
    message = safe;
  }
  return {
    type: e.constructor?.name ?? e.name,
    message,
    ...(stack ? { stack } : {}),
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    ...(typeof e.statusCode === 'number' ? { statusCode: e.statusCode } : {}),
    ...(e.cause !== undefined && depth < 4 ? { cause: serializeError(e.cause, depth + 1) } : {}),
  };
}

/** pino options for the server: JSON lines, errors with their stack. */
export function loggerOptions(level: string) {
  return { level, serializers: { err: serializeError } };
}

/**
 * One access-log line per request, when its answer is sent, instead of Fastify's pair of
 * lines (incoming, completed) whose completion line does not name the route. 5xx answers are
 * logged at warn (the error itself is logged by the error handler, with its stack).
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const statusCode = reply.statusCode;
    const line = {
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      method: request.method,
      url: request.url,
      statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (statusCode >= 500) reply.log.warn(line, 'request completed');
    else reply.log.info(line, 'request completed');
  }
}

const SAFE_ID = /^[\w.:-]{1,128}$/;

/**
 * Request ids unique across processes (Fastify's default counter restarts at req-1 in each).
 * From a trusted proxy (TRUST_PROXY), its X-Request-Id is kept so both logs can be joined;
 * anyone else's is replaced.
 */
export function requestIdGenerator(trustProxy: readonly string[]) {
  const trusted = trustedPeer(trustProxy);
  return (req: IncomingMessage): string => {
    const given = trusted(req.socket?.remoteAddress) ? req.headers['x-request-id'] : undefined;
    return typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
  };
}
