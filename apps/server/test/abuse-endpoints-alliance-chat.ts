import type { Endpoint } from './abuse-endpoint-kit.js';

/** Alliance chat and the alliance board (docs/api.md, "Alliances"). */
export function allianceChatEndpoints(): Endpoint[] {
  return [];
}
