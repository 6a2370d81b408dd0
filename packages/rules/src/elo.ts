import { ARENA_CONFIG } from './config-arena.js';

const { k, scale } = ARENA_CONFIG.elo;

/** The attacker's expected score against the defender: 1 / (1 + 10^((Rd - Ra) / 400)). */
export function eloExpected(attacker: number, defender: number): number {
  return 1 / (1 + 10 ** ((defender - attacker) / scale));
}

/**
 * The rating change of one battle (docs/game-rules.md, Arena): the attacker gains
 * round(K x (score - expected)) and the defender loses exactly that, so ratings sum to the same.
 */
export function eloChange(
  attacker: number,
  defender: number,
  attackerWon: boolean,
): { attacker: number; defender: number } {
  const delta = Math.round(k * ((attackerWon ? 1 : 0) - eloExpected(attacker, defender)));
  // `0 - delta` keeps -0 out of the answer when the change rounds to nothing.
  return { attacker: delta, defender: delta === 0 ? 0 : -delta };
}
