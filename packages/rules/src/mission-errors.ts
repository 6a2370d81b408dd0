/** Stable codes of a refused mission; the server maps NOT_YOUR_* to 404 itself. */
export const MissionErrorCode = {
  unknownMission: 'UNKNOWN_MISSION',
  notYourLand: 'NOT_YOUR_LAND',
  notYourHero: 'NOT_YOUR_HERO',
  featureLocked: 'FEATURE_LOCKED',
  heroBusy: 'HERO_BUSY',
  notResident: 'NOT_RESIDENT',
  alreadyResident: 'ALREADY_RESIDENT',
  badElement: 'BAD_ELEMENT',
  badParam: 'BAD_PARAM',
  dailyLimit: 'DAILY_LIMIT',
  claimRunning: 'CLAIM_RUNNING',
  nothingToClaim: 'NOTHING_TO_CLAIM',
  landFull: 'LAND_FULL',
  upgradeRunning: 'UPGRADE_RUNNING',
  staleLevel: 'STALE_LEVEL',
  staleSeal: 'STALE_SEAL',
  maxLevel: 'MAX_LEVEL',
  ingredientsMissing: 'INGREDIENTS_MISSING',
  heroXpShort: 'HERO_XP_SHORT',
  sealTooWeak: 'SEAL_TOO_WEAK',
  uniqueNotFound: 'UNIQUE_NOT_FOUND',
  uniqueNotOpen: 'UNIQUE_NOT_OPEN',
  uniqueClosed: 'UNIQUE_CLOSED',
  uniqueFull: 'UNIQUE_FULL',
  uniqueJoined: 'UNIQUE_JOINED',
  uniqueRequirement: 'UNIQUE_REQUIREMENT',
} as const;
export type MissionErrorCode = (typeof MissionErrorCode)[keyof typeof MissionErrorCode];

export interface MissionError {
  readonly code: MissionErrorCode;
  /** A sentence a player can read as is. */
  readonly message: string;
  /** The body parameter the refusal is about, when there is one. */
  readonly field?: string;
}

export function missionError(
  code: MissionErrorCode,
  message: string,
  field?: string,
): MissionError {
  return field === undefined ? { code, message } : { code, message, field };
}
