import fc from 'fast-check';
import {
  ArenaAttackBody,
  ArenaBattlesQuery,
  ArenaDefenceBody,
  BuyPlatinumBody,
  ChangeEmailBody,
  ChangePasswordBody,
  VerifyEmailBody,
  SecretBuyBody,
  TossBody,
  TradeBody,
  CheckLoginQuery,
  FrameBody,
  MissionLogQuery,
  RatingQuery,
  LoginBody,
  MarkDeleteBody,
  MintHeroBody,
  MintLandBody,
  MissionBody,
  PotBody,
  PurchaseListQuery,
  RegisterBody,
  RestoreBody,
  RestoreConfirmBody,
  RestoreWalletBody,
  TwoFactorCodeBody,
  UpskillsBody,
  WorkflowBody,
  GrantBody,
  MuteBody,
  PlayerLedgerQuery,
  PlayerSearchQuery,
  ReasonBody,
  ReauthBody,
  RenameBody,
  ReportBody,
  ReportQueueQuery,
  ResolveReportBody,
  RoleBody,
  StaffAnnouncementBody,
  StaffLogQuery,
  StaffMessageBody,
  SuspendBody,
  StaffLevelBody,
  LuckyOpenBody,
  UniqueCreateBody,
} from '@aleph/contracts';

import { anyone, idOf, MISSING, read, write, type Endpoint } from './abuse-endpoint-kit.js';
import { allianceChatEndpoints } from './abuse-endpoints-alliance-chat.js';
import { allianceEndpoints } from './abuse-endpoints-alliances.js';
import { bazaarEndpoints, staffBazaarEndpoints } from './abuse-endpoints-bazaar.js';
import { pushEndpoints } from './abuse-endpoints-push.js';
import { socialEndpoints } from './abuse-endpoints-social.js';
import { staffSocialEndpoints } from './abuse-endpoints-staff-social.js';

export * from './abuse-endpoint-kit.js';

export const ENDPOINTS: readonly Endpoint[] = [
  read('/health', anyone),
  read('/health/live', anyone),
  read('/health/ready', anyone),
  read('/metrics', anyone),

  read('/abwab/checksession', anyone),
  read('/abwab/checklogin', {
    ...anyone,
    query: CheckLoginQuery,
    sample: () => ({ query: { username: 'somebody_else' } }),
  }),
  read('/abwab/nonce', anyone),
  write('/abwab/register', {
    ...anyone,
    body: RegisterBody,
    // Well-formed, but the message is not a signed EIP-4361 text: always refused.
    sample: () => ({
      body: {
        login: 'fuzzed_login',
        email: 'fuzzed@example.com',
        address: `0x${'1'.repeat(40)}`,
        signature: `0x${'ab'.repeat(65)}`,
        password: 'correct horse battery',
        message: 'not a sign-in message',
      },
    }),
  }),
  write('/abwab/login', {
    ...anyone,
    body: LoginBody,
    sample: () => ({ body: { username: 'nobody_at_all', password: 'not the password' } }),
  }),
  // The login's second step: no fuzzed request holds a login challenge's cookie (401).
  write('/abwab/login/2fa', {
    ...anyone,
    body: TwoFactorCodeBody,
    sample: () => ({ body: { code: '123456' } }),
  }),
  // Password recovery: no fuzzed request solves the captcha, holds a reset link or a signed
  // restore message, so every one is refused and none changes an account.
  read('/abwab/mail', anyone),
  read('/abwab/captcha', anyone),
  write('/abwab/restore', {
    ...anyone,
    body: RestoreBody,
    sample: () => ({ body: { email: 'someone@example.com', captcha: 'not a solution' } }),
  }),
  write('/abwab/restore/confirm', {
    ...anyone,
    body: RestoreConfirmBody,
    sample: () => ({ body: { token: 'no-such-token', password: 'a long enough password' } }),
  }),
  write('/abwab/restore/wallet', {
    ...anyone,
    body: RestoreWalletBody,
    sample: () => ({
      body: {
        message: 'not a signed message',
        signature: '0x00',
        password: 'a long enough password',
      },
    }),
  }),
  // An e-mail link no fuzzed request holds: refused, nothing verified or changed.
  write('/abwab/verify-email', {
    ...anyone,
    body: VerifyEmailBody,
    sample: () => ({ body: { token: 'no-such-link-token' } }),
  }),
  write('/abwab/refresh', { ...anyone, endsSession: true }),
  write('/abwab/logout', { ...anyone, endsSession: true }),

  read('/athar/profile'),
  read(
    '/athar/publicprofiles/:id',
    idOf((fx) => fx.profileId),
  ),
  read('/athar/features'),
  // Records (the fuzzing player is below level three: achievements, the log and the rating
  // answer FEATURE_LOCKED; the legendary frame is locked too).
  read('/athar/achievements'),
  read('/athar/profile/frame'),
  {
    ...write('/athar/profile/frame', { body: FrameBody }),
    method: 'PUT',
    sample: () => ({ body: { frame: 'legendary' } }),
  },
  read('/athar/rating', { query: RatingQuery, sample: () => ({ query: { limit: '10' } }) }),
  read('/misaar/missions/log', {
    query: MissionLogQuery,
    sample: (fx) => ({ query: { heroid: String(fx.heroId), outcome: 'success', limit: '10' } }),
  }),
  read('/misaar/missions/log.csv', {
    query: MissionLogQuery,
    sample: (fx) => ({ query: { landid: String(fx.landId), type: 'GOLDCLAIM' } }),
  }),
  // The fuzzing player is below level five: FEATURE_LOCKED.
  read('/athar/worldstats'),
  // Reading the first steps pays the goals it finds done; the fuzzing player has dismissed
  // them beforehand (abuse-fuzz.test.ts), so neither changes anything during the fuzz.
  read('/athar/quests', { readOnly: false }),
  write('/athar/quests/dismiss'),
  // Account settings: no fuzzed request knows the fuzzing player's password (PASSWORD_INCORRECT,
  // then 429) or another session's id (404). A new verification link (at most three an hour)
  // and signing out others (the fuzzing player has no other session) change no player's state.
  read('/athar/account'),
  write('/athar/account/email/verify'),
  write('/athar/account/email', {
    body: ChangeEmailBody,
    sample: () => ({ body: { email: 'elsewhere@example.com', password: 'not the password' } }),
  }),
  write('/athar/account/password', {
    body: ChangePasswordBody,
    sample: () => ({
      body: { currentPassword: 'not the password', password: 'a long enough password' },
    }),
  }),
  read('/athar/account/sessions'),
  {
    ...write('/athar/account/sessions/:id', {
      params: { id: 'word' },
      sample: () => ({ params: { id: '00000000-0000-4000-8000-000000000000' } }),
    }),
    method: 'DELETE',
  },
  write('/athar/account/sessions/end-others'),
  // Two-factor, off for the fuzzing player: a setup only replaces a secret nobody confirmed
  // (no player state); enabling takes no recovery code, and a guessed authenticator code meets
  // the ten-per-15-minutes limit; turning off and new recovery codes answer TWO_FACTOR_OFF.
  read('/athar/account/2fa'),
  write('/athar/account/2fa/setup'),
  write('/athar/account/2fa/enable', {
    body: TwoFactorCodeBody,
    sample: () => ({ body: { code: 'aaaa-aaaa' } }),
  }),
  write('/athar/account/2fa/disable', {
    body: TwoFactorCodeBody,
    sample: () => ({ body: { code: '123456' } }),
  }),
  write('/athar/account/2fa/recovery-codes', {
    body: TwoFactorCodeBody,
    sample: () => ({ body: { code: 'aaaa-aaaa' } }),
  }),

  read('/ard/lands'),
  read(
    '/ard/lands/:id',
    idOf((fx) => fx.landId),
  ),
  read(
    '/ard/lands/:id/balances',
    idOf((fx) => fx.landId),
  ),

  read('/ard/map/:continent', {
    params: { continent: 'index' },
    sample: () => ({ params: { continent: 1 } }),
  }),
  read('/ard/map/:continent/:x/:y', {
    params: { continent: 'index', x: 'index', y: 'index' },
    sample: () => ({ params: { continent: 0, x: 250, y: 250 } }),
  }),

  read('/abtal/heroes'),
  read(
    '/abtal/heroes/:id',
    idOf((fx) => fx.heroId),
  ),
  // The fuzzing player is below levels four and six: FEATURE_LOCKED.
  write('/abtal/heroes/:id/upskills', {
    params: { id: 'id' },
    body: UpskillsBody,
    sample: (fx) => ({ params: { id: fx.heroId }, body: { skills: [1, 0, 0, 0, 0, 0, 0, 0] } }),
  }),
  write('/abtal/heroes/:id/pot', {
    params: { id: 'id' },
    body: PotBody,
    sample: (fx) => ({ params: { id: fx.heroId }, body: { landid: fx.landId, skill: 0 } }),
  }),

  read('/misaar/mistypes/:type/requirements', {
    params: { type: 'word' },
    sample: () => ({ params: { type: 'GOLDCLAIM' } }),
  }),
  write('/misaar/mission/check', {
    body: MissionBody,
    readOnly: true,
    sample: (fx) => ({ body: { missionType: 'GOLDCLAIM', landid: fx.landId, heroid: fx.heroId } }),
  }),
  write('/misaar/mission/start', {
    body: MissionBody,
    // The clock never moves in these tests: a new land has no gold to claim yet.
    sample: (fx) => ({ body: { missionType: 'GOLDCLAIM', landid: fx.landId, heroid: fx.heroId } }),
  }),
  read('/misaar/missions/status/running'),
  // The fuzzing player is below level nine: FEATURE_LOCKED.
  read('/misaar/unique'),

  read('/dashboard/stat'),

  read('/mirza/boards/:board/last', {
    params: { board: 'word' },
    sample: () => ({ params: { board: 'TOP_XP_GAINERS' } }),
  }),

  // A new player has no XP: NOT_UPGRADABLE.
  write('/tartib/workflow/start', {
    body: WorkflowBody,
    sample: () => ({ body: { wftype: 'PROFILELEVELUP' } }),
  }),

  read('/hatif/messages'),
  read('/hatif/messages/countunread'),
  write(
    '/hatif/messages/:id/markread',
    idOf(() => MISSING),
  ),
  write(
    '/hatif/messages/:id/markdelete',
    idOf(() => MISSING),
  ),
  write('/hatif/messages/markdelete', {
    body: MarkDeleteBody,
    sample: () => ({ body: { ids: [MISSING] } }),
  }),

  read('/market/offers', anyone),
  write('/market/platinum', {
    body: BuyPlatinumBody,
    sample: () => ({ body: { packageId: 'no-such-package', idempotencyKey: 'fuzz-key-0001' } }),
  }),
  // A new player has no platinum: INSUFFICIENT_PLATINUM.
  write('/market/mint/land', {
    body: MintLandBody,
    sample: () => ({ body: { continent: 0, idempotencyKey: 'fuzz-key-0002' } }),
  }),
  write('/market/mint/hero', {
    body: MintHeroBody,
    sample: () => ({ body: { idempotencyKey: 'fuzz-key-0003' } }),
  }),
  read('/market/mint/prices'),
  // It also records, once, that the player has seen the marketplace (a first steps goal).
  read('/market/purchases', {
    readOnly: false,
    query: PurchaseListQuery,
    sample: () => ({ query: { limit: '10' } }),
  }),
  read(
    '/market/purchases/:id',
    idOf(() => MISSING),
  ),

  // The fuzzing player is below levels five, seven and eight: FEATURE_LOCKED (and without an
  // Idempotency-Key header every write is refused with 400 before that).
  read('/souq/trader'),
  write('/souq/trader/sell', {
    body: TradeBody,
    sample: (fx) => ({
      body: { landid: fx.landId, kind: 'item', code: 'TOWER_STONE', quantity: 1, price: 400 },
    }),
  }),
  write('/souq/trader/buy', {
    body: TradeBody,
    sample: (fx) => ({
      body: { landid: fx.landId, kind: 'item', code: 'TOWER_STONE', quantity: 1, price: 600 },
    }),
  }),
  read('/souq/secret'),
  write('/souq/secret/:offerId/buy', {
    params: { offerId: 'word' },
    body: SecretBuyBody,
    sample: (fx) => ({ params: { offerId: `${fx.profileId}-0-0` }, body: { landid: fx.landId } }),
  }),
  read('/hadath/luckycoin'),
  write('/hadath/luckycoin/toss', {
    body: TossBody,
    sample: (fx) => ({ body: { landid: fx.landId } }),
  }),

  // The fuzzing player is below level ten: every arena route answers FEATURE_LOCKED.
  read('/halba/defence'),
  {
    ...write('/halba/defence', { body: ArenaDefenceBody }),
    method: 'PUT',
    sample: (fx) => ({ body: { heroes: [fx.heroId] } }),
  },
  read('/halba/opponents'),
  write('/halba/attack', {
    body: ArenaAttackBody,
    sample: (fx) => ({ body: { opponent: MISSING, heroes: [fx.heroId] } }),
  }),
  read('/halba/battles', { query: ArenaBattlesQuery, sample: () => ({ query: { limit: '10' } }) }),
  read(
    '/halba/battles/:id',
    idOf(() => MISSING),
  ),
  read('/halba/ladder'),

  // Reports: the sample names no player, so it is refused (404).
  write('/athar/reports', {
    body: ReportBody,
    sample: () => ({ body: { profileid: MISSING, reason: 'spam', text: 'fuzzed' } }),
  }),

  // The operators' console: the fuzzing player has no staff role, so every route answers 404
  // (staff-access.test.ts checks the refusals of each role).
  ...staffEndpoints(),
  ...staffSocialEndpoints(),
  ...staffBazaarEndpoints(),

  // Players meet (docs/api.md, "Player messages", "Friends and blocks", "Alliances").
  ...socialEndpoints(),
  ...allianceEndpoints(),
  ...allianceChatEndpoints(),

  // The players' market (docs/api.md, "Bazaar").
  ...bazaarEndpoints(),

  // Web push devices and their choices (docs/api.md, "Web push").
  ...pushEndpoints(),
];

/**
 * The /diwan routes (docs/api.md, "Operators"); `admin` marks those a moderator is refused.
 * The samples are well-formed requests about a player who does not exist.
 */
function staffEndpoints(): Endpoint[] {
  const missing = () => ({ params: { id: MISSING } });
  const reason = 'A reason for the log';
  const on = (path: string, body: Endpoint['body'], sample: Record<string, unknown>) =>
    write(`/diwan/players/:id/${path}`, {
      params: { id: 'id' },
      body,
      sample: () => ({ ...missing(), body: sample }),
    });
  const soon = '2031-01-01T00:00:00.000Z';
  return (
    [
      read('/diwan/me'),
      read('/diwan/players', {
        query: PlayerSearchQuery,
        sample: () => ({ query: { q: 'someone', limit: '10' } }),
      }),
      read('/diwan/players/:id', { params: { id: 'id' }, sample: missing }),
      read('/diwan/players/:id/ledger', {
        params: { id: 'id' },
        query: PlayerLedgerQuery,
        sample: () => ({ ...missing(), query: { kind: 'gold', limit: '10' } }),
      }),
      read('/diwan/players/:id/signins', { params: { id: 'id' }, sample: missing }),
      read('/diwan/players/:id/signals', { params: { id: 'id' }, sample: missing }),
      read('/diwan/signals/clusters'),
      read('/diwan/reports', {
        query: ReportQueueQuery,
        sample: () => ({ query: { status: 'open' } }),
      }),
      read('/diwan/stafflog', {
        query: StaffLogQuery,
        sample: () => ({ query: { action: 'suspend', limit: '10' } }),
      }),
      write('/diwan/reauth', {
        body: ReauthBody,
        sample: () => ({ body: { password: 'not the password' } }),
      }),
      on('suspend', SuspendBody, { until: soon, reason, notice: 'You are suspended.' }),
      on('lift', ReasonBody, { reason }),
      on('mute', MuteBody, { until: soon, reason, notice: 'You are muted.' }),
      on('unmute', ReasonBody, { reason }),
      on('rename', RenameBody, { nickname: 'Renamed_One', reason, notice: 'New name.' }),
      on('grant', GrantBody, { kind: 'gold', amount: 10, reason, notice: 'A gift.' }),
      on('end-sessions', ReasonBody, { reason }),
      on('message', StaffMessageBody, { subject: 'Hello', body: 'From staff.', reason }),
      on('2fa-reset', ReasonBody, { reason }),
      {
        ...on('role', RoleBody, { role: 'moderator', reason }),
        method: 'PUT',
      },
      write('/diwan/reports/:id/resolve', {
        params: { id: 'id' },
        body: ResolveReportBody,
        sample: () => ({ ...missing(), body: { reason } }),
      }),
      write('/diwan/reports/:id/dismiss', {
        params: { id: 'id' },
        body: ReasonBody,
        sample: () => ({ ...missing(), body: { reason } }),
      }),
      write('/diwan/announcements', {
        body: StaffAnnouncementBody,
        sample: () => ({ body: { subject: 'Hello', body: 'Everyone.', reason } }),
      }),
      on('level', StaffLevelBody, { level: 3, reason }),
      write('/diwan/luckycoin', {
        body: LuckyOpenBody,
        sample: () => ({ body: { hours: 2, reason } }),
      }),
      write('/diwan/luckycoin/close', { body: ReasonBody, sample: () => ({ body: { reason } }) }),
      write('/diwan/unique', {
        body: UniqueCreateBody,
        sample: () => ({
          body: {
            name: 'Fuzzed hunt',
            end: soon,
            places: 3,
            skill: 7,
            min: 20,
            reward: { gold: 100, xp: 0 },
            reason,
          },
        }),
      }),
      write('/diwan/unique/:id/close', {
        params: { id: 'id' },
        body: ReasonBody,
        sample: () => ({ ...missing(), body: { reason } }),
      }),
    ] as Endpoint[]
  ).map((ep) => ({ ...ep, staffOnly: true }));
}

/** The console's routes only an admin may use (a moderator gets 403 STAFF_ADMIN_ONLY). */
export const ADMIN_ONLY = [
  'POST /diwan/players/:id/grant',
  'PUT /diwan/players/:id/role',
  'POST /diwan/announcements',
  'POST /diwan/players/:id/level',
  'POST /diwan/luckycoin',
  'POST /diwan/luckycoin/close',
  'POST /diwan/unique',
  'POST /diwan/unique/:id/close',
];

export const nameOf = (ep: Endpoint) => `${ep.method} ${ep.path}`;

// fast-check prints an endpoint in a counterexample as 'POST /abwab/login'.
for (const ep of ENDPOINTS)
  Object.defineProperty(ep, fc.toStringMethod, { value: () => nameOf(ep), enumerable: false });

/**
 * Routes the tests leave alone: the test clock moves time for every player at once; a
 * signed-in request to the push stream opens a stream that does not end, so its refusals (no
 * session: 401, a bad `lastEventId`: 400 naming it) are tested in push-events.test.ts instead.
 */
export const NOT_FUZZED = [
  'GET /__test/clock',
  'POST /__test/clock',
  'POST /__test/presence',
  'GET /events',
];

/** The URL prefix an endpoint belongs to ('/ard', '/health' ...). */
export const groupOf = (ep: Endpoint) => `/${ep.path.split('/')[1]}`;

export const GROUPS = [...new Set(ENDPOINTS.map(groupOf))];

/** The URL of `ep` with its path parameters filled in (values are used as given: raw). */
export function urlOf(
  ep: Endpoint,
  params: Record<string, string | number> = {},
  query?: Record<string, string> | string,
): string {
  const path = ep.path.replace(/:(\w+)/g, (_, name: string) => String(params[name] ?? ''));
  if (query === undefined) return path;
  const qs = typeof query === 'string' ? query : new URLSearchParams(query).toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * The routes Fastify serves, from `printRoutes({ commonPrefix: false })`: each line is a
 * path segment under the nearest less indented line, with its methods in parentheses.
 */
export function servedRoutes(tree: string): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!m) continue;
    const depth = (m[1] ?? '').length / 4;
    stack.length = depth;
    const path = `${stack[depth - 1] ?? ''}${m[2]}`;
    stack.push(path);
    for (const method of (m[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') found.push(`${method} ${path}`);
    }
  }
  return found.sort();
}
