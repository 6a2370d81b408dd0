/** The world map and world statistics (docs/game-rules.md, World map). */
export const MAP_CONFIG = {
  /** World statistics are computed at most this often per server process. */
  statsRefreshSeconds: 60,
  /** The profile level whose flag (`profileLevel5`) opens world statistics. */
  statsProfileLevel: 5,
} as const;
