import Type, { type Static, type TLiteral } from 'typebox';

type Literals<T extends readonly string[]> = { -readonly [K in keyof T]: TLiteral<T[K]> };

/**
 * Web push (docs/api.md, "Web push"): the VAPID key `GET /athar/push/key`, a player's devices
 * `GET`/`POST /athar/push/subscriptions` and `DELETE /athar/push/subscriptions/{id}`, and what
 * they want to hear about `GET`/`PUT /athar/push/preferences`.
 */
export const PushErrorCode = {
  /** The server runs with WEB_PUSH=off: no key, nothing can be subscribed. */
  pushOff: 'WEB_PUSH_OFF',
  /** The player already has PUSH_LIMITS.devices subscriptions. */
  devicesFull: 'PUSH_DEVICES_FULL',
} as const;
export type PushErrorCode = (typeof PushErrorCode)[keyof typeof PushErrorCode];

export const PUSH_LIMITS = {
  /** Subscribed browsers per player. */
  devices: 10,
  /** Longest endpoint URL stored (the push services' own are about 200 to 500 characters). */
  endpointLength: 1024,
} as const;

/** What a push can be about; a player turns each on or off. */
export const PUSH_KINDS = [
  'mission.finished',
  'profile.levelup',
  'arena.attacked',
  'message.new',
  'alliance.mention',
  'bazaar.outbid',
  'bazaar.sold',
  'bazaar.bought',
] as const;
export type PushKind = (typeof PUSH_KINDS)[number];
export const PushKind = Type.Union(
  PUSH_KINDS.map((kind) => Type.Literal(kind)) as Literals<typeof PUSH_KINDS>,
);

/** `GET /athar/push/key`: the application server key a browser subscribes with. */
export const PushKey = Type.Object({
  /** The VAPID public key, base64url (65 bytes decoded). */
  publicKey: Type.String(),
});
export type PushKey = Static<typeof PushKey>;

/** Base64url, with or without padding; the decoded lengths are checked by the server. */
const KeyText = Type.String({ minLength: 1, maxLength: 200 });

/** `POST /athar/push/subscriptions`: the browser's PushSubscription.toJSON(). */
export const PushSubscriptionBody = Type.Object({
  endpoint: Type.String({ minLength: 1, maxLength: PUSH_LIMITS.endpointLength }),
  keys: Type.Object({ p256dh: KeyText, auth: KeyText }),
  /** Milliseconds since the epoch when the push service drops it; null or absent: never. */
  expirationTime: Type.Optional(Type.Union([Type.Number({ minimum: 0 }), Type.Null()])),
});
export type PushSubscriptionBody = Static<typeof PushSubscriptionBody>;

export const PushSubscriptionParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
});
export type PushSubscriptionParams = Static<typeof PushSubscriptionParams>;

/** A subscribed device as the account page lists it. */
export const PushDevice = Type.Object({
  id: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
  /** A short label from the User-Agent it subscribed with: "Chrome on Android". */
  userAgent: Type.String(),
  /** The last push it accepted; null until one was sent. */
  lastSuccessAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type PushDevice = Static<typeof PushDevice>;

export const PushDeviceList = Type.Array(PushDevice);
export type PushDeviceList = Static<typeof PushDeviceList>;

/** Wall-clock time of day, 00:00 to 23:59. */
const TimeOfDay = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' });

export const QuietHours = Type.Object(
  { start: TimeOfDay, end: TimeOfDay },
  { additionalProperties: false },
);
export type QuietHours = Static<typeof QuietHours>;

/**
 * `GET`/`PUT /athar/push/preferences`. Quiet hours are in the player's IANA time zone and may
 * pass midnight (22:00 to 07:00); start equal to end is refused (it would mean nothing or
 * everything). Defaults: every kind on, no quiet hours, UTC.
 */
export const PushPreferences = Type.Object({
  kinds: Type.Array(PushKind, { maxItems: PUSH_KINDS.length, uniqueItems: true }),
  quietHours: Type.Union([QuietHours, Type.Null()]),
  timeZone: Type.String({ minLength: 1, maxLength: 64 }),
});
export type PushPreferences = Static<typeof PushPreferences>;

/** What a push is about: one of the kinds, or the summary sent when quiet hours end. */
export const PushPayloadKind = Type.Union([PushKind, Type.Literal('summary')]);
export type PushPayloadKind = Static<typeof PushPayloadKind>;

/**
 * What a push carries, encrypted for the device (docs/operations.md, "Web push"): the service
 * worker shows `title` and `body`, and a click focuses a tab of the game or opens `url`. One
 * device shows one notification per `tag` (a newer one replaces it). No secrets and no other
 * player's private data: a subject line and a nickname at most.
 */
export const PushPayload = Type.Object({
  kind: PushPayloadKind,
  title: Type.String(),
  body: Type.String(),
  /** A path of the game to open on click: '/heroes/12', '/bazaar/mine'. */
  url: Type.String(),
  tag: Type.String(),
  /** How many events this push tells of (more than 1 when a burst was folded). */
  count: Type.Integer({ minimum: 1 }),
  /** When the push was made, ISO 8601. */
  at: Type.String({ format: 'date-time' }),
});
export type PushPayload = Static<typeof PushPayload>;
