import type { Call } from './abuse-players.js';
import type { TestContext } from './helpers.js';

/**
 * For each POST, PUT and DELETE route of alliance chat, a request that succeeds when it comes from
 * the site (abuse-origin.test.ts): each factory is called once per header set, so each call
 * answers a fresh request that succeeds (a `cookie` of the player it acts for).
 */
export async function allianceChatOriginCases(
  _ctx: TestContext,
): Promise<Array<[string, () => Promise<Call>]>> {
  return [];
}
