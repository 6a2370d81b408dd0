import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, type ErrorBody } from '@aleph/contracts';
import { AppError, unsupportedMediaType, type ErrorExtra } from './errors.js';
import { applySecurityHeaders } from './http-hardening.js';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function sendError(
  reply: FastifyReply,
  statusCode: number,
  code: string,
  message: string,
  field?: string,
  extra?: ErrorExtra,
) {
  const body: ErrorBody = {
    statusCode,
    error: STATUS_TEXT[statusCode] ?? 'Error',
    message,
    code,
    ...(field ? { field } : {}),
    ...extra,
  };
  return reply.status(statusCode).type('application/json').send(body);
}

interface ValidationIssue {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** The first top-level property a validation error concerns, so the body can name the field. */
export function fieldOf(issue: ValidationIssue): string | undefined {
  const params = issue.params ?? {};
  const missing =
    (params.missingProperty as string | undefined) ??
    (Array.isArray(params.requiredProperties)
      ? (params.requiredProperties[0] as string)
      : undefined) ??
    (Array.isArray(params.additionalProperties)
      ? (params.additionalProperties[0] as string)
      : (params.additionalProperty as string | undefined));
  const path = (issue.instancePath ?? '').split('/').filter(Boolean);
  return path[0] ?? missing;
}

function describe(issue: ValidationIssue, context: string | undefined, field: string | undefined) {
  if (issue.keyword === 'required') return `${field ?? 'A field'} is required.`;
  if (issue.keyword === 'additionalProperties') return `${field ?? 'A field'} is not allowed here.`;
  const where = field ?? context ?? 'request';
  return `${where} ${issue.message ?? 'is invalid'}.`;
}

/** Postgres errors that mean "the database is not reachable now", not "the request is wrong". */
const UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01', // admin_shutdown: the server is stopping
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
]);

/**
 * node-postgres says so in words: the socket closed, a connection that failed mid-transaction
 * was used for its rollback, or no connection came within the pool's connect timeout.
 */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connect ECONNREFUSED|Client has encountered a connection error and is not queryable|timeout exceeded when trying to connect/;

export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  const e = err as { code?: unknown; message?: unknown; cause?: unknown };
  if (!e || depth > 5) return false;
  if (typeof e.code === 'string' && (UNAVAILABLE.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code)))
    return true; // class 08: connection exception
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  return e.cause ? isDatabaseUnavailable(e.cause, depth + 1) : false;
}

/** The innermost cause: "connect ECONNREFUSED 127.0.0.1:5432" rather than the failed query. */
function rootCause(err: unknown): { message: string; code?: string } {
  let e = err as { message?: unknown; code?: unknown; cause?: unknown };
  for (let i = 0; i < 5 && e?.cause; i++) e = e.cause as typeof e;
  return {
    message: typeof e?.message === 'string' ? e.message : String(e),
    ...(typeof e?.code === 'string' ? { code: e.code } : {}),
  };
}

/**
 * Errors Fastify raises before a route is found, which bypass the error handler: a URL that
 * does not decode (`%ff`) and a path parameter over 100 characters. Without this they answered
 * in Fastify's own shape, and the overlong parameter as 414 with `error: 'Bad Request'`.
 */
export function frameworkError(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  applySecurityHeaders(request, reply);
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return sendError(reply, 414, ErrorCode.validation, 'A part of the address is too long.');
  if (err.code === 'FST_ERR_BAD_URL')
    return sendError(reply, 400, ErrorCode.validation, 'The address of this request is not valid.');
  reply.log.error({ err }, 'framework error');
  return sendError(
    reply,
    500,
    ErrorCode.internal,
    'Something went wrong on our side. Please try again.',
  );
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return sendError(reply, err.statusCode, err.code, err.message, err.field, err.extra);
    }
    const fe = err as FastifyError;
    if (fe.validation && fe.validation.length > 0) {
      const issue = fe.validation[0] as ValidationIssue;
      const field = fieldOf(issue);
      return sendError(
        reply,
        400,
        ErrorCode.validation,
        describe(issue, fe.validationContext, field),
        field,
      );
    }
    if (fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe.name === 'SyntaxError') {
      return sendError(reply, 400, ErrorCode.badJson, 'The request body is not valid JSON.');
    }
    if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      const refusal = unsupportedMediaType();
      return sendError(reply, refusal.statusCode, refusal.code, refusal.message);
    }
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendError(reply, 413, ErrorCode.validation, 'The request body is too large.');
    }
    if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
      return sendError(reply, fe.statusCode, fe.code ?? ErrorCode.validation, fe.message);
    }
    if (isDatabaseUnavailable(err)) {
      // An outage fails every request: one short line each (no stack, no query or its
      // parameters). The settlement worker reports the outage at error level, /health/ready as 503.
      request.log.warn({ db: rootCause(err) }, 'database unavailable');
      reply.header('retry-after', '5');
      return sendError(
        reply,
        503,
        ErrorCode.unavailable,
        'The game is briefly unavailable. Please try again in a few seconds.',
      );
    }
    request.log.error({ err }, 'unhandled error');
    return sendError(
      reply,
      500,
      ErrorCode.internal,
      'Something went wrong on our side. Please try again.',
    );
  });
}
