import { GAME_CONFIG } from './config.js';

/**
 * Weekly boards. Ranking is total and deterministic: score descending, then the earlier
 * moment the score was reached, then the lower profile id. Ranks are 1, 2, 3 ... with no
 * shared places, so a board never reorders between two reads.
 */
export type BoardType = (typeof GAME_CONFIG.boards.types)[number];
export const BOARD_TYPES: readonly BoardType[] = GAME_CONFIG.boards.types;

export const isBoardType = (value: unknown): value is BoardType =>
  typeof value === 'string' && (BOARD_TYPES as readonly string[]).includes(value);

export interface BoardEntry {
  readonly profileId: number;
  readonly score: number;
  /** Epoch ms of the last change of the score: who got there first ranks first. */
  readonly reachedAt: number;
}

/**
 * The board order on plain values (negative when row a ranks first), for callers that keep
 * rows as columns: the server's standings sort and search with it, so the order exists once.
 */
export function compareBoardKeys(
  scoreA: number,
  reachedAtA: number,
  profileIdA: number,
  scoreB: number,
  reachedAtB: number,
  profileIdB: number,
): number {
  return scoreB - scoreA || reachedAtA - reachedAtB || profileIdA - profileIdB;
}

export function compareBoardEntries(a: BoardEntry, b: BoardEntry): number {
  return compareBoardKeys(a.score, a.reachedAt, a.profileId, b.score, b.reachedAt, b.profileId);
}
