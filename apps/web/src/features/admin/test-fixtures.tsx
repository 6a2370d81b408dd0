import type {
  PlayerDetail,
  PlayerRow,
  PlayerStatus,
  ReportView,
  StaffLogEntry,
  StaffMe,
} from '@aleph/contracts';
import { fakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { renderRoutes, signedInStore } from '../../test/render';
import { AdminConsole } from './admin-console';

export const ADMIN: StaffMe = { id: 1, login: 'operator', role: 'admin' };
export const MODERATOR: StaffMe = { id: 2, login: 'mod_mira', role: 'moderator' };

export const ACTIVE: PlayerStatus = { state: 'active', until: null, mutedUntil: null };

export const row = (id: number, login: string, status: PlayerStatus = ACTIVE): PlayerRow => ({
  id,
  login,
  nickname: `${login}_nick`,
  email: `${login}@example.com`,
  address: '0x1234567890abcdef1234567890abcdef12345678',
  role: 'player',
  level: 4,
  status,
  createdAt: '2026-10-01T08:00:00.000Z',
});

export const report = (id: number, over: Partial<ReportView> = {}): ReportView => ({
  id,
  reporterId: 40,
  reporterLogin: 'veteran',
  targetId: 42,
  targetLogin: 'zara',
  reason: 'harassment',
  text: 'Insults in every battle.',
  messageId: null,
  chatLineId: null,
  quote: null,
  status: 'open',
  createdAt: '2026-11-20T10:00:00.000Z',
  handledAt: null,
  handledBy: null,
  staffLogId: null,
  ...over,
});

export const logEntry = (id: number, over: Partial<StaffLogEntry> = {}): StaffLogEntry => ({
  id,
  at: '2026-11-21T09:00:00.000Z',
  actorId: 1,
  actorLabel: 'operator',
  action: 'suspend',
  targetUserId: 42,
  targetLogin: 'zara',
  reason: 'Harassment in the arena',
  details: { before: { suspendedUntil: null }, after: { suspendedUntil: '2026-11-22T09:00Z' } },
  ...over,
});

export function detail(over: Partial<PlayerDetail['player']> = {}): PlayerDetail {
  return {
    player: {
      id: 42,
      login: 'zara',
      nickname: 'Zara',
      email: 'zara@example.com',
      emailVerified: true,
      address: '0x1234567890abcdef1234567890abcdef12345678',
      role: 'player',
      level: 4,
      xp: 23_500,
      gold: 1_250,
      platinum: 3,
      createdAt: '2026-10-01T08:00:00.000Z',
      status: ACTIVE,
      twoFactor: false,
      ...over,
    },
    lands: [{ id: 9, name: 'Mistmere', continent: 0, x: 120, y: 44, element: 2 }],
    heroes: [{ id: 5, name: 'Moriwyn', rarity: 3, element: 1, level: 2, residenceId: 9 }],
    missions: [
      {
        id: 77,
        type: 'GOLDCLAIM',
        heroId: 5,
        landId: 9,
        startedAt: '2026-11-20T10:00:00.000Z',
        eta: '2026-11-20T11:30:00.000Z',
        status: 'settled',
      },
    ],
    purchases: [],
    sessions: [
      {
        id: 's1',
        createdAt: '2026-11-21T08:00:00.000Z',
        lastSeenAt: '2026-11-21T08:30:00.000Z',
        revokedAt: null,
        revokedReason: null,
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140',
      },
    ],
    reportsMade: [],
    reportsReceived: [report(3)],
    staffActions: [logEntry(12)],
  };
}

type Handler = Parameters<typeof fakeFetch>[0][string];

/**
 * The console at `path` for `me`, inside a route table like the app's (`/admin/*`), answering
 * `routes` and, unless given, an empty reply for the reads every page makes.
 */
export function renderConsole(
  path: string,
  routes: Record<string, Handler>,
  me: StaffMe | null = ADMIN,
) {
  const fake = fakeFetch({
    'GET /diwan/me': () =>
      me ? json(me) : json({ statusCode: 404, code: 'NOT_FOUND', message: 'Not found' }, 404),
    ...routes,
  });
  const view = renderRoutes(
    [
      { path: '/', element: <h1>Dashboard</h1> },
      {
        path: '/admin/*',
        element: (
          <main>
            <AdminConsole />
          </main>
        ),
      },
    ],
    path,
    signedInStore(),
  );
  return { ...fake, ...view };
}

export const posts = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method === 'POST' || c.method === 'PUT');
