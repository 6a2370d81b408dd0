import {
  AllianceApplyBody,
  AllianceCreateBody,
  AllianceInviteBody,
  AllianceLeaderBody,
  AllianceSearchQuery,
} from '@aleph/contracts';
import { idOf, MISSING, read, write, type Endpoint } from './abuse-endpoint-kit.js';

/**
 * Alliances: create, search, membership (docs/api.md, "Alliances"). The fuzzing player is below
 * the level alliances open at (403 on create), and every other sample names an alliance that
 * does not exist (404).
 */
export function allianceEndpoints(): Endpoint[] {
  const alliance = idOf(() => MISSING);
  const member = {
    params: { id: 'id' as const, profileid: 'id' as const },
    sample: () => ({ params: { id: MISSING, profileid: MISSING } }),
  };
  return [
    write('/athar/alliances', {
      body: AllianceCreateBody,
      sample: () => ({
        body: { name: 'Fuzzed Band', tag: 'FUZ', description: 'A fuzzed one.', open: true },
      }),
    }),
    read('/athar/alliances', {
      query: AllianceSearchQuery,
      sample: () => ({ query: { q: 'fu', cursor: '0-1' } }),
    }),
    read('/athar/alliances/:id', alliance),
    write('/athar/alliances/:id/join', alliance),
    write('/athar/alliances/:id/leave', alliance),
    write('/athar/alliances/:id/apply', {
      ...alliance,
      body: AllianceApplyBody,
      sample: () => ({ params: { id: MISSING }, body: { text: 'Let me in.' } }),
    }),
    write('/athar/alliances/:id/invite', {
      ...alliance,
      body: AllianceInviteBody,
      sample: () => ({ params: { id: MISSING }, body: { nickname: 'nobody-fuzzed-0' } }),
    }),
    write('/athar/alliances/:id/leader', {
      ...alliance,
      body: AllianceLeaderBody,
      sample: () => ({ params: { id: MISSING }, body: { profileid: MISSING } }),
    }),
    write('/athar/alliances/:id/applications/:profileid/accept', member),
    write('/athar/alliances/:id/applications/:profileid/refuse', member),
    write('/athar/alliances/:id/members/:profileid/kick', member),
    write('/athar/alliances/:id/members/:profileid/promote', member),
    write('/athar/alliances/:id/members/:profileid/demote', member),
  ];
}
