import type { Message, SentMessagePage } from '@aleph/contracts';
import { MemoryRouter } from 'react-router';
import { fakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { renderWithStore, signedInStore } from '../../test/render';
import { InboxPage } from './inbox-page';
import { message } from './test-fixtures';

/** A message from the player Zara (id 42). */
export const fromZara = (msgid: number, overrides: Partial<Message> = {}) =>
  message(msgid, { sender_name: 'Zara', sender_id: 42, subject: 'Trade?', ...overrides });

type Route = (call: RecordedCall) => ReturnType<typeof json> | Promise<never>;

/**
 * The inbox with a fake server for writing to players: the inbox list, the nickname search
 * (Zara, Zaid), sending (201 unless `routes` says otherwise) and the Sent view's pages.
 */
export function renderPlayerInbox(
  options: {
    messages?: Message[];
    path?: string;
    sent?: SentMessagePage[];
    routes?: Record<string, Route>;
  } = {},
) {
  const pages = options.sent ?? [{ messages: [], nextCursor: null }];
  const server = fakeFetch({
    'GET /hatif/messages': () => json(options.messages ?? []),
    'GET /hatif/messages/countunread': () => json({ unreadMessages: 0 }),
    'GET /athar/players': (call) =>
      json(
        [
          { profileid: 42, nickname: 'Zara' },
          { profileid: 43, nickname: 'Zaid' },
        ].filter((p) =>
          p.nickname
            .toLowerCase()
            .startsWith(
              (new URLSearchParams(call.path.split('?')[1]).get('prefix') ?? '').toLowerCase(),
            ),
        ),
      ),
    'POST /hatif/messages': () => json({ id: 7 }, 201),
    'GET /hatif/messages/sent': (call) => {
      const cursor = new URLSearchParams(call.path.split('?')[1]).get('cursor');
      return json(pages[cursor === null ? 0 : Number(cursor)] ?? pages[0]);
    },
    'POST /athar/blocks': (call) =>
      json({ ...(call.body as object), nickname: 'Zara', since: '2026-11-21T14:05:00.000Z' }, 201),
    'POST /athar/reports': () => json({ id: 3 }, 201),
    ...options.routes,
  });
  return {
    ...server,
    ...renderWithStore(
      <MemoryRouter initialEntries={[options.path ?? '/messages']}>
        <main>
          <InboxPage />
        </main>
      </MemoryRouter>,
      signedInStore(),
    ),
  };
}
