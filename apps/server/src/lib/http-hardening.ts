import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { ErrorCode } from '@aleph/contracts';
import { isApiPath } from './prefixes.js';
import { AppError, unsupportedMediaType } from './errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cookies are SameSite=Lax, and on top of that a state-changing request that a browser marks
 * as coming from another origin is refused (CSRF). Clients without an Origin header (curl,
 * server-to-server) are not browsers carrying a victim's cookies and pass.
 */
export function registerOriginCheck(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite === 'cross-site') throw crossOrigin();
    const origin = request.headers.origin;
    if (!origin) return;
    let same: boolean;
    try {
      const from = new URL(origin);
      // Normalise default ports the same way on both sides (http://h:80 is http://h).
      same = from.host === new URL(`${from.protocol}//${request.host}`).host;
    } catch {
      same = false;
    }
    if (!same) throw crossOrigin();
  });
}

const crossOrigin = () =>
  new AppError(403, ErrorCode.badOrigin, 'Requests from another site are not accepted.');

/**
 * The API reads JSON bodies only. Every other media type (text/plain, forms, multipart, or a
 * charset other than UTF-8) answers 415, also on endpoints that ignore their body; Fastify's
 * own text/plain parser would otherwise hand a string to the route. Empty JSON bodies (a bare
 * POST with a JSON content type) count as no body. Keys that reach Object.prototype when a
 * body is copied or merged (`__proto__`, `constructor.prototype`) are refused, as Fastify's
 * default parser does.
 */
export function registerJsonParser(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (request, body, done) => {
      if (!isUtf8(request.headers['content-type'])) return done(unsupportedMediaType(), undefined);
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, undefined);
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return done(
          new AppError(400, ErrorCode.badJson, 'The request body is not valid JSON.'),
          undefined,
        );
      }
      const key = prototypeKey(parsed);
      if (key === undefined) return done(null, parsed);
      done(
        new AppError(
          400,
          ErrorCode.validation,
          'The request body may not contain the keys __proto__ or constructor.prototype.',
          key,
        ),
        undefined,
      );
    },
  );
}

function isUtf8(contentType: string | undefined): boolean {
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(contentType ?? '')?.[1];
  return charset === undefined || /^utf-?8$/i.test(charset);
}

/** The top-level field under which a prototype key hides, found without recursion. */
function prototypeKey(value: unknown): string | undefined {
  const stack: [unknown, string | undefined][] = [[value, undefined]];
  while (stack.length > 0) {
    const [v, top] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    for (const [k, child] of Object.entries(v)) {
      const field = top ?? k;
      if (k === '__proto__') return field;
      if (
        k === 'constructor' &&
        child !== null &&
        typeof child === 'object' &&
        Object.hasOwn(child, 'prototype')
      )
        return field;
      stack.push([child, field]);
    }
  }
  return undefined;
}

const ONE_YEAR_SECONDS = 365 * 24 * 3600;

/**
 * The security headers, set by helmet. Strict-Transport-Security only in production, which is
 * served over HTTPS (docs/operations.md); development runs on plain http://localhost.
 */
export function securityHeaderOptions(production: boolean) {
  return {
    contentSecurityPolicy: {
      useDefaults: false as const,
      directives: {
        'default-src': ["'self'"],
        'img-src': ["'self'", 'data:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'script-src': ["'self'"],
        'connect-src': ["'self'"],
        'frame-ancestors': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
      },
    },
    referrerPolicy: { policy: 'same-origin' as const },
    xFrameOptions: { action: 'deny' as const },
    strictTransportSecurity: production
      ? { maxAge: ONE_YEAR_SECONDS, includeSubDomains: true }
      : false,
  };
}

/**
 * helmet's headers for these options, worked out once. Run as middleware on every request
 * (@fastify/helmet), helmet cost about 100 MB more peak memory under the bench's load for
 * headers that never change (docs/decisions/0008-security-headers.md).
 */
export function securityHeaders(production: boolean): Readonly<Record<string, string>> {
  const known = computed.get(production);
  if (known) return known;
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(securityHeaderOptions(production))(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    () => undefined,
  );
  computed.set(production, headers);
  return headers;
}

const computed = new Map<boolean, Readonly<Record<string, string>>>();

export function registerSecurityHeaders(app: FastifyInstance) {
  const headers = securityHeaders(app.deps.config.production);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook('onSend', async (request, reply) => markUncacheable(request, reply));
}

/** For the errors Fastify answers before routing, which skip the onRequest and onSend hooks. */
export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply) {
  reply.headers(securityHeaders(request.server.deps.config.production));
  markUncacheable(request, reply);
}

function markUncacheable(request: FastifyRequest, reply: FastifyReply) {
  if (isApiPath(request.url) && !reply.hasHeader('cache-control'))
    reply.header('cache-control', 'no-store');
}
