import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { ErrorCode, StaffErrorCode, type StaffRole } from '@aleph/contracts';
import { queryRows } from '../../db/client.js';
import { AppError, forbidden } from '../../lib/errors.js';
import { authOf } from '../../core/session.js';
import type { StaffActor } from '../../core/staff-log.js';

/** A staff action needs a session, or a password entry, younger than this. */
export const FRESH_MS = 15 * 60_000;

/** The signed-in staff member of a /diwan request. */
export interface StaffCaller {
  id: number;
  login: string;
  role: Exclude<StaffRole, 'player'>;
  sessionId: string;
  /** Until when actions need no other password entry. */
  freshUntil: Date;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Moderators get 403 STAFF_ADMIN_ONLY. */
    adminOnly?: boolean;
    /** A POST that needs no fresh session (the re-authentication itself). */
    staleAllowed?: boolean;
  }
  interface FastifyRequest {
    staff: StaffCaller | null;
  }
}

/** The staff member of a request that passed the guard. */
export function staffOf(request: FastifyRequest): StaffCaller {
  if (!request.staff) throw new Error('a /diwan route ran without the staff guard');
  return request.staff;
}

/** The staff member as the staff log names them. */
export const actorOf = (request: FastifyRequest): StaffActor => {
  const staff = staffOf(request);
  return { id: staff.id, label: staff.login };
};

/**
 * The same 404 as a path the server does not serve (lib/spa.ts): the console is not advertised,
 * so a player cannot tell its routes from nothing.
 */
const noSuchEndpoint = (request: FastifyRequest) =>
  new AppError(
    404,
    ErrorCode.notFound,
    `No such endpoint: ${request.method} ${request.url.split('?')[0]}`,
  );

const reads = new Set(['GET', 'HEAD']);

/**
 * Every /diwan request, after the session check and before its body is read: a player (or an
 * account of no staff role) gets 404, a moderator 403 STAFF_ADMIN_ONLY on an admin's route, and
 * a write needs a session created, or re-authenticated, within FRESH_MS (403 REAUTH_REQUIRED).
 * The role is read from the database on every request, so a role taken back applies at once.
 */
export function guardStaff(app: FastifyInstance) {
  app.decorateRequest('staff', null);
  app.addHook('onRequest', async (request) => {
    const auth = authOf(request);
    const [row] = await queryRows<{
      login: string;
      role: StaffRole;
      created_at: Date | string;
      reauthenticated_at: Date | string | null;
    }>(
      app.deps.database.db,
      sql`select u.login, u.role, s.created_at, s.reauthenticated_at
        from users u join sessions s on s.id = ${auth.sessionId} and s.user_id = u.id
        where u.id = ${auth.userId}`,
    );
    if (!row || row.role === 'player') throw noSuchEndpoint(request);
    const config = request.routeOptions.config;
    if (config.adminOnly && row.role !== 'admin') {
      throw forbidden(StaffErrorCode.adminOnly, 'Only an admin may do this.');
    }
    const freshFrom = Math.max(
      new Date(row.created_at).getTime(),
      row.reauthenticated_at ? new Date(row.reauthenticated_at).getTime() : 0,
    );
    const freshUntil = new Date(freshFrom + FRESH_MS);
    const now = app.deps.clock.now();
    if (!reads.has(request.method) && !config.staleAllowed && freshUntil <= now) {
      throw forbidden(
        StaffErrorCode.reauthRequired,
        'Enter your password again to confirm staff actions.',
      );
    }
    request.staff = {
      id: auth.userId,
      login: row.login,
      role: row.role,
      sessionId: auth.sessionId,
      freshUntil,
    };
  });
}
