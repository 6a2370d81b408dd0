import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
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
  StaffLogPage,
  StaffLogQuery,
  PlayerIdParams,
  ReasonBody,
  ReauthBody,
  ReauthResult,
  StaffActionResult,
  StaffMe,
} from '@aleph/contracts';
import { requireSession } from '../../core/session.js';
import { registerActions, staffWith } from './action-routes.js';
import { guardStaff, staffOf } from './guard.js';
import { reauthenticate } from './reauth.js';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { readStaffLog } from '../../core/staff-log.js';
import { decodeCursor, encodeCursor } from '../../modules/records/cursor.js';
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

  registerActions(base);
}
