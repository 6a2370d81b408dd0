import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  GrantBody,
  LuckyOpenBody,
  MuteBody,
  PlayerDetail,
  PlayerLedger,
  PlayerLedgerQuery,
  PlayerSearchQuery,
  PlayerSearchResult,
  PlayerSignals,
  ReportIdParams,
  ReportQueue,
  ReportQueueQuery,
  ResolveReportBody,
  SignalClusters,
  SignInList,
  StaffAnnouncementBody,
  StaffLevelBody,
  UniqueCreateBody,
  StaffLogPage,
  StaffLogQuery,
  PlayerIdParams,
  ReasonBody,
  ReauthBody,
  ReauthResult,
  RenameBody,
  RoleBody,
  StaffActionResult,
  StaffMe,
  StaffMessageBody,
  SuspendBody,
} from '@aleph/contracts';
import { requireSession } from '../../core/session.js';
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
import { actorOf, guardStaff, staffOf } from './guard.js';
import { reauthenticate } from './reauth.js';
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { readStaffLog } from '../../core/staff-log.js';
import { decodeCursor, encodeCursor } from '../../modules/records/cursor.js';
import { staffGrant } from './grants.js';
import {
  staffAnnounce,
  staffCloseLucky,
  staffCloseUnique,
  staffCreateUnique,
  staffOpenLucky,
  staffSetLevel,
} from './operator-tools.js';
import { playerDetail, playerLedger, playerSignIns, searchPlayers } from './players.js';
import { handleReport, reportQueue } from './reports.js';
import { playerSignals, signalClusters } from './signals.js';

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  429: ErrorBody,
};

/** The acting staff member with the reason of the request's body. */
const staffWith = (request: FastifyRequest, reason: string): Staff => ({
  actor: { ...actorOf(request), role: staffOf(request).role },
  reason,
});

/**
 * /diwan: the operators' console (docs/api.md, "Operators"). Every route needs a session and a
 * staff role (guard.ts); every action answers the id of the staff-log row that records it.
 */
export async function staffRoutes(base: FastifyInstance) {
  requireSession(base);
  guardStaff(base);
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { database, clock } = app.deps;
  const db = database.db;
  const done = (staffLogId: number) => ({ ok: true as const, staffLogId });
  const action = { 200: StaffActionResult, ...errors };

  app.get('/me', { schema: { response: { 200: StaffMe, ...errors } } }, async (request) => {
    const staff = staffOf(request);
    return { id: staff.id, login: staff.login, role: staff.role };
  });

  app.get(
    '/players',
    {
      schema: { querystring: PlayerSearchQuery, response: { 200: PlayerSearchResult, ...errors } },
    },
    async (request) => searchPlayers(db, request.query, clock.now()),
  );

  app.get(
    '/players/:id',
    { schema: { params: PlayerIdParams, response: { 200: PlayerDetail, ...errors } } },
    async (request) => playerDetail(db, request.params.id, clock.now()),
  );

  app.get(
    '/players/:id/ledger',
    {
      schema: {
        params: PlayerIdParams,
        querystring: PlayerLedgerQuery,
        response: { 200: PlayerLedger, ...errors },
      },
    },
    async (request) => playerLedger(db, request.params.id, request.query),
  );

  app.get(
    '/players/:id/signins',
    { schema: { params: PlayerIdParams, response: { 200: SignInList, ...errors } } },
    async (request) => playerSignIns(db, request.params.id, staffOf(request).role === 'admin'),
  );

  app.get(
    '/players/:id/signals',
    { schema: { params: PlayerIdParams, response: { 200: PlayerSignals, ...errors } } },
    async (request) => playerSignals(db, request.params.id, clock.now()),
  );

  app.get(
    '/signals/clusters',
    { schema: { response: { 200: SignalClusters, ...errors } } },
    async () => signalClusters(db, clock.now()),
  );

  app.get(
    '/reports',
    { schema: { querystring: ReportQueueQuery, response: { 200: ReportQueue, ...errors } } },
    async (request) => reportQueue(db, request.query.status ?? 'open'),
  );

  for (const [path, outcome] of [
    ['resolve', 'resolved'],
    ['dismiss', 'dismissed'],
  ] as const) {
    app.post(
      `/reports/:id/${path}`,
      {
        schema: {
          params: ReportIdParams,
          body: outcome === 'resolved' ? ResolveReportBody : ReasonBody,
          response: action,
        },
      },
      async (request) => {
        const body = request.body as { action?: number; reason: string };
        return done(
          await handleReport(
            db,
            request.params.id,
            outcome,
            body,
            staffWith(request, body.reason),
            clock.now(),
          ),
        );
      },
    );
  }

  app.get(
    '/stafflog',
    { schema: { querystring: StaffLogQuery, response: { 200: StaffLogPage, ...errors } } },
    async (request) => {
      const { cursor, action: kind, target, actor } = request.query;
      const limit = request.query.limit ?? 50;
      const idOf = async (login: string) => {
        const [row] = await queryRows<{ id: number }>(
          db,
          sql`select id from users where login_lower = ${login.toLowerCase()}`,
        );
        return row ? Number(row.id) : -1;
      };
      const entries = await readStaffLog(db, {
        action: kind,
        targetUserId: target === undefined ? undefined : await idOf(target),
        actorId: actor === undefined ? undefined : actor === 'cli' ? null : await idOf(actor),
        beforeId: cursor === undefined ? undefined : decodeCursor(cursor, ['id'])[0],
        limit: limit + 1,
      });
      const page = entries.slice(0, limit);
      const last = page[page.length - 1];
      return {
        entries: page,
        nextCursor: entries.length > limit && last ? encodeCursor([last.id]) : null,
      };
    },
  );

  app.post(
    '/reauth',
    {
      config: { staleAllowed: true },
      schema: { body: ReauthBody, response: { 200: ReauthResult, ...errors } },
    },
    async (request) => {
      const freshUntil = await reauthenticate(
        { db, config: app.deps.config },
        staffOf(request),
        request.body,
        clock.now(),
      );
      return { ok: true as const, freshUntil: freshUntil.toISOString() };
    },
  );

  app.post(
    '/players/:id/suspend',
    { schema: { params: PlayerIdParams, body: SuspendBody, response: action } },
    async (request) =>
      done(
        await suspend(
          db,
          request.params.id,
          request.body,
          staffWith(request, request.body.reason),
          clock.now(),
        ),
      ),
  );

  app.post(
    '/players/:id/lift',
    { schema: { params: PlayerIdParams, body: ReasonBody, response: action } },
    async (request) =>
      done(await lift(db, request.params.id, staffWith(request, request.body.reason), clock.now())),
  );

  app.post(
    '/players/:id/mute',
    { schema: { params: PlayerIdParams, body: MuteBody, response: action } },
    async (request) =>
      done(
        await mute(
          db,
          request.params.id,
          request.body,
          staffWith(request, request.body.reason),
          clock.now(),
        ),
      ),
  );

  app.post(
    '/players/:id/unmute',
    { schema: { params: PlayerIdParams, body: ReasonBody, response: action } },
    async (request) =>
      done(
        await unmute(db, request.params.id, staffWith(request, request.body.reason), clock.now()),
      ),
  );

  app.post(
    '/players/:id/rename',
    { schema: { params: PlayerIdParams, body: RenameBody, response: action } },
    async (request) =>
      done(
        await rename(
          db,
          request.params.id,
          request.body,
          staffWith(request, request.body.reason),
          clock.now(),
        ),
      ),
  );

  app.post(
    '/players/:id/end-sessions',
    { schema: { params: PlayerIdParams, body: ReasonBody, response: action } },
    async (request) =>
      done(
        await endSessions(
          db,
          request.params.id,
          staffWith(request, request.body.reason),
          clock.now(),
        ),
      ),
  );

  app.post(
    '/players/:id/message',
    { schema: { params: PlayerIdParams, body: StaffMessageBody, response: action } },
    async (request) =>
      done(
        await message(
          db,
          request.params.id,
          request.body,
          staffWith(request, request.body.reason),
          clock.now(),
        ),
      ),
  );

  app.post(
    '/players/:id/2fa-reset',
    { schema: { params: PlayerIdParams, body: ReasonBody, response: action } },
    async (request) =>
      done(
        await resetTwoFactor(
          db,
          request.params.id,
          staffWith(request, request.body.reason),
          clock.now(),
        ),
      ),
  );

  app.post(
    '/players/:id/grant',
    {
      config: { adminOnly: true },
      schema: { params: PlayerIdParams, body: GrantBody, response: action },
    },
    async (request) =>
      done(
        await staffGrant(
          db,
          request.params.id,
          request.body,
          staffWith(request, request.body.reason),
          clock.now(),
        ),
      ),
  );

  // The operator CLI's tools, through the same service code (admins).
  const admin = { config: { adminOnly: true } };
  app.post(
    '/announcements',
    { ...admin, schema: { body: StaffAnnouncementBody, response: action } },
    async (request) =>
      done(
        await staffAnnounce(db, request.body, staffWith(request, request.body.reason), clock.now()),
      ),
  );

  app.post(
    '/players/:id/level',
    { ...admin, schema: { params: PlayerIdParams, body: StaffLevelBody, response: action } },
    async (request) =>
      done(
        await staffSetLevel(
          db,
          request.params.id,
          request.body,
          staffWith(request, request.body.reason),
          clock.now(),
        ),
      ),
  );

  app.post(
    '/luckycoin',
    { ...admin, schema: { body: LuckyOpenBody, response: action } },
    async (request) =>
      done(
        await staffOpenLucky(
          db,
          request.body,
          staffWith(request, request.body.reason),
          clock.now(),
        ),
      ),
  );

  app.post(
    '/luckycoin/close',
    { ...admin, schema: { body: ReasonBody, response: action } },
    async (request) =>
      done(await staffCloseLucky(db, staffWith(request, request.body.reason), clock.now())),
  );

  app.post(
    '/unique',
    { ...admin, schema: { body: UniqueCreateBody, response: action } },
    async (request) =>
      done(
        await staffCreateUnique(
          db,
          request.body,
          staffWith(request, request.body.reason),
          clock.now(),
        ),
      ),
  );

  app.post(
    '/unique/:id/close',
    { ...admin, schema: { params: PlayerIdParams, body: ReasonBody, response: action } },
    async (request) =>
      done(
        await staffCloseUnique(
          db,
          request.params.id,
          staffWith(request, request.body.reason),
          clock.now(),
        ),
      ),
  );

  app.put(
    '/players/:id/role',
    {
      config: { adminOnly: true },
      schema: { params: PlayerIdParams, body: RoleBody, response: action },
    },
    async (request) =>
      done(
        await setRole(
          db,
          request.params.id,
          request.body.role,
          staffWith(request, request.body.reason),
          clock.now(),
        ),
      ),
  );
}
