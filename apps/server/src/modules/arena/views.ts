import { runBattle, type BattleHero, type BattleResult } from '@aleph/rules';
import type { ArenaBattle, ArenaBattleSummary } from '@aleph/contracts';

/** A battle row with both nicknames, as the history and the replay read it. */
export interface BattleRow {
  id: number;
  attacker_id: number;
  defender_id: number;
  attacker_name: string;
  defender_name: string;
  seed: number;
  attackers: BattleHero[];
  defenders: BattleHero[];
  winner: 'attacker' | 'defender';
  attacker_change: number;
  defender_change: number;
  attacker_rating: number;
  defender_rating: number;
  created_at: Date | string;
}

export function summaryOf(row: BattleRow, viewer: number): ArenaBattleSummary {
  const youAttacked = row.attacker_id === viewer;
  return {
    id: row.id,
    at: new Date(row.created_at).toISOString(),
    winner: row.winner,
    youAttacked,
    youWon: (row.winner === 'attacker') === youAttacked,
    attacker: {
      profileId: row.attacker_id,
      nickname: row.attacker_name,
      rating: row.attacker_rating,
      change: row.attacker_change,
    },
    defender: {
      profileId: row.defender_id,
      nickname: row.defender_name,
      rating: row.defender_rating,
      change: row.defender_change,
    },
  };
}

/** The summary with the turn log; `result` is the battle when the caller just fought it. */
export function battleOf(row: BattleRow, viewer: number, result?: BattleResult): ArenaBattle {
  const battle =
    result ?? runBattle({ attackers: row.attackers, defenders: row.defenders }, row.seed);
  return {
    ...summaryOf(row, viewer),
    seed: row.seed,
    capped: battle.capped,
    fighters: battle.fighters.map((f) => ({ ...f })),
    turns: battle.turns.map((t) => ({ ...t })),
  };
}
