import { GAME_CONFIG } from './config.js';
import { QUEST_KEY_LIST, type QuestKey, type QuestRule } from './config-quests.js';
import { levelRequirement } from './profile.js';

export {
  QUEST_KEY_LIST,
  type QuestCondition,
  type QuestKey,
  type QuestRule,
} from './config-quests.js';

const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** What the card says about each goal: a title and one or two sentences on where to do it. */
const TEXTS: Readonly<Record<QuestKey, { title: string; description: string }>> = {
  dailyReward: {
    title: 'Claim the daily reward',
    description:
      'Open your land and press Claim Daily Reward: the hero who lives there brings back gold and an item.',
  },
  claimGold: {
    title: "Claim your land's gold",
    description:
      'Send your other hero, the one without a home, to your land with Claim Gold to carry its gold to the treasury.',
  },
  readReport: {
    title: 'Read a mission report',
    description: 'Every mission that ends sends a report to your inbox. Open one to read it.',
  },
  searchElementals: {
    title: 'Search for elementals',
    description:
      "On your land's ELEMENTS tab, press Search Elementals to fill a vault with the resident hero.",
  },
  levelUp: {
    title: 'Reach profile level 1',
    description: `Missions earn XP. With ${thousands(levelRequirement(1) ?? 0)} XP, open the level indicator in the top bar and press Unlock.`,
  },
  visitMarket: {
    title: 'Visit the marketplace',
    description:
      'Open the Marketplace to see the platinum packages and what a new land or hero costs.',
  },
};

export const QUEST_RULES: readonly QuestRule[] = GAME_CONFIG.quests.goals;

export const isQuestKey = (value: unknown): value is QuestKey =>
  typeof value === 'string' && (QUEST_KEY_LIST as readonly string[]).includes(value);

export interface QuestGoalView {
  readonly key: QuestKey;
  readonly title: string;
  readonly description: string;
  readonly done: boolean;
  readonly reward: { readonly gold: number; readonly xp: number };
}

export interface QuestBoardView {
  readonly goals: readonly QuestGoalView[];
  /** How many goals are done, of `total`. */
  readonly done: number;
  readonly total: number;
  /** The first goal in the list that is not done; null once all are. */
  readonly next: QuestKey | null;
  readonly dismissed: boolean;
}

/**
 * The card's view of the goals. A goal is done whenever it happened: the order of the list is
 * a suggestion, and `next` is only the first goal not done yet.
 */
export function questBoard(done: ReadonlySet<string>, dismissed: boolean): QuestBoardView {
  const goals = QUEST_RULES.map((rule) => ({
    key: rule.key,
    ...TEXTS[rule.key],
    done: done.has(rule.key),
    reward: { gold: rule.reward.gold, xp: rule.reward.xp },
  }));
  return {
    goals,
    done: goals.filter((g) => g.done).length,
    total: goals.length,
    next: goals.find((g) => !g.done)?.key ?? null,
    dismissed,
  };
}

/** The goals still to look for: none once the card is dismissed or everything is done. */
export function pendingQuests(done: ReadonlySet<string>, dismissed: boolean): QuestRule[] {
  return dismissed ? [] : QUEST_RULES.filter((rule) => !done.has(rule.key));
}
