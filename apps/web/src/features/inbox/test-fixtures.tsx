import type { Message } from '@aleph/contracts';
import { MemoryRouter } from 'react-router';
import { fakeFetch, json } from '../../test/fake-fetch';
import { renderWithStore, signedInStore } from '../../test/render';
import { InboxPage } from './inbox-page';

export function message(msgid: number, overrides: Partial<Message> = {}): Message {
  return {
    msgid,
    sender_name: 'Aleph',
    subject: `Subject ${msgid}`,
    body: `<p>Body ${msgid}</p>`,
    created: '2026-11-21T14:05:00.000Z',
    read: true,
    deleted: false,
    ...overrides,
  };
}

/**
 * The inbox with a fake server that keeps state: markread and markdelete change the list and
 * the unread count as the real server would. `hold` keeps the list request pending; `path` is
 * the inbox's address (default '/messages').
 */
export function renderInbox(
  initial: Message[],
  options: { fail?: boolean; hold?: boolean; path?: string } = {},
) {
  const messages = initial.map((m) => ({ ...m }));
  const find = (path: string) => messages.find((m) => path.includes(`/${m.msgid}/`));
  const server = fakeFetch({
    'GET /hatif/messages': () => {
      if (options.hold) return new Promise(() => undefined);
      return options.fail ? json({ message: 'Boom' }, 500) : json(messages);
    },
    'GET /hatif/messages/countunread': () =>
      json({ unreadMessages: messages.filter((m) => !m.read && !m.deleted).length }),
  });
  // Mark routes carry the id in the path, so match them by prefix.
  const { fetchMock, calls } = server;
  const route = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const path = new URL(request.url).pathname;
    const mark = /^\/hatif\/messages\/\d+\/(markread|markdelete)$/.exec(path);
    if (request.method === 'POST' && mark) {
      calls.push({ method: 'POST', path, body: undefined });
      const target = find(path);
      if (!target)
        return new Response(JSON.stringify({ message: 'Message not found.' }), { status: 404 });
      if (mark[1] === 'markread') target.read = true;
      else target.deleted = true;
      return new Response(JSON.stringify({ ok: true, count: 1 }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }
    return route(input, init);
  });
  return {
    ...server,
    messages,
    ...renderWithStore(
      <MemoryRouter initialEntries={[options.path ?? '/messages']}>
        {/* The layout's <main> landmark, which axe expects around a screen. */}
        <main>
          <InboxPage />
        </main>
      </MemoryRouter>,
      signedInStore(),
    ),
  };
}
