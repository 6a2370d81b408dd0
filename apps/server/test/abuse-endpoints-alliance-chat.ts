import { AllianceChatBody, AllianceChatQuery } from '@aleph/contracts';
import { MISSING, read, write, type Endpoint } from './abuse-endpoint-kit.js';

/**
 * Alliance chat and the alliance board (docs/api.md, "Alliances"). The fuzzing player is in no
 * alliance: every chat sample names an alliance that does not exist (404), and any alliance a
 * fuzzed id hits refuses an outsider (403).
 */
export function allianceChatEndpoints(): Endpoint[] {
  const alliance = {
    params: { id: 'id' as const },
    sample: () => ({ params: { id: MISSING } }),
  };
  return [
    read('/athar/alliances/:id/chat', {
      ...alliance,
      query: AllianceChatQuery,
      sample: () => ({ params: { id: MISSING }, query: { before: '5' } }),
    }),
    write('/athar/alliances/:id/chat', {
      ...alliance,
      body: AllianceChatBody,
      sample: () => ({ params: { id: MISSING }, body: { text: 'Hello, band.' } }),
    }),
    {
      ...write('/athar/alliances/:id/chat/:lineid'),
      method: 'DELETE',
      params: { id: 'id', lineid: 'id' },
      sample: () => ({ params: { id: MISSING, lineid: MISSING } }),
    },
    read('/mirza/alliances/last'),
  ];
}
