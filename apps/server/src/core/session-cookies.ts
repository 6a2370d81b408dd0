import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.js';

/** The two tokens of a session, which its cookies carry (modules/auth issues them). */
export interface SessionTokens {
  access: string;
  refresh: string;
}

/** `__Host-` cookies must be Secure with Path=/ and no Domain: the browser enforces it. */
export function cookieNames(config: Pick<AppConfig, 'production'>) {
  const prefix = config.production ? '__Host-' : '';
  return { access: `${prefix}aleph_at`, refresh: `${prefix}aleph_rt` };
}

function options(config: AppConfig, maxAge: number) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.production,
    path: '/',
    signed: true,
    maxAge,
  };
}

export function setAuthCookies(reply: FastifyReply, config: AppConfig, tokens: SessionTokens) {
  const names = cookieNames(config);
  reply.setCookie(names.access, tokens.access, options(config, config.accessTokenTtlSeconds));
  reply.setCookie(names.refresh, tokens.refresh, options(config, config.refreshTokenTtlSeconds));
}

export function clearAuthCookies(reply: FastifyReply, config: AppConfig) {
  const names = cookieNames(config);
  const { signed: _signed, maxAge: _maxAge, ...base } = options(config, 0);
  reply.clearCookie(names.access, base);
  reply.clearCookie(names.refresh, base);
}

/** The verified value of a signed cookie, or undefined when absent or tampered with. */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const raw = request.cookies[name];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : undefined;
}

export function readAuthCookies(request: FastifyRequest, config: AppConfig) {
  const names = cookieNames(config);
  return { access: readCookie(request, names.access), refresh: readCookie(request, names.refresh) };
}

/** A year: how long a browser keeps its device id. */
const DEVICE_COOKIE_SECONDS = 365 * 86_400;

/** The device id cookie (`aleph_device`, `__Host-` in production like the session's). */
export const deviceCookieName = (config: Pick<AppConfig, 'production'>) =>
  `${config.production ? '__Host-' : ''}aleph_device`;

/**
 * The browser's device id for the multi-account signals (docs/operations.md, "Moderation"):
 * the signed cookie's value, or a new random one (`fresh`: for setDeviceCookie once the sign-in
 * succeeded). Signed, so a client cannot claim another browser's id it never held.
 */
export function deviceOf(request: FastifyRequest, config: AppConfig) {
  const known = readCookie(request, deviceCookieName(config));
  if (known && /^[A-Za-z0-9_-]{16,64}$/.test(known)) return { id: known, fresh: false };
  return { id: randomBytes(16).toString('base64url'), fresh: true };
}

/** Keeps the device id a year in the browser. */
export function setDeviceCookie(reply: FastifyReply, config: AppConfig, id: string) {
  reply.setCookie(deviceCookieName(config), id, options(config, DEVICE_COOKIE_SECONDS));
}
