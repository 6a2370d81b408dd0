import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull();

/** Accounts. `login_lower` makes logins unique without regard to case. */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    login: text('login').notNull(),
    loginLower: text('login_lower').notNull(),
    email: text('email').notNull(),
    /** Lower-case 0x address of the wallet that signed the registration. */
    address: text('address').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
    /** When the player followed a verification link sent to `email` (null: not verified). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    /**
     * Two-factor (TOTP, RFC 6238): the base32 secret, set once the player confirmed a code.
     * `totp_pending_secret` holds a secret shown for scanning but not yet confirmed.
     */
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true, mode: 'date' }),
    /** The last TOTP time step accepted: a code of that step or an earlier one is refused. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /**
     * Staff roles (docs/operations.md, "Moderation"): 'moderator' and 'admin' may use the
     * operators' console; 'player' (everyone else) gets 404 there.
     */
    role: text('role').notNull().default('player'),
    /** A suspension's end: no sign-in before it. A date in the past is simply over. */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true, mode: 'date' }),
    /** A ban: no sign-in until staff lift it. */
    bannedAt: timestamp('banned_at', { withTimezone: true, mode: 'date' }),
    /** A mute's end: no messages or chat before it (core/account-status.ts). */
    mutedUntil: timestamp('muted_until', { withTimezone: true, mode: 'date' }),
    /** Why staff suspended, banned or muted the account: for staff, never shown to the player. */
    statusReason: text('status_reason'),
  },
  (t) => [
    check('users_role_check', sql`${t.role} in ('player', 'moderator', 'admin')`),
    uniqueIndex('users_login_lower_key').on(t.loginLower),
    uniqueIndex('users_address_key').on(t.address),
    // Password recovery finds accounts by e-mail address, without regard to case.
    index('users_email_lower_idx').on(sql`lower(${t.email})`),
    // The console's player search by prefix of login, e-mail and wallet address (LIKE 'x%'
    // uses a btree only with the pattern operator class).
    index('users_login_prefix_idx').on(t.loginLower.op('text_pattern_ops')),
    index('users_email_prefix_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    index('users_address_prefix_idx').on(t.address.op('text_pattern_ops')),
  ],
);

/** One row per player: balances that the ledger accounts for live here. */
export const profiles = pgTable(
  'profiles',
  {
    id: integer('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    nickname: text('nickname').notNull(),
    gold: bigint('gold', { mode: 'number' }).notNull().default(0),
    platinum: bigint('platinum', { mode: 'number' }).notNull().default(0),
    xp: bigint('xp', { mode: 'number' }).notNull().default(0),
    level: integer('level').notNull().default(0),
    vipPoints: bigint('vip_points', { mode: 'number' }).notNull().default(0),
    /**
     * Bumped (by triggers, see migration 0007) whenever anything the player's cached reads
     * depend on changes: a cache entry is valid while its version equals this.
     */
    stateVersion: bigint('state_version', { mode: 'number' }).notNull().default(0),
    /**
     * The sequence number of the player's latest push event (`player_events.seq`): the one
     * writer (core/events.ts) raises it in the statement that inserts the events, under
     * this row's lock, so a player's event ids grow in commit order. It is no column of
     * the state version trigger's list, so it does not invalidate cached reads.
     */
    eventSeq: bigint('event_seq', { mode: 'number' }).notNull().default(0),
    /**
     * When the player first read the marketplace's own data (`GET /market/purchases`): set once,
     * for the first steps goal "Visit the marketplace" (docs/game-rules.md, First steps).
     */
    marketSeenAt: timestamp('market_seen_at', { withTimezone: true, mode: 'date' }),
    /** When the player dismissed the first steps card; from then on no goal is looked for. */
    questsDismissedAt: timestamp('quests_dismissed_at', { withTimezone: true, mode: 'date' }),
    /**
     * The player's power (docs/game-rules.md, Profiles rating), kept by triggers on lands,
     * towers, heroes and the level (docs/decisions/0011-records.md); ranked by its index.
     */
    power: bigint('power', { mode: 'number' }).notNull().default(0),
    /** The avatar frame the player picked (docs/game-rules.md, Profile frames). */
    frame: text('frame').notNull().default('none'),
    createdAt: createdAt(),
  },
  (t) => [
    check('profiles_gold_nonnegative', sql`${t.gold} >= 0`),
    check('profiles_platinum_nonnegative', sql`${t.platinum} >= 0`),
    check('profiles_xp_nonnegative', sql`${t.xp} >= 0`),
    check('profiles_vip_nonnegative', sql`${t.vipPoints} >= 0`),
    check('profiles_level_range', sql`${t.level} between 0 and 10`),
    index('profiles_power_rank_idx').on(t.power.desc(), t.id),
    // The nickname search of the message dialog (LIKE 'x%' on the lower-cased nickname).
    index('profiles_nickname_prefix_idx').on(sql`lower(${t.nickname}) text_pattern_ops`),
  ],
);

/** A login on one device. Revoking it ends every token issued for it. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revokedReason: text('revoked_reason'),
    /** The browser's User-Agent at sign-in, for the player's list of sessions. */
    userAgent: text('user_agent'),
    /** The client address at sign-in (the approximate place in the list of sessions). */
    clientAddress: text('client_address'),
    /** Set at sign-in and at each refresh of the session's tokens. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }),
    /**
     * The last password entry for staff actions (`POST /diwan/reauth`): a staff action needs
     * this or the session's creation within the last 15 minutes.
     */
    reauthenticatedAt: timestamp('reauthenticated_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Two-factor recovery codes: SHA-256 of each code, single use. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('recovery_codes_key').on(t.userId, t.codeHash)],
);

/**
 * A password accepted for an account with two-factor: the second step (`POST /abwab/login/2fa`)
 * presents this token (a cookie) with a code. Short-lived, single use, attempts counted.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('login_challenges_user_idx').on(t.userId),
    index('login_challenges_expiry_idx').on(t.expiresAt),
  ],
);

/** Tokens are stored as SHA-256 hex of the random cookie value, never in clear. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('access_tokens_session_idx').on(t.sessionId),
    index('access_tokens_expiry_idx').on(t.expiresAt),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Set when the token is exchanged; presenting it again means it was stolen. */
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('refresh_tokens_session_idx').on(t.sessionId),
    index('refresh_tokens_expiry_idx').on(t.expiresAt),
  ],
);

/** Single-use nonces for the Sign-In with Ethereum registration message. */
export const authNonces = pgTable(
  'auth_nonces',
  {
    nonce: text('nonce').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('auth_nonces_expiry_idx').on(t.expiresAt)],
);

/** Fixed-window counters shared by every server process (login throttling). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
  hits: integer('hits').notNull(),
});
