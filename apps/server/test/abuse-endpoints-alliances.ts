import type { Endpoint } from './abuse-endpoint-kit.js';

/** Alliances: create, search, membership (docs/api.md, "Alliances"). */
export function allianceEndpoints(): Endpoint[] {
  return [];
}
