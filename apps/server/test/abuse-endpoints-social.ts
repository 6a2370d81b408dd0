import { FriendBody } from '@aleph/contracts';
import { MISSING, read, write, type Endpoint } from './abuse-endpoint-kit.js';

/** Player messages, blocks, friends and the player search (docs/api.md). */
export function socialEndpoints(): Endpoint[] {
  return [...friendEndpoints()];
}

/** Friends: every sample names a player who does not exist (404). */
function friendEndpoints(): Endpoint[] {
  const missing = {
    params: { profileid: 'id' as const },
    sample: () => ({ params: { profileid: MISSING } }),
  };
  return [
    read('/athar/friends'),
    write('/athar/friends', { body: FriendBody, sample: () => ({ body: { profileid: MISSING } }) }),
    write('/athar/friends/:profileid/accept', missing),
    { ...write('/athar/friends/:profileid', missing), method: 'DELETE' },
  ];
}
