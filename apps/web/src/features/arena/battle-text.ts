import type { ArenaBattle, ArenaFighter, ArenaTurn } from '@aleph/contracts';

const ROLL_TEXT: Record<ArenaTurn['roll'], string> = {
  evade: 'evades',
  miss: 'misses',
  critical: 'critical hit',
  weak: 'weak hit',
  normal: 'hit',
};

/** One turn as a sentence: "Aria hits Bran for 28 (weak hit)", "Bran evades Aria's attack". */
export function turnText(turn: ArenaTurn, fighters: readonly ArenaFighter[]): string {
  const actor = fighters[turn.actor]?.name ?? '?';
  const target = fighters[turn.target]?.name ?? '?';
  if (turn.roll === 'evade') return `${target} evades ${actor}'s attack.`;
  if (turn.roll === 'miss') return `${actor} misses ${target}.`;
  const fell = turn.hp === 0 ? ` ${target} falls.` : '';
  return `${actor} hits ${target} for ${turn.damage} (${ROLL_TEXT[turn.roll]}).${fell}`;
}

/** Every fighter's HP after the first `shown` turns. */
export function hpAfter(battle: ArenaBattle, shown: number): number[] {
  const hp = battle.fighters.map((f) => f.maxHp);
  for (const turn of battle.turns.slice(0, shown)) hp[turn.target] = turn.hp;
  return hp;
}

/** The result from the viewer's side: "Victory" or "Defeat" and the rating change. */
export function resultText(battle: ArenaBattle): string {
  const mine = battle.youAttacked ? battle.attacker : battle.defender;
  const sign = mine.change > 0 ? '+' : '';
  return `${battle.youWon ? 'Victory' : 'Defeat'}: rating ${sign}${mine.change} (now ${mine.rating}).`;
}
