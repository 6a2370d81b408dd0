import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { profiles } from './account-schema.js';

/**
 * PostgreSQL's 64-bit transaction id (`pg_current_xact_id()`), read as a decimal string: it is
 * compared in SQL only, never as a JavaScript number.
 */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Exact decimals for balances that grow or decay continuously (land gold, vault volume). */
const amount = (name: string) => numeric(name, { precision: 24, scale: 6, mode: 'number' });

export const lands = pgTable(
  'lands',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    name: text('name'),
    continent: smallint('continent').notNull(),
    x: smallint('x').notNull(),
    y: smallint('y').notNull(),
    terrain: smallint('terrain').notNull(),
    element: smallint('element').notNull(),
    /** Unclaimed gold as of `gold_at`; its value now is computed by the rules. */
    goldLeftover: amount('gold_leftover').notNull().default(0),
    goldAt: ts('gold_at').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('lands_slot_key').on(t.continent, t.x, t.y),
    index('lands_owner_idx').on(t.ownerId),
    check('lands_gold_nonnegative', sql`${t.goldLeftover} >= 0`),
    check('lands_continent_range', sql`${t.continent} between 0 and 1`),
    check('lands_xy_range', sql`${t.x} between 0 and 499 and ${t.y} between 0 and 499`),
    check('lands_terrain_range', sql`${t.terrain} between 0 and 4`),
    check('lands_element_range', sql`${t.element} between 0 and 3`),
  ],
);

/** Tower, seals, vault and shards of one element of one land. */
export const landElements = pgTable(
  'land_elements',
  {
    landId: integer('land_id')
      .notNull()
      .references(() => lands.id, { onDelete: 'cascade' }),
    element: smallint('element').notNull(),
    towerLevel: smallint('tower_level').notNull().default(0),
    seals: smallint('seals').notNull().default(0),
    /** Seal improvement steps (IMPROVESEAL), 0..5: each multiplies the drain by 0.85. */
    sealSteps: smallint('seal_steps').notNull().default(0),
    shards: integer('shards').notNull().default(0),
    vaultVolume: amount('vault_volume').notNull().default(0),
    vaultAt: ts('vault_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.landId, t.element] }),
    check('land_elements_element_range', sql`${t.element} between 0 and 3`),
    check('land_elements_tower_range', sql`${t.towerLevel} between 0 and 10`),
    check('land_elements_seals_range', sql`${t.seals} between 0 and 5`),
    check('land_elements_seal_steps_range', sql`${t.sealSteps} between 0 and 5`),
    check('land_elements_shards_nonnegative', sql`${t.shards} >= 0`),
    check('land_elements_vault_nonnegative', sql`${t.vaultVolume} >= 0`),
  ],
);

export const items = pgTable('items', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  type: text('type').notNull(),
});

export const landItems = pgTable(
  'land_items',
  {
    landId: integer('land_id')
      .notNull()
      .references(() => lands.id, { onDelete: 'cascade' }),
    itemCode: text('item_code')
      .notNull()
      .references(() => items.code),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.landId, t.itemCode] }),
    check('land_items_balance_nonnegative', sql`${t.balance} >= 0`),
  ],
);

export const heroes = pgTable(
  'heroes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    rarity: smallint('rarity').notNull(),
    sex: smallint('sex').notNull(),
    element: smallint('element').notNull(),
    generation: smallint('generation').notNull().default(0),
    /** Eight skills in the order of docs/screens.md: Mastery ... Strength. */
    skills: smallint('skills').array().notNull(),
    residenceId: integer('residence_id').references(() => lands.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
    /** Hero growth (docs/game-rules.md): level 0..5, cumulative hero XP, upskills, a pot. */
    level: smallint('level').notNull().default(0),
    xp: integer('xp').notNull().default(0),
    upskills: smallint('upskills')
      .array()
      .notNull()
      .default(sql`'{0,0,0,0,0,0,0,0}'`),
    potSkill: smallint('pot_skill'),
    potUntil: ts('pot_until'),
  },
  (t) => [
    index('heroes_owner_idx').on(t.ownerId),
    index('heroes_residence_idx').on(t.residenceId),
    check('heroes_rarity_range', sql`${t.rarity} between 0 and 4`),
    check('heroes_skills_len', sql`cardinality(${t.skills}) = 8`),
    check('heroes_level_range', sql`${t.level} between 0 and 5`),
    check('heroes_xp_nonnegative', sql`${t.xp} >= 0`),
    check('heroes_upskills_len', sql`cardinality(${t.upskills}) = 8`),
  ],
);

export const missions = pgTable(
  'missions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    heroId: integer('hero_id')
      .notNull()
      .references(() => heroes.id, { onDelete: 'cascade' }),
    landId: integer('land_id')
      .notNull()
      .references(() => lands.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    params: jsonb('params').notNull(),
    /** The outcome's random source: any settlement can be replayed from it. */
    seed: bigint('seed', { mode: 'number' }).notNull(),
    reservation: jsonb('reservation').notNull(),
    startedAt: ts('started_at').notNull(),
    eta: ts('eta').notNull(),
    status: text('status').notNull().default('running'),
    settledAt: ts('settled_at'),
    result: jsonb('result'),
  },
  (t) => [
    // What must never happen, enforced by the database itself:
    uniqueIndex('missions_one_running_per_hero')
      .on(t.heroId)
      .where(sql`${t.status} = 'running'`),
    uniqueIndex('missions_one_goldclaim_per_land')
      .on(t.landId)
      .where(sql`${t.status} = 'running' and ${t.type} = 'GOLDCLAIM'`),
    index('missions_due_idx')
      .on(t.eta)
      .where(sql`${t.status} = 'running'`),
    index('missions_running_profile_idx')
      .on(t.profileId)
      .where(sql`${t.status} = 'running'`),
    // The mission check looks up what runs on a land (a second upgrade of one tower).
    index('missions_running_land_idx')
      .on(t.landId)
      .where(sql`${t.status} = 'running'`),
    // "Has this player finished a mission of this type?" (the first steps goals, quests/).
    index('missions_settled_profile_type_idx')
      .on(t.profileId, t.type)
      .where(sql`${t.status} = 'settled'`),
    // The Mission Log (docs/api.md): a player's finished missions newest first by (eta, id);
    // the filters are key columns, so a filtered page is judged in the index alone.
    index('missions_log_idx')
      .on(
        t.profileId,
        t.eta,
        t.id,
        t.type,
        t.heroId,
        t.landId,
        sql`((${t.result} ->> 'success')::boolean)`,
      )
      .where(sql`${t.status} = 'settled'`),
    check('missions_status_values', sql`${t.status} in ('running', 'settled')`),
  ],
);

/** Once-per-UTC-day missions, counted at start: the key makes a second start impossible. */
export const dailyUsage = pgTable(
  'daily_usage',
  {
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    day: text('day').notNull(),
    missionId: integer('mission_id'),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.kind, t.day] })],
);

/**
 * Append-only record of every balance change. `asset` names the balance ('gold',
 * 'platinum', 'xp', 'vip', 'land_gold', 'vault', 'shards', 'item'); land, element and item
 * pin it down. For every balance, the sum of its entries equals the stored value.
 */
export const ledger = pgTable(
  'ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    profileId: integer('profile_id').notNull(),
    asset: text('asset').notNull(),
    landId: integer('land_id'),
    element: smallint('element'),
    itemCode: text('item_code'),
    delta: amount('delta').notNull(),
    cause: text('cause').notNull(),
    causeId: text('cause_id'),
    at: ts('at').notNull(),
  },
  (t) => [
    index('ledger_profile_idx').on(t.profileId, t.asset),
    index('ledger_land_idx').on(t.landId),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    senderName: text('sender_name').notNull(),
    /** The writing player of a player message (kind 'player'): replies and reports use it. */
    senderId: integer('sender_id').references(() => profiles.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    /** Sanitised HTML (sanitised again in the browser when shown). */
    body: text('body').notNull(),
    kind: text('kind').notNull(),
    announcementId: integer('announcement_id'),
    createdAt: ts('created_at').notNull(),
    readAt: ts('read_at'),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    index('messages_profile_idx').on(t.profileId, t.createdAt),
    index('messages_unread_idx')
      .on(t.profileId)
      .where(sql`${t.readAt} is null and ${t.deletedAt} is null`),
    // "Has this player read a mission report?" (the first steps goals, quests/).
    index('messages_read_report_idx')
      .on(t.profileId)
      .where(sql`${t.kind} = 'mission' and ${t.readAt} is not null`),
  ],
);

export const announcements = pgTable('announcements', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  senderName: text('sender_name').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: ts('created_at').notNull(),
});

/** Weekly board scores, kept up to date in the transaction that earns them. */
export const boardScores = pgTable(
  'board_scores',
  {
    board: text('board').notNull(),
    weekStart: ts('week_start').notNull(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    score: bigint('score', { mode: 'number' }).notNull(),
    /** When the score last grew: earlier reaches rank first among equal scores. */
    reachedAt: ts('reached_at').notNull(),
    /**
     * The transaction that last wrote the row (set on insert by the default, on update by every
     * writer): boards re-read only rows changed since their last read (standings.ts).
     */
    changedXid: xid8('changed_xid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
  },
  (t) => [
    primaryKey({ columns: [t.board, t.weekStart, t.profileId] }),
    index('board_scores_changed_idx').on(t.board, t.weekStart, t.changedXid),
    index('board_scores_rank_idx').on(
      t.board,
      t.weekStart,
      t.score.desc(),
      t.reachedAt,
      t.profileId,
    ),
  ],
);

/**
 * The game's world marker: created once by `admin world create` or the first start. The demo
 * account's password is never stored, only its hash in `users`.
 */
export const worldState = pgTable('world_state', {
  id: smallint('id').primaryKey(),
  createdAt: ts('created_at').notNull(),
  demoCreatedAt: ts('demo_created_at'),
  /**
   * The demo world's `veteran` account, when the world made one (worlds made before it was
   * added have none): a player who registered the login later is never taken for it.
   */
  veteranId: integer('veteran_id').references(() => profiles.id, { onDelete: 'set null' }),
  /** The demo world's `operator` account (an admin), like the veteran: none in older worlds. */
  operatorId: integer('operator_id').references(() => profiles.id, { onDelete: 'set null' }),
});

/**
 * Asynchronous workflows (PROFILELEVELUP): started by a request, run by the worker. One
 * pending workflow per profile and type, so starting twice never raises two levels.
 */
export const workflows = pgTable(
  'workflows',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    status: text('status').notNull().default('pending'),
    /** The level this run may raise the profile to; a stale run does nothing. */
    targetLevel: smallint('target_level').notNull(),
    createdAt: ts('created_at').notNull(),
    finishedAt: ts('finished_at'),
    result: text('result'),
  },
  (t) => [
    uniqueIndex('workflows_one_pending')
      .on(t.profileId, t.type)
      .where(sql`${t.status} = 'pending'`),
    index('workflows_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check('workflows_status_values', sql`${t.status} in ('pending', 'done', 'failed')`),
  ],
);

/**
 * The signed-in player's push events (docs/api.md, "Push"), kept for a reconnecting stream to
 * replay (EVENT_REPLAY_MS; housekeeping deletes older ones). `seq` is the player's own event
 * number (`profiles.event_seq`), the SSE id. A statement trigger (migration 0012) sends every
 * inserted row to the `aleph_events` channel, which each server process listens to.
 */
export const playerEvents = pgTable(
  'player_events',
  {
    /**
     * No foreign key: the writer inserts events only for profiles its own statement has just
     * locked and updated, and a per-row key check would cost settlement's batches dearly.
     */
    profileId: integer('profile_id').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.seq] }),
    index('player_events_created_idx').on(t.createdAt),
  ],
);

/**
 * The first steps goals a player has completed (docs/game-rules.md, First steps): a row per
 * goal, inserted once (`on conflict do nothing`), and its reward booked only by the statement
 * whose insert it was, so parallel reads pay it once.
 */
export const questRewards = pgTable(
  'quest_rewards',
  {
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    goal: text('goal').notNull(),
    completedAt: ts('completed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.goal] })],
);
