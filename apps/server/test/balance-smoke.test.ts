import { describe, expect, it } from 'vitest';
import { PLAYER_KINDS, simulate, type PlayerResult } from '../sim/run.js';

/**
 * The first two weeks of the balance simulator (docs/game-balance.md): an active and a casual
 * free player play the real server. A refusal means the rules and what a sensible player reads
 * in docs/game-rules.md disagree; a level later than the targets means the game got slower.
 * The simulator always runs on its own embedded database, whatever database the suite uses.
 */
describe('the balance simulator, first 14 days', () => {
  it('meets the pacing targets with no refusal', { timeout: 600_000 }, async () => {
    const results = await simulate({
      days: 14,
      kinds: [PLAYER_KINDS.active!, PLAYER_KINDS.casual!],
      seed: 1,
    });
    const [active, casual] = results as [PlayerResult, PlayerResult];
    for (const r of results) expect(r.refusals, `${r.kind} refusals`).toEqual([]);

    // First session: a mission back within 5 minutes, three in the first hour, level 1.
    expect(active.firstSession.firstFinishedMinutes).toBeLessThanOrEqual(5);
    expect(active.firstSession.finishedIn60).toBeGreaterThanOrEqual(3);
    expect(active.firstSession.levelAt60).toBeGreaterThanOrEqual(1);

    const reachedBy = (r: PlayerResult, level: number) => r.levelDays[level] ?? Infinity;
    expect(reachedBy(active, 2)).toBeLessThanOrEqual(2);
    expect(reachedBy(active, 5)).toBeLessThanOrEqual(14);
    expect(reachedBy(casual, 1)).toBeLessThanOrEqual(2);
    expect(reachedBy(casual, 3)).toBeLessThanOrEqual(7);

    // Gold buys growth: both have minted with gold in their first two weeks.
    const day14 = (r: PlayerResult) => r.snapshots.find((s) => s.day === 14)!;
    expect(day14(active).heroes).toBeGreaterThan(3);
    expect(day14(casual).heroes).toBeGreaterThan(3);
    // A tower upgraded in the casual's first week.
    expect(casual.snapshots.find((s) => s.day === 7)!.towerLevels).toBeGreaterThan(0);
  });
});
