import Type, { type Static } from 'typebox';
import { GAME_CONFIG } from '@aleph/rules';
import { PushPreferences } from './push.js';

/**
 * The operators' console (`/diwan`, docs/api.md "Operators") and the players' reports
 * (`POST /athar/reports`). Every route checks the caller's role on the server: a player gets
 * 404 for all of `/diwan`, a moderator 403 `STAFF_ADMIN_ONLY` for what only admins may do.
 */

export const StaffErrorCode = {
  adminOnly: 'STAFF_ADMIN_ONLY',
  /** A staff action needs a session younger than 15 minutes or a fresh `POST /diwan/reauth`. */
  reauthRequired: 'REAUTH_REQUIRED',
  /** `POST /diwan/reauth` with a wrong password (field `password`) or second factor (`code`). */
  reauthInvalid: 'REAUTH_INVALID',
  /** Login or refresh of a suspended or banned account; the body's `until` says till when. */
  accountSuspended: 'ACCOUNT_SUSPENDED',
  /** A muted player's message or chat line; the body's `until` says till when. */
  accountMuted: 'ACCOUNT_MUTED',
  /** The reporter already has an open report on this player. */
  reportOpen: 'REPORT_OPEN',
  /** Reporting oneself. */
  reportSelf: 'REPORT_SELF',
  /** Resolving or dismissing a report that is no longer open. */
  reportHandled: 'REPORT_HANDLED',
  /** A rename to a nickname another player has (or a login that is not the target's). */
  nicknameTaken: 'NICKNAME_TAKEN',
  /** Changing one's own role. */
  notOnYourself: 'STAFF_NOT_ON_YOURSELF',
  /** A take-back larger than the balance: nothing changes. */
  balanceTooLow: 'BALANCE_TOO_LOW',
  /** `/2fa-reset` of an account without two-factor. */
  twoFactorOff: 'TWO_FACTOR_OFF',
  /** Lifting or unmuting an account that is neither suspended nor muted (nothing to do). */
  nothingToLift: 'NOTHING_TO_LIFT',
  /** Deleting an alliance chat line that is deleted already (by staff or an officer). */
  chatLineDeleted: 'CHAT_LINE_DELETED',
} as const;
export type StaffErrorCode = (typeof StaffErrorCode)[keyof typeof StaffErrorCode];

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Cursor = Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' });
const IsoTime = Type.String({ format: 'date-time' });
const NullableTime = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

/** Why staff act: stored in the staff log, shown to staff only. */
export const StaffReason = Type.String({ minLength: 3, maxLength: 500 });
/** What the player is told in the inbox (instead of the internal reason). */
export const StaffNotice = Type.String({ minLength: 1, maxLength: 2000 });

export const StaffRole = Type.Union([
  Type.Literal('player'),
  Type.Literal('moderator'),
  Type.Literal('admin'),
]);
export type StaffRole = Static<typeof StaffRole>;

export const PlayerIdParams = Type.Object({ id: Id });
export type PlayerIdParams = Static<typeof PlayerIdParams>;

/** `GET /diwan/me`: the console shows itself only when this answers. */
export const StaffMe = Type.Object({ id: Type.Integer(), login: Type.String(), role: StaffRole });
export type StaffMe = Static<typeof StaffMe>;

/** `POST /diwan/reauth`: a fresh password entry (and second factor where the account has one). */
export const ReauthBody = Type.Object(
  {
    password: Type.String({ minLength: 1, maxLength: 128 }),
    code: Type.Optional(Type.String({ minLength: 1, maxLength: 20 })),
  },
  { additionalProperties: false },
);
export type ReauthBody = Static<typeof ReauthBody>;
export const ReauthResult = Type.Object({
  ok: Type.Literal(true),
  /** Until when staff actions need no other password entry. */
  freshUntil: IsoTime,
});
export type ReauthResult = Static<typeof ReauthResult>;

/** An account's standing: a suspension's end, a ban, a mute's end. */
export const PlayerStatus = Type.Object({
  state: Type.Union([
    Type.Literal('active'),
    Type.Literal('muted'),
    Type.Literal('suspended'),
    Type.Literal('banned'),
  ]),
  /** The suspension's end; null for a ban and for an account that is not suspended. */
  until: NullableTime,
  mutedUntil: NullableTime,
});
export type PlayerStatus = Static<typeof PlayerStatus>;

/** `GET /diwan/players`: q is a prefix of login, e-mail or wallet address, or an exact id. */
export const PlayerSearchQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 320 })),
  cursor: Type.Optional(Cursor),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type PlayerSearchQuery = Static<typeof PlayerSearchQuery>;

export const PlayerRow = Type.Object({
  id: Type.Integer(),
  login: Type.String(),
  nickname: Type.String(),
  email: Type.String(),
  address: Type.String(),
  role: StaffRole,
  level: Type.Integer(),
  status: PlayerStatus,
  createdAt: IsoTime,
});
export type PlayerRow = Static<typeof PlayerRow>;

export const PlayerSearchResult = Type.Object({
  players: Type.Array(PlayerRow),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type PlayerSearchResult = Static<typeof PlayerSearchResult>;

export const ReportReason = Type.Union([
  Type.Literal('cheating'),
  Type.Literal('abusive_name'),
  Type.Literal('harassment'),
  Type.Literal('spam'),
  Type.Literal('other'),
]);
export type ReportReason = Static<typeof ReportReason>;

export const ReportStatus = Type.Union([
  Type.Literal('open'),
  Type.Literal('resolved'),
  Type.Literal('dismissed'),
]);
export type ReportStatus = Static<typeof ReportStatus>;

/** One report as staff see it. */
export const ReportView = Type.Object({
  id: Type.Integer(),
  reporterId: Type.Integer(),
  reporterLogin: Type.String(),
  targetId: Type.Integer(),
  targetLogin: Type.String(),
  reason: ReportReason,
  text: Type.Union([Type.String(), Type.Null()]),
  messageId: Type.Union([Type.Integer(), Type.Null()]),
  /** The reported alliance chat line, if one was named. */
  chatLineId: Type.Union([Type.Integer(), Type.Null()]),
  /** A copy of the reported text (the message's subject and body, or the chat line). */
  quote: Type.Union([Type.String(), Type.Null()]),
  status: ReportStatus,
  createdAt: IsoTime,
  handledAt: NullableTime,
  handledBy: Type.Union([Type.String(), Type.Null()]),
  /** The staff-log row of the action taken on resolving, if one was named. */
  staffLogId: Type.Union([Type.Integer(), Type.Null()]),
});
export type ReportView = Static<typeof ReportView>;

/** One row of the staff log: who did what to whom, why, and the state before and after. */
export const StaffLogEntry = Type.Object({
  id: Type.Integer(),
  at: IsoTime,
  /** null: the operator CLI. */
  actorId: Type.Union([Type.Integer(), Type.Null()]),
  /** The staff member's login, or 'cli'. */
  actorLabel: Type.String(),
  action: Type.String(),
  targetUserId: Type.Union([Type.Integer(), Type.Null()]),
  targetLogin: Type.Union([Type.String(), Type.Null()]),
  reason: Type.String(),
  details: Type.Unknown(),
});
export type StaffLogEntry = Static<typeof StaffLogEntry>;

/** `GET /diwan/players/{id}`: one player's file. Small shapes: the console's tables. */
export const PlayerDetail = Type.Object({
  player: Type.Object({
    id: Type.Integer(),
    login: Type.String(),
    nickname: Type.String(),
    email: Type.String(),
    emailVerified: Type.Optional(Type.Boolean()),
    address: Type.String(),
    role: StaffRole,
    level: Type.Integer(),
    xp: Type.Integer(),
    gold: Type.Integer(),
    platinum: Type.Integer(),
    createdAt: IsoTime,
    status: PlayerStatus,
    twoFactor: Type.Boolean(),
  }),
  lands: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.Union([Type.String(), Type.Null()]),
      continent: Type.Integer(),
      x: Type.Integer(),
      y: Type.Integer(),
      element: Type.Integer(),
    }),
  ),
  heroes: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      rarity: Type.Integer(),
      element: Type.Integer(),
      level: Type.Integer(),
      residenceId: Type.Union([Type.Integer(), Type.Null()]),
    }),
  ),
  /** The 20 most recent missions. */
  missions: Type.Array(
    Type.Object({
      id: Type.Integer(),
      type: Type.String(),
      heroId: Type.Integer(),
      landId: Type.Integer(),
      startedAt: IsoTime,
      eta: IsoTime,
      status: Type.String(),
    }),
  ),
  /** The 20 most recent purchases. */
  purchases: Type.Array(
    Type.Object({
      id: Type.Integer(),
      kind: Type.String(),
      packageId: Type.Union([Type.String(), Type.Null()]),
      status: Type.String(),
      platinum: Type.Integer(),
      gold: Type.Integer(),
      createdAt: IsoTime,
    }),
  ),
  /** The 20 most recent sessions. */
  sessions: Type.Array(
    Type.Object({
      id: Type.String(),
      createdAt: IsoTime,
      lastSeenAt: NullableTime,
      revokedAt: NullableTime,
      revokedReason: Type.Union([Type.String(), Type.Null()]),
      userAgent: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
  reportsMade: Type.Array(ReportView),
  reportsReceived: Type.Array(ReportView),
  /** The player's alliance and role in it; null when in none (absent from older servers). */
  alliance: Type.Optional(
    Type.Union([
      Type.Object({
        id: Type.Integer(),
        name: Type.String(),
        tag: Type.String(),
        role: Type.Union([Type.Literal('leader'), Type.Literal('officer'), Type.Literal('member')]),
      }),
      Type.Null(),
    ]),
  ),
  /** The 50 most recent staff-log rows about this player. */
  staffActions: Type.Array(StaffLogEntry),
  /**
   * Web push: the player's devices (never their endpoints or keys, secrets of the device) and
   * what they chose to be told (absent from older servers).
   */
  push: Type.Optional(
    Type.Object({
      devices: Type.Array(
        Type.Object({
          id: Type.Integer(),
          /** A label such as "Chrome on Android". */
          userAgent: Type.String(),
          createdAt: IsoTime,
          lastSuccessAt: NullableTime,
          /** Deliveries waiting for this device. */
          pending: Type.Integer(),
          /** The error of its newest waiting delivery, if any. */
          lastError: Type.Union([Type.String(), Type.Null()]),
        }),
      ),
      ...PushPreferences.properties,
    }),
  ),
});
export type PlayerDetail = Static<typeof PlayerDetail>;

/** `GET /diwan/players/{id}/ledger`: newest first; kind is the ledger's asset. */
export const PlayerLedgerQuery = Type.Object({
  cursor: Type.Optional(Cursor),
  kind: Type.Optional(
    Type.Union([
      Type.Literal('gold'),
      Type.Literal('platinum'),
      Type.Literal('xp'),
      Type.Literal('vip'),
      Type.Literal('land_gold'),
      Type.Literal('vault'),
      Type.Literal('shards'),
      Type.Literal('item'),
    ]),
  ),
  /** A cause, or a family of causes: `mission` matches `mission:GOLDCLAIM` too. */
  cause: Type.Optional(Type.String({ minLength: 1, maxLength: 60, pattern: '^[A-Za-z0-9_:.-]+$' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type PlayerLedgerQuery = Static<typeof PlayerLedgerQuery>;

export const LedgerRow = Type.Object({
  id: Type.Integer(),
  at: IsoTime,
  asset: Type.String(),
  delta: Type.Number(),
  cause: Type.String(),
  causeId: Type.Union([Type.String(), Type.Null()]),
  landId: Type.Union([Type.Integer(), Type.Null()]),
  element: Type.Union([Type.Integer(), Type.Null()]),
  itemCode: Type.Union([Type.String(), Type.Null()]),
});
export type LedgerRow = Static<typeof LedgerRow>;

export const PlayerLedger = Type.Object({
  entries: Type.Array(LedgerRow),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type PlayerLedger = Static<typeof PlayerLedger>;

/** `GET /diwan/players/{id}/signins`: the last 50. */
export const SignInList = Type.Object({
  signIns: Type.Array(
    Type.Object({
      at: IsoTime,
      /** The raw address: admins only (null for moderators), and gone after 30 days. */
      clientAddress: Type.Union([Type.String(), Type.Null()]),
      userAgent: Type.Union([Type.String(), Type.Null()]),
      /** Short fingerprints (not the secrets) to compare rows by eye. */
      addressTag: Type.String(),
      deviceTag: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});
export type SignInList = Static<typeof SignInList>;

const LinkedAccount = Type.Object({
  id: Type.Integer(),
  login: Type.String(),
  /** What links them: 'address' (a client address), 'device' (the device cookie), 'wallet'. */
  via: Type.Array(
    Type.Union([Type.Literal('address'), Type.Literal('device'), Type.Literal('wallet')]),
  ),
  lastSeen: IsoTime,
  status: PlayerStatus,
});

/** A transfer of value between two accounts of one cluster (today: arena battles). */
export const FlaggedTransfer = Type.Object({
  /** An arena battle, or a Bazaar sale (its listing id) between accounts of one cluster. */
  kind: Type.Union([Type.Literal('arena'), Type.Literal('bazaar')]),
  id: Type.Integer(),
  at: IsoTime,
  fromId: Type.Integer(),
  toId: Type.Integer(),
  /** What moved: the arena's rating points of the battle, or the sale's price. */
  amount: Type.Number(),
});
export type FlaggedTransfer = Static<typeof FlaggedTransfer>;

/** `GET /diwan/players/{id}/signals`: other accounts seen with this one in the last 30 days. */
export const PlayerSignals = Type.Object({
  linked: Type.Array(LinkedAccount),
  flagged: Type.Array(FlaggedTransfer),
});
export type PlayerSignals = Static<typeof PlayerSignals>;

/** `GET /diwan/signals/clusters`: connected groups of linked accounts, largest first. */
export const SignalClusters = Type.Object({
  clusters: Type.Array(
    Type.Object({
      size: Type.Integer(),
      members: Type.Array(Type.Object({ id: Type.Integer(), login: Type.String() })),
      flagged: Type.Integer(),
    }),
  ),
});
export type SignalClusters = Static<typeof SignalClusters>;

/** Every action's answer: the staff-log row that records it. */
export const StaffActionResult = Type.Object({
  ok: Type.Literal(true),
  staffLogId: Type.Integer(),
});
export type StaffActionResult = Static<typeof StaffActionResult>;

/** No `until`: a ban (no end). */
export const SuspendBody = Type.Object(
  { until: Type.Optional(IsoTime), reason: StaffReason, notice: StaffNotice },
  { additionalProperties: false },
);
export type SuspendBody = Static<typeof SuspendBody>;

export const ReasonBody = Type.Object({ reason: StaffReason }, { additionalProperties: false });
export type ReasonBody = Static<typeof ReasonBody>;

export const MuteBody = Type.Object(
  { until: IsoTime, reason: StaffReason, notice: StaffNotice },
  { additionalProperties: false },
);
export type MuteBody = Static<typeof MuteBody>;

export const RenameBody = Type.Object(
  {
    /** The same rule as a login's: 3 to 32 letters, digits and underscores. */
    nickname: Type.String({ minLength: 3, maxLength: 32, pattern: '^[A-Za-z0-9_]+$' }),
    reason: StaffReason,
    notice: StaffNotice,
  },
  { additionalProperties: false },
);
export type RenameBody = Static<typeof RenameBody>;

export const GrantKind = Type.Union([
  Type.Literal('gold'),
  Type.Literal('platinum'),
  Type.Literal('xp'),
  Type.Literal('item'),
  Type.Literal('elementals'),
  Type.Literal('shards'),
]);
export type GrantKind = Static<typeof GrantKind>;

/** A negative amount takes back; one that would leave a balance below zero is 409. */
export const GrantBody = Type.Object(
  {
    kind: GrantKind,
    amount: Type.Integer({ minimum: -1_000_000_000, maximum: 1_000_000_000 }),
    /** Items, elementals and shards live on a land. */
    landid: Type.Optional(Id),
    /** Elementals and shards: 0 Air, 1 Fire, 2 Water, 3 Earth. */
    elemid: Type.Optional(Type.Integer({ minimum: 0, maximum: 3 })),
    item: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    reason: StaffReason,
    notice: StaffNotice,
  },
  { additionalProperties: false },
);
export type GrantBody = Static<typeof GrantBody>;

export const StaffMessageBody = Type.Object(
  {
    subject: Type.String({ minLength: 1, maxLength: 120 }),
    body: Type.String({ minLength: 1, maxLength: 5000 }),
    reason: StaffReason,
  },
  { additionalProperties: false },
);
export type StaffMessageBody = Static<typeof StaffMessageBody>;

export const RoleBody = Type.Object(
  { role: StaffRole, reason: StaffReason },
  { additionalProperties: false },
);
export type RoleBody = Static<typeof RoleBody>;

/** `POST /diwan/chat/{lineid}/delete`: a line of any alliance's chat. */
export const ChatLineIdParams = Type.Object({ lineid: Id });
export type ChatLineIdParams = Static<typeof ChatLineIdParams>;

/** `POST /diwan/players/{id}/push/{deviceId}/remove`: a player's web push device. */
export const PushDeviceParams = Type.Object({ id: Id, deviceId: Id });
export type PushDeviceParams = Static<typeof PushDeviceParams>;

/**
 * `POST /diwan/alliances/{id}/rename`: at least one of name and tag (else 400 naming `name`),
 * each checked by the rules' alliance name and tag checks. The reason is quoted to the members.
 */
export const AllianceRenameBody = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 100 })),
    tag: Type.Optional(Type.String({ maxLength: 20 })),
    reason: StaffReason,
  },
  { additionalProperties: false },
);
export type AllianceRenameBody = Static<typeof AllianceRenameBody>;

/** `GET /diwan/reports`: open reports grouped by target, the oldest group first. */
export const ReportQueueQuery = Type.Object({ status: Type.Optional(ReportStatus) });
export type ReportQueueQuery = Static<typeof ReportQueueQuery>;

export const ReportQueue = Type.Object({
  groups: Type.Array(
    Type.Object({
      targetId: Type.Integer(),
      targetLogin: Type.String(),
      targetNickname: Type.String(),
      count: Type.Integer(),
      oldest: IsoTime,
      reports: Type.Array(ReportView),
    }),
  ),
});
export type ReportQueue = Static<typeof ReportQueue>;

export const ReportIdParams = Type.Object({ id: Id });
export type ReportIdParams = Static<typeof ReportIdParams>;

export const ResolveReportBody = Type.Object(
  { action: Type.Optional(Id), reason: StaffReason },
  { additionalProperties: false },
);
export type ResolveReportBody = Static<typeof ResolveReportBody>;

/** `GET /diwan/stafflog`: newest first. target and actor are logins. */
export const StaffLogQuery = Type.Object({
  cursor: Type.Optional(Cursor),
  action: Type.Optional(Type.String({ minLength: 1, maxLength: 40, pattern: '^[a-z0-9_.-]+$' })),
  target: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
  actor: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type StaffLogQuery = Static<typeof StaffLogQuery>;

export const StaffLogPage = Type.Object({
  entries: Type.Array(StaffLogEntry),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type StaffLogPage = Static<typeof StaffLogPage>;

/** `POST /diwan/announcements` (admin): the CLI's `announce`, to every player's inbox. */
export const StaffAnnouncementBody = Type.Object(
  {
    subject: Type.String({ minLength: 1, maxLength: 200 }),
    body: Type.String({ minLength: 1, maxLength: 20_000 }),
    reason: StaffReason,
  },
  { additionalProperties: false },
);
export type StaffAnnouncementBody = Static<typeof StaffAnnouncementBody>;

/** `POST /diwan/players/{id}/level` (admins): the CLI's `level set`. XP is left as it is. */
export const StaffLevelBody = Type.Object(
  { level: Type.Integer({ minimum: 0, maximum: 10 }), reason: StaffReason },
  { additionalProperties: false },
);
export type StaffLevelBody = Static<typeof StaffLevelBody>;

/** `POST /diwan/luckycoin` (admins): the CLI's `luckycoin open`, from now for `hours`. */
export const LuckyOpenBody = Type.Object(
  {
    hours: Type.Integer({ minimum: 1, maximum: GAME_CONFIG.economy.luckyCoin.maxOperatorHours }),
    note: Type.Optional(Type.String({ maxLength: 200 })),
    reason: StaffReason,
  },
  { additionalProperties: false },
);
export type LuckyOpenBody = Static<typeof LuckyOpenBody>;

const limits = GAME_CONFIG.unique.limits;
const SkillIndex = Type.Integer({ minimum: 0, maximum: 7 });

/**
 * `POST /diwan/unique` (admins): the CLI's `unique create`. Skills by index (0 Mastery ..
 * 7 Strength), rarity 0 Common .. 4 Legendary; `start` defaults to now, `durationSkill` to
 * `skill`, `minutes` to the usual 240. The rules' checks name the field of a 400.
 */
export const UniqueCreateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: limits.nameMax }),
    description: Type.Optional(Type.String({ maxLength: limits.descriptionMax })),
    start: Type.Optional(IsoTime),
    end: IsoTime,
    places: Type.Integer({ minimum: 1, maximum: limits.placesMax }),
    skill: SkillIndex,
    min: Type.Integer({
      minimum: GAME_CONFIG.heroes.skillMin,
      maximum: GAME_CONFIG.heroes.skillMax,
    }),
    rarity: Type.Optional(Type.Integer({ minimum: 0, maximum: 4 })),
    minutes: Type.Optional(
      Type.Integer({ minimum: limits.minutesMin, maximum: limits.minutesMax }),
    ),
    durationSkill: Type.Optional(SkillIndex),
    reward: Type.Object(
      {
        gold: Type.Integer({ minimum: 0, maximum: limits.goldMax }),
        xp: Type.Integer({ minimum: 0, maximum: limits.xpMax }),
        items: Type.Optional(
          Type.Record(
            Type.String({ pattern: '^[A-Z_]{1,40}$' }),
            Type.Integer({ minimum: 1, maximum: limits.itemCountMax }),
          ),
        ),
      },
      { additionalProperties: false },
    ),
    reason: StaffReason,
  },
  { additionalProperties: false },
);
export type UniqueCreateBody = Static<typeof UniqueCreateBody>;

/** `POST /athar/reports`: a player reports another from a public profile (or a message). */
export const ReportBody = Type.Object(
  {
    profileid: Id,
    reason: ReportReason,
    text: Type.Optional(Type.String({ maxLength: 1000 })),
    messageid: Type.Optional(Id),
    /** A line of the reporter's alliance chat (docs/api.md, "Alliances"). */
    chatlineid: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type ReportBody = Static<typeof ReportBody>;

export const ReportCreated = Type.Object({ id: Type.Integer() });
export type ReportCreated = Static<typeof ReportCreated>;
