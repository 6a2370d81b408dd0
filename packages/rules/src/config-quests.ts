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
   * Paid once, into the treasury. The first steps are the tutorial: the five goals before
   * `levelUp` pay 19,000 XP together, so with the missions that meet them a newcomer reaches
   * level 1 (19,412) in the first hour (docs/game-balance.md).
   */
  readonly reward: { readonly gold: number; readonly xp: number };
}

export const QUESTS_CONFIG: { readonly goals: readonly QuestRule[] } = {
  goals: [
    {
      key: 'dailyReward',
      condition: { kind: 'missionSettled', missionType: 'DAILYREWARD' },
      reward: { gold: 100, xp: 4000 },
    },
    {
      key: 'claimGold',
      condition: { kind: 'missionSettled', missionType: 'GOLDCLAIM' },
      reward: { gold: 100, xp: 4000 },
    },
    { key: 'readReport', condition: { kind: 'reportRead' }, reward: { gold: 50, xp: 3500 } },
    {
      key: 'searchElementals',
      condition: { kind: 'missionSettled', missionType: 'SEARCHELEMENT' },
      reward: { gold: 100, xp: 4000 },
    },
    {
      key: 'levelUp',
      condition: { kind: 'profileLevel', level: 1 },
      reward: { gold: 500, xp: 5000 },
    },
    { key: 'visitMarket', condition: { kind: 'marketSeen' }, reward: { gold: 50, xp: 3500 } },
  ],
};
