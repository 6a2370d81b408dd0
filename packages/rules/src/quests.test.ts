import { describe, expect, it } from 'vitest';
import { GAME_CONFIG } from './config.js';
import { levelRequirement } from './profile.js';
import { isQuestKey, pendingQuests, QUEST_KEY_LIST, questBoard } from './quests.js';
import { MISSION_TYPE_LIST } from './world.js';

describe('first steps goals', () => {
  it('are the six goals in order, each with a title, a hint and a small reward', () => {
    const board = questBoard(new Set(), false);
    expect(board.goals.map((g) => g.key)).toEqual([...QUEST_KEY_LIST]);
    expect(board).toMatchObject({ done: 0, total: 6, next: 'dailyReward', dismissed: false });
    for (const goal of board.goals) {
      expect(goal.title.length).toBeGreaterThan(5);
      expect(goal.description).toMatch(/\.$/);
      expect(goal.reward.gold).toBeGreaterThan(0);
    }
    expect(board.goals.find((g) => g.key === 'levelUp')?.description).toContain('19,412 XP');
  });

  it('pay less XP before levelUp than level 1 needs, so at least one mission is still needed', () => {
    // The five goals other than levelUp: 4,000 + 4,000 + 3,500 + 4,000 + 3,500.
    const before = GAME_CONFIG.quests.goals.filter((g) => g.key !== 'levelUp');
    const xp = before.reduce((sum, g) => sum + g.reward.xp, 0);
    expect(before).toHaveLength(5);
    expect(xp).toBe(19_000);
    expect(levelRequirement(1)).toBe(19_412);
    expect(xp).toBeLessThan(levelRequirement(1) ?? 0);
  });

  it('name real mission types', () => {
    for (const { condition } of GAME_CONFIG.quests.goals) {
      if (condition.kind === 'missionSettled')
        expect(MISSION_TYPE_LIST).toContain(condition.missionType);
    }
  });

  it('count a goal done in any order; next is the first one not done', () => {
    const board = questBoard(new Set(['claimGold', 'dailyReward', 'visitMarket']), false);
    expect(board.done).toBe(3);
    expect(board.next).toBe('readReport');
    expect(board.goals.filter((g) => g.done).map((g) => g.key)).toEqual([
      'dailyReward',
      'claimGold',
      'visitMarket',
    ]);
    expect(questBoard(new Set(QUEST_KEY_LIST), false)).toMatchObject({ done: 6, next: null });
  });

  it('look for nothing once dismissed or all done', () => {
    expect(pendingQuests(new Set(), false)).toHaveLength(6);
    expect(pendingQuests(new Set(['levelUp']), false).map((g) => g.key)).not.toContain('levelUp');
    expect(pendingQuests(new Set(), true)).toEqual([]);
    expect(pendingQuests(new Set(QUEST_KEY_LIST), false)).toEqual([]);
    expect(isQuestKey('levelUp')).toBe(true);
    expect(isQuestKey('nope')).toBe(false);
  });
});
