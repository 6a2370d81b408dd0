import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Static, TObject } from 'typebox';
import {
  AllianceRenameBody,
  ChatLineIdParams,
  ErrorBody,
  GrantBody,
  LuckyOpenBody,
  MuteBody,
  PlayerIdParams,
  PushDeviceParams,
  ReasonBody,
  RenameBody,
  RoleBody,
  StaffActionResult,
  StaffAnnouncementBody,
  StaffCancelListingBody,
  StaffLevelBody,
  StaffMessageBody,
  SuspendBody,
  UniqueCreateBody,
} from '@aleph/contracts';
import type { Db } from '../../db/client.js';
import {
  endSessions,
  lift,
  message,
  mute,
  rename,
  resetTwoFactor,
  setRole,
  suspend,
  unmute,
  type Staff,
} from './accounts.js';
import { staffCancelBazaarListing } from './bazaar-actions.js';
import { staffRemovePushDevice } from './push-actions.js';
import { actorOf, staffOf } from './guard.js';
import { staffGrant } from './grants.js';
import {
  staffAnnounce,
  staffCloseLucky,
  staffCloseUnique,
  staffCreateUnique,
  staffOpenLucky,
  staffSetLevel,
} from './operator-tools.js';
import { staffDeleteChatLine, staffRenameAlliance } from './social-actions.js';

/** The acting staff member with the reason of the request's body. */
export const staffWith = (request: FastifyRequest, reason: string): Staff => ({
  actor: { ...actorOf(request), role: staffOf(request).role },
  reason,
});

/**
 * What an action's service gets: the target's id (0 for actions on no player) and the body; a
 * path with a second id (`:deviceId`) passes it in the body's place of `deviceId`.
 */
type Run<B> = (db: Db, targetId: number, body: B, staff: Staff, now: Date) => Promise<number>;

interface Action {
  method: 'POST' | 'PUT';
  path: string;
  body: TObject;
  /** Moderators are refused (403 STAFF_ADMIN_ONLY, guard.ts). */
  adminOnly: boolean;
  /**
   * The schema of its path's id: a player (`:id`), an event or an alliance (also `:id`), a chat
   * line (`:lineid`); null when the path names none.
   */
  params: TObject | null;
  run: Run<{ reason: string; deviceId?: number }>;
}

/** One row of the table; `S` ties the body's schema to the service's argument type. */
function act<S extends TObject>(
  path: string,
  body: S,
  run: Run<Static<S> & { reason: string; deviceId?: number }>,
  options: { adminOnly?: boolean; method?: 'PUT' } = {},
): Action {
  return {
    method: options.method ?? 'POST',
    path,
    body,
    adminOnly: options.adminOnly ?? false,
    params: path.includes('/:lineid')
      ? ChatLineIdParams
      : path.includes('/:deviceId')
        ? PushDeviceParams
        : path.includes('/:id')
          ? PlayerIdParams
          : null,
    run: run as Run<{ reason: string; deviceId?: number }>,
  };
}

/**
 * The console's actions (docs/api.md, "Operators"): each validates its body, calls the service
 * the CLI uses too, and answers the id of the staff-log row written in the action's transaction.
 */
const ACTIONS: readonly Action[] = [
  act('/players/:id/suspend', SuspendBody, suspend),
  act('/players/:id/lift', ReasonBody, (db, id, _b, staff, now) => lift(db, id, staff, now)),
  act('/players/:id/mute', MuteBody, mute),
  act('/players/:id/unmute', ReasonBody, (db, id, _b, staff, now) => unmute(db, id, staff, now)),
  act('/players/:id/rename', RenameBody, rename),
  act('/players/:id/end-sessions', ReasonBody, (db, id, _b, staff, now) =>
    endSessions(db, id, staff, now),
  ),
  act('/players/:id/message', StaffMessageBody, message),
  act('/players/:id/2fa-reset', ReasonBody, (db, id, _b, staff, now) =>
    resetTwoFactor(db, id, staff, now),
  ),
  act('/players/:id/grant', GrantBody, staffGrant, { adminOnly: true }),
  act(
    '/players/:id/role',
    RoleBody,
    (db, id, b, staff, now) => setRole(db, id, b.role, staff, now),
    {
      adminOnly: true,
      method: 'PUT',
    },
  ),
  // The operator CLI's tools, through the same service code (admins).
  act(
    '/announcements',
    StaffAnnouncementBody,
    (db, _id, b, staff, now) => staffAnnounce(db, b, staff, now),
    { adminOnly: true },
  ),
  act('/players/:id/level', StaffLevelBody, staffSetLevel, { adminOnly: true }),
  act('/luckycoin', LuckyOpenBody, (db, _id, b, staff, now) => staffOpenLucky(db, b, staff, now), {
    adminOnly: true,
  }),
  act(
    '/luckycoin/close',
    ReasonBody,
    (db, _id, _b, staff, now) => staffCloseLucky(db, staff, now),
    {
      adminOnly: true,
    },
  ),
  act(
    '/unique',
    UniqueCreateBody,
    (db, _id, b, staff, now) => staffCreateUnique(db, b, staff, now),
    {
      adminOnly: true,
    },
  ),
  act(
    '/unique/:id/close',
    ReasonBody,
    (db, id, _b, staff, now) => staffCloseUnique(db, id, staff, now),
    {
      adminOnly: true,
    },
  ),
  // The social layer (#36): a line of any alliance's chat, an alliance's name (moderators too).
  act('/chat/:lineid/delete', ReasonBody, (db, id, _b, staff, now) =>
    staffDeleteChatLine(db, id, staff, now),
  ),
  act('/alliances/:id/rename', AllianceRenameBody, staffRenameAlliance),
  // The Bazaar (#37): any open listing, an auction with bids too (moderators too).
  act('/bazaar/:id/cancel', StaffCancelListingBody, staffCancelBazaarListing),
  // Web push (#38): one device of a player, e.g. a lost phone (moderators too).
  act('/players/:id/push/:deviceId/remove', ReasonBody, (db, id, b, staff, now) =>
    staffRemovePushDevice(db, id, b.deviceId ?? 0, staff, now),
  ),
];

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  429: ErrorBody,
};

/** Registers ACTIONS inside the console's scope (routes.ts), behind its guard. */
export function registerActions(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { database, clock } = app.deps;
  for (const a of ACTIONS) {
    app.route({
      method: a.method,
      url: a.path,
      ...(a.adminOnly ? { config: { adminOnly: true } } : {}),
      schema: {
        ...(a.params ? { params: a.params } : {}),
        body: a.body,
        response: { 200: StaffActionResult, ...errors },
      },
      handler: async (request) => {
        const body = request.body as { reason: string };
        const params = request.params as { id?: number; lineid?: number; deviceId?: number };
        const id = params.id ?? params.lineid ?? 0;
        const staffLogId = await a.run(
          database.db,
          id,
          params.deviceId === undefined ? body : { ...body, deviceId: params.deviceId },
          staffWith(request, body.reason),
          clock.now(),
        );
        return { ok: true as const, staffLogId };
      },
    });
  }
}
