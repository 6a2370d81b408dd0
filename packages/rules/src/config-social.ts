/**
 * The social layer's numbers (docs/game-rules.md, Players meet): player messages, friends and
 * alliances. Starting values; tuning them is an edit here and in docs/game-rules.md.
 */
export const SOCIAL_CONFIG = {
  messages: {
    subjectMax: 120,
    bodyMax: 2000,
    /** Messages a player may send in any rolling hour. */
    perHour: 30,
    /** Players never written to before that a player may write to in any rolling day. */
    newRecipientsPerDay: 10,
    /** Below this profile level a player may write only to players who wrote to them. */
    freeWriteLevel: 1,
  },
  friends: {
    /** A friend is online when connected to the push stream within this many ms. */
    onlineWindowMs: 2 * 60_000,
    /** Friends and open requests a player may have. */
    max: 200,
  },
  /** How often each server process records its connected players as seen. */
  presenceWriteMs: 60_000,
  /** Blocked players a player may have. */
  blocksMax: 500,
  alliances: {
    /** The profile level from which a player may create or join one. */
    minLevel: 1,
    /** Treasury gold the founder pays (a gold sink, booked through the change book). */
    createCost: 10_000,
    maxMembers: 30,
    /** After leaving (or being kicked), a player waits this long before joining another. */
    rejoinWaitMs: 24 * 3_600_000,
    name: { min: 3, max: 30 },
    tag: { min: 2, max: 5 },
    descriptionMax: 1000,
    applicationTextMax: 1000,
    /** Invitations an alliance may send in any rolling day (each reaches an inbox). */
    invitesPerDay: 30,
    chat: {
      maxLength: 500,
      /** Lines a member may post in any rolling minute. */
      perMinute: 20,
      /** Lines a page of history holds. */
      pageSize: 50,
    },
    board: {
      /** Alliances shown on the weekly board. */
      topSize: 100,
      /** Gold paid to every member of the alliances placed first, second... (index 0 = first). */
      rewardsGold: [3000, 2000, 1500, 1000, 1000, 500, 500, 500, 500, 500],
    },
    goal: {
      /** Treasury gold the members claim together in an ISO week. */
      gold: 200_000,
      /** Gold paid to each member who claimed gold towards a reached goal. */
      rewardGold: 1000,
    },
  },
} as const;
