import type { MissionType } from './world.js';

/** The guided first goals, in the order the card lists them (docs/game-rules.md, First steps). */
export const QUEST_KEY_LIST = [
  'dailyReward',
  'claimGold',
  'readReport',
  'searchElementals',
  'levelUp',
  'visitMarket',
] as const;
export type QuestKey = (typeof QUEST_KEY_LIST)[number];

/**
 * What the server must have seen for a goal to be done. Each is a fact it stores anyway: a
 * settled mission of a type, a mission report read in the inbox, the profile's level, the
 * first time the player read the marketplace.
 */
export type QuestCondition =
  | { readonly kind: 'missionSettled'; readonly missionType: MissionType }
  | { readonly kind: 'reportRead' }
  | { readonly kind: 'profileLevel'; readonly level: number }
  | { readonly kind: 'marketSeen' };

export interface QuestRule {
  readonly key: QuestKey;
  readonly condition: QuestCondition;
  /**
   * Paid once, into the treasury. The XP is kept small (all six together are about 3 % of
   * level 1's 19,412) so that reaching level 1 stays earned by missions.
   */
  readonly reward: { readonly gold: number; readonly xp: number };
}

export const QUESTS_CONFIG: { readonly goals: readonly QuestRule[] } = {
  goals: [
    {
      key: 'dailyReward',
      condition: { kind: 'missionSettled', missionType: 'DAILYREWARD' },
      reward: { gold: 100, xp: 100 },
    },
    {
      key: 'claimGold',
      condition: { kind: 'missionSettled', missionType: 'GOLDCLAIM' },
      reward: { gold: 100, xp: 100 },
    },
    { key: 'readReport', condition: { kind: 'reportRead' }, reward: { gold: 50, xp: 50 } },
    {
      key: 'searchElementals',
      condition: { kind: 'missionSettled', missionType: 'SEARCHELEMENT' },
      reward: { gold: 100, xp: 100 },
    },
    {
      key: 'levelUp',
      condition: { kind: 'profileLevel', level: 1 },
      reward: { gold: 250, xp: 200 },
    },
    { key: 'visitMarket', condition: { kind: 'marketSeen' }, reward: { gold: 50, xp: 50 } },
  ],
};
