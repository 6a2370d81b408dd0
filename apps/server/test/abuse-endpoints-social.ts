import {
  BlockBody,
  FriendBody,
  NicknameSearchQuery,
  SendMessageBody,
  SentMessagesQuery,
} from '@aleph/contracts';
import { MISSING, read, write, type Endpoint } from './abuse-endpoint-kit.js';

/** Player messages, blocks, friends and the player search (docs/api.md). */
export function socialEndpoints(): Endpoint[] {
  return [...friendEndpoints(), ...messageEndpoints()];
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

/**
 * Player messages, the nickname search and blocks: a message to a nickname nobody has, a
 * block of a player who does not exist, the lifting of a block there is not (404).
 */
function messageEndpoints(): Endpoint[] {
  return [
    write('/hatif/messages', {
      body: SendMessageBody,
      sample: () => ({ body: { to: 'nobody-fuzzed-0', subject: 'Hello', body: 'A fuzzed line.' } }),
    }),
    read('/hatif/messages/sent', {
      query: SentMessagesQuery,
      sample: () => ({ query: { cursor: '1' } }),
    }),
    read('/athar/players', {
      query: NicknameSearchQuery,
      sample: () => ({ query: { prefix: 'a' } }),
    }),
    read('/athar/blocks'),
    write('/athar/blocks', { body: BlockBody, sample: () => ({ body: { profileid: MISSING } }) }),
    {
      ...write('/athar/blocks/:profileid', {
        params: { profileid: 'id' as const },
        sample: () => ({ params: { profileid: MISSING } }),
      }),
      method: 'DELETE',
    },
  ];
}
