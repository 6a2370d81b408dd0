import type { Endpoint } from './abuse-endpoint-kit.js';

/** Player messages, blocks, friends and the player search (docs/api.md). */
export function socialEndpoints(): Endpoint[] {
  return [];
}
