import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type {
  LedgerRow,
  PlayerDetail,
  PlayerLedger,
  PlayerLedgerQuery,
  PlayerRow,
  PlayerSearchQuery,
  PlayerSearchResult,
  ReportView,
  SignInList,
  StaffRole,
} from '@aleph/contracts';
import { queryRows, type Executor } from '../../db/client.js';
import { statusOf } from '../../core/account-status.js';
import { readStaffLog } from '../../core/staff-log.js';
import { decodeCursor, encodeCursor } from '../../modules/records/cursor.js';
import { playerNotFound } from './target.js';
import { allianceOfPlayer } from './social-actions.js';
import { deviceOf } from '../../modules/auth/user-agent.js';
import { DEFAULT_PREFERENCES } from '../../modules/push/preferences.js';

/** The console's reads of players (docs/api.md, "Operators"): search, a player's file, ledger. */

const iso = (v: Date | string) => new Date(v).toISOString();
const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));
const asDate = (v: Date | string | null) => (v === null ? null : new Date(v));

interface AccountRow {
  id: number;
  login: string;
  nickname: string;
  email: string;
  address: string;
  role: StaffRole;
  level: number;
  created_at: Date | string;
  suspended_until: Date | string | null;
  banned_at: Date | string | null;
  muted_until: Date | string | null;
}

const ACCOUNT_COLUMNS = sql`u.id, u.login, p.nickname, u.email, u.address, u.role, p.level,
  u.created_at, u.suspended_until, u.banned_at, u.muted_until`;

function rowOf(r: AccountRow, now: Date): PlayerRow {
  return {
    id: Number(r.id),
    login: r.login,
    nickname: r.nickname,
    email: r.email,
    address: r.address,
    role: r.role,
    level: Number(r.level),
    status: statusOf(
      {
        suspendedUntil: asDate(r.suspended_until),
        bannedAt: asDate(r.banned_at),
        mutedUntil: asDate(r.muted_until),
      },
      now,
    ),
    createdAt: iso(r.created_at),
  };
}

/** `q` as a LIKE prefix: its own %, _ and \ match themselves. */
const prefix = (q: string) => `${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Players whose login, e-mail or wallet address starts with `q` (without regard to case), or
 * whose id is `q`; every player without `q`. In order of id, `limit` a page.
 */
export async function searchPlayers(
  db: Executor,
  query: PlayerSearchQuery,
  now: Date,
): Promise<PlayerSearchResult> {
  const limit = query.limit ?? 20;
  const after = query.cursor === undefined ? 0 : decodeCursor(query.cursor, ['id'])[0];
  const q = query.q?.trim() ?? '';
  const where: SQL[] = [sql`u.id > ${after}`];
  if (q !== '') {
    const like = prefix(q);
    const id = /^\d{1,10}$/.test(q) && Number(q) <= 2_147_483_647 ? Number(q) : null;
    where.push(sql`(u.login_lower like ${like} or lower(u.email) like ${like}
      or u.address like ${like} ${id === null ? sql`` : sql`or u.id = ${id}`})`);
  }
  const rows = await queryRows<AccountRow>(
    db,
    sql`select ${ACCOUNT_COLUMNS} from users u join profiles p on p.id = u.id
      where ${sql.join(where, sql` and `)} order by u.id limit ${limit + 1}`,
  );
  const page = rows.slice(0, limit).map((r) => rowOf(r, now));
  const last = page[page.length - 1];
  return {
    players: page,
    nextCursor: rows.length > limit && last ? encodeCursor([last.id]) : null,
  };
}

interface ReportRow {
  id: number;
  reporter_id: number;
  reporter_login: string;
  target_id: number;
  target_login: string;
  reason: ReportView['reason'];
  text: string | null;
  message_id: number | null;
  chat_line_id: number | null;
  quote: string | null;
  status: ReportView['status'];
  created_at: Date | string;
  handled_at: Date | string | null;
  handled_by_login: string | null;
  staff_log_id: number | null;
}

/** The select of reports as staff see them; `where` narrows it (aliases: r, a reporter, t target). */
export const reportsSelect = (where: SQL, tail: SQL = sql``) => sql`select r.id, r.reporter_id,
    a.login as reporter_login, r.target_id, t.login as target_login, r.reason, r.text,
    r.message_id, r.chat_line_id, r.quote, r.status, r.created_at, r.handled_at, h.login as handled_by_login, r.staff_log_id
  from reports r join users a on a.id = r.reporter_id join users t on t.id = r.target_id
    left join users h on h.id = r.handled_by
  where ${where} ${tail}`;

export const reportOf = (r: ReportRow): ReportView => ({
  id: Number(r.id),
  reporterId: Number(r.reporter_id),
  reporterLogin: r.reporter_login,
  targetId: Number(r.target_id),
  targetLogin: r.target_login,
  reason: r.reason,
  text: r.text,
  messageId: r.message_id === null ? null : Number(r.message_id),
  chatLineId: r.chat_line_id === null ? null : Number(r.chat_line_id),
  quote: r.quote,
  status: r.status,
  createdAt: iso(r.created_at),
  handledAt: isoOrNull(r.handled_at),
  handledBy: r.handled_by_login,
  staffLogId: r.staff_log_id === null ? null : Number(r.staff_log_id),
});

export async function readReports(db: Executor, where: SQL, tail: SQL = sql``) {
  return (await queryRows<ReportRow>(db, reportsSelect(where, tail))).map(reportOf);
}

/** One player's file: the account, what they own and did lately, reports, staff actions. */
export async function playerDetail(db: Executor, id: number, now: Date): Promise<PlayerDetail> {
  const [account] = await queryRows<
    AccountRow & {
      xp: number;
      gold: number;
      platinum: number;
      email_verified: boolean;
      two_factor: boolean;
    }
  >(
    db,
    sql`select ${ACCOUNT_COLUMNS}, p.xp::float8 as xp, p.gold::float8 as gold,
        p.platinum::float8 as platinum, u.email_verified_at is not null as email_verified,
        u.totp_enabled_at is not null as two_factor
      from users u join profiles p on p.id = u.id where u.id = ${id}`,
  );
  if (!account) throw playerNotFound();
  const [lands, heroes, missions, purchases, sessions] = await Promise.all([
    queryRows<{
      id: number;
      name: string | null;
      continent: number;
      x: number;
      y: number;
      element: number;
    }>(
      db,
      sql`select id, name, continent, x, y, element from lands where owner_id = ${id} order by id`,
    ),
    queryRows<{
      id: number;
      name: string;
      rarity: number;
      element: number;
      level: number;
      residence_id: number | null;
    }>(
      db,
      sql`select id, name, rarity, element, level, residence_id from heroes
        where owner_id = ${id} order by id`,
    ),
    queryRows<{
      id: number;
      type: string;
      hero_id: number;
      land_id: number;
      started_at: Date | string;
      eta: Date | string;
      status: string;
    }>(
      db,
      sql`select id, type, hero_id, land_id, started_at, eta, status from missions
        where profile_id = ${id} order by started_at desc, id desc limit 20`,
    ),
    queryRows<{
      id: number;
      kind: string;
      package_id: string | null;
      status: string;
      platinum: number;
      gold: number;
      created_at: Date | string;
    }>(
      db,
      sql`select id, kind, package_id, status, platinum::float8 as platinum, gold::float8 as gold,
          created_at
        from purchases where profile_id = ${id} order by created_at desc, id desc limit 20`,
    ),
    queryRows<{
      id: string;
      created_at: Date | string;
      last_seen_at: Date | string | null;
      revoked_at: Date | string | null;
      revoked_reason: string | null;
      user_agent: string | null;
    }>(
      db,
      sql`select id, created_at, last_seen_at, revoked_at, revoked_reason, user_agent
        from sessions where user_id = ${id} order by created_at desc limit 20`,
    ),
  ]);
  const [reportsMade, reportsReceived, staffActions, alliance, push] = await Promise.all([
    readReports(
      db,
      sql`r.reporter_id = ${id}`,
      sql`order by r.created_at desc, r.id desc limit 20`,
    ),
    readReports(db, sql`r.target_id = ${id}`, sql`order by r.created_at desc, r.id desc limit 20`),
    readStaffLog(db, { targetUserId: id, limit: 50 }),
    allianceOfPlayer(db, id),
    pushOf(db, id),
  ]);
  return {
    player: {
      ...rowOf(account, now),
      emailVerified: account.email_verified,
      xp: Number(account.xp),
      gold: Number(account.gold),
      platinum: Number(account.platinum),
      twoFactor: account.two_factor,
    },
    lands: lands.map((l) => ({
      id: Number(l.id),
      name: l.name,
      continent: Number(l.continent),
      x: Number(l.x),
      y: Number(l.y),
      element: Number(l.element),
    })),
    heroes: heroes.map((h) => ({
      id: Number(h.id),
      name: h.name,
      rarity: Number(h.rarity),
      element: Number(h.element),
      level: Number(h.level),
      residenceId: h.residence_id === null ? null : Number(h.residence_id),
    })),
    missions: missions.map((m) => ({
      id: Number(m.id),
      type: m.type,
      heroId: Number(m.hero_id),
      landId: Number(m.land_id),
      startedAt: iso(m.started_at),
      eta: iso(m.eta),
      status: m.status,
    })),
    purchases: purchases.map((p) => ({
      id: Number(p.id),
      kind: p.kind,
      packageId: p.package_id,
      status: p.status,
      platinum: Number(p.platinum),
      gold: Number(p.gold),
      createdAt: iso(p.created_at),
    })),
    sessions: sessions.map((s) => ({
      id: s.id,
      createdAt: iso(s.created_at),
      lastSeenAt: isoOrNull(s.last_seen_at),
      revokedAt: isoOrNull(s.revoked_at),
      revokedReason: s.revoked_reason,
      userAgent: s.user_agent,
    })),
    reportsMade,
    reportsReceived,
    staffActions,
    alliance,
    push,
  };
}

const timeOfDay = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * The player's web push devices and choices, for "I get no notifications": each device's label,
 * its waiting deliveries and the error of the newest. Endpoints and keys never leave the server
 * (they are the device's secrets).
 */
async function pushOf(db: Executor, id: number): Promise<NonNullable<PlayerDetail['push']>> {
  const [devices, [prefs]] = await Promise.all([
    queryRows<{
      id: number;
      user_agent: string | null;
      created_at: Date | string;
      last_success_at: Date | string | null;
      pending: number;
      last_error: string | null;
    }>(
      db,
      sql`select s.id, s.user_agent, s.created_at, s.last_success_at,
          (select count(*)::int from push_deliveries d where d.subscription_id = s.id) as pending,
          (select d.last_error from push_deliveries d where d.subscription_id = s.id
            order by d.created_at desc, d.id desc limit 1) as last_error
        from push_subscriptions s where s.profile_id = ${id} order by s.id`,
    ),
    queryRows<{
      kinds: string[];
      quiet_start: number | null;
      quiet_end: number | null;
      time_zone: string;
    }>(
      db,
      sql`select kinds, quiet_start, quiet_end, time_zone from push_preferences
        where profile_id = ${id}`,
    ),
  ]);
  const known = prefs ? new Set(prefs.kinds) : null;
  return {
    devices: devices.map((d) => ({
      id: Number(d.id),
      userAgent: deviceOf(d.user_agent),
      createdAt: iso(d.created_at),
      lastSuccessAt: isoOrNull(d.last_success_at),
      pending: Number(d.pending),
      lastError: d.last_error,
    })),
    ...(prefs && known
      ? {
          kinds: DEFAULT_PREFERENCES.kinds.filter((k) => known.has(k)),
          quietHours:
            prefs.quiet_start === null || prefs.quiet_end === null
              ? null
              : { start: timeOfDay(prefs.quiet_start), end: timeOfDay(prefs.quiet_end) },
          timeZone: prefs.time_zone,
        }
      : DEFAULT_PREFERENCES),
  };
}

/** 404 unless the account exists (the sub-resources of a player's page). */
export async function assertPlayer(db: Executor, id: number): Promise<void> {
  const rows = await queryRows<{ id: number }>(db, sql`select id from users where id = ${id}`);
  if (rows.length === 0) throw playerNotFound();
}

/** The player's ledger, newest first, by kind (asset) and cause. */
export async function playerLedger(
  db: Executor,
  id: number,
  query: PlayerLedgerQuery,
): Promise<PlayerLedger> {
  await assertPlayer(db, id);
  const limit = query.limit ?? 50;
  const where: SQL[] = [sql`profile_id = ${id}`];
  if (query.cursor !== undefined)
    where.push(sql`id < ${decodeCursor(query.cursor, ['amount'])[0]}`);
  if (query.kind !== undefined) where.push(sql`asset = ${query.kind}`);
  // The cause itself or its family, without regard to case: `mission` also finds
  // `mission:GOLDCLAIM` (no LIKE: causes hold `_`, which LIKE reads as a wildcard).
  if (query.cause !== undefined) {
    const cause = query.cause.toLowerCase();
    where.push(
      sql`(lower(cause) = ${cause} or lower(left(cause, ${cause.length + 1})) = ${`${cause}:`})`,
    );
  }
  const rows = await queryRows<{
    id: number;
    at: Date | string;
    asset: string;
    delta: number | string;
    cause: string;
    cause_id: string | null;
    land_id: number | null;
    element: number | null;
    item_code: string | null;
  }>(
    db,
    sql`select id, at, asset, delta, cause, cause_id, land_id, element, item_code from ledger
      where ${sql.join(where, sql` and `)} order by id desc limit ${limit + 1}`,
  );
  const entries: LedgerRow[] = rows.slice(0, limit).map((r) => ({
    id: Number(r.id),
    at: iso(r.at),
    asset: r.asset,
    delta: Number(r.delta),
    cause: r.cause,
    causeId: r.cause_id,
    landId: r.land_id === null ? null : Number(r.land_id),
    element: r.element === null ? null : Number(r.element),
    itemCode: r.item_code,
  }));
  const last = entries[entries.length - 1];
  return { entries, nextCursor: rows.length > limit && last ? encodeCursor([last.id]) : null };
}

/** A short fingerprint to compare rows by eye, never the value itself. */
const tag = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 8);

/** The last 50 sign-ins; the raw client address for admins only. */
export async function playerSignIns(db: Executor, id: number, admin: boolean): Promise<SignInList> {
  await assertPlayer(db, id);
  const rows = await queryRows<{
    at: Date | string;
    client_address: string | null;
    user_agent: string | null;
    address_hash: string;
    device_id: string | null;
  }>(
    db,
    sql`select at, client_address, user_agent, address_hash, device_id from sign_ins
      where user_id = ${id} order by at desc, id desc limit 50`,
  );
  return {
    signIns: rows.map((r) => ({
      at: iso(r.at),
      clientAddress: admin ? r.client_address : null,
      userAgent: r.user_agent,
      addressTag: r.address_hash.slice(0, 8),
      deviceTag: r.device_id === null ? null : tag(r.device_id),
    })),
  };
}
