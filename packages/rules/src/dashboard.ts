import { GAME_CONFIG } from './config.js';

/** Dashboard widgets' rules (docs/screens.md). */
const DASH = GAME_CONFIG.dashboard;

export interface GoldAttentionRow {
  readonly landid: number;
  readonly leftover: number;
  readonly cap: number;
  /** True when a mission is running on the land: such lands are left out. */
  readonly mission: boolean;
}

/** The top 10 lands by `cap - leftover` ascending (fullest first), then landid. */
export function goldAttention<T extends GoldAttentionRow>(rows: readonly T[]): T[] {
  return rows
    .filter((row) => !row.mission)
    .sort((a, b) => a.cap - a.leftover - (b.cap - b.leftover) || a.landid - b.landid)
    .slice(0, DASH.goldAttentionTop);
}

export type AttentionLevel = 'full' | 'high' | 'normal';

/** 'full' (red) at the cap, 'high' (orange) above 75% of it, else 'normal'. */
export function goldAttentionLevel(leftover: number, cap: number): AttentionLevel {
  if (cap > 0 && leftover >= cap) return 'full';
  if (cap > 0 && leftover > cap * DASH.goldAttentionHighRatio) return 'high';
  return 'normal';
}
