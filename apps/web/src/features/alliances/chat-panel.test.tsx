import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatLine, ProfileSummary } from '@aleph/contracts';
import { applyPushEvent } from '../../api/push-events';
import { fakeFetch, json } from '../../test/fake-fetch';
import { renderWithStore, signedInStore } from '../../test/render';
import { AllianceChat } from './chat-panel';

const ME: ProfileSummary = {
  nickname: 'Mira',
  vip: { vipPoints: 0, vipLevel: 0 },
  level: { level: 1, profilePoints: 10, upgradable: false },
  treasury: { gold: 100, platinum: 0 },
};

let next = 100;
const line = (text: string, extra: Partial<ChatLine> = {}): ChatLine => ({
  id: (next += 1),
  allianceId: 7,
  profileid: 3,
  nickname: 'Zara',
  text,
  at: new Date().toISOString(),
  deleted: false,
  ...extra,
});

type Routes = Parameters<typeof fakeFetch>[0];

function renderChat(role: 'leader' | 'officer' | 'member', routes: Routes) {
  const server = fakeFetch({ 'GET /athar/profile': () => json(ME), ...routes });
  const store = signedInStore();
  return { ...server, ...renderWithStore(<AllianceChat allianceId={7} myRole={role} />, store) };
}

const shownTexts = () =>
  within(screen.getByRole('list', { name: 'Chat lines' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent ?? '');

describe('alliance chat panel', () => {
  it('loads the newest lines, pages back with Load earlier, newest last', async () => {
    const older = [line('first'), line('second')];
    const newest = [line('third'), line('fourth')];
    const { calls } = renderChat('member', {
      'GET /athar/alliances/7/chat': (call) =>
        call.path.includes('before=')
          ? json({ lines: older, nextBefore: null })
          : json({ lines: newest, nextBefore: newest[0]!.id }),
    });
    await screen.findByText('fourth');
    expect(shownTexts().map((t) => t.includes('third'))).toEqual([true, false]);
    await userEvent.click(screen.getByRole('button', { name: 'Load earlier' }));
    await screen.findByText('first');
    const texts = shownTexts();
    expect(
      ['first', 'second', 'third', 'fourth'].map((w) => texts.findIndex((t) => t.includes(w))),
    ).toEqual([0, 1, 2, 3]);
    expect(calls.map((c) => c.path)).toContain(`/athar/alliances/7/chat?before=${newest[0]!.id}`);
    expect(screen.queryByRole('button', { name: 'Load earlier' })).toBeNull();
  });

  it('sends with Enter, appends pushed lines live, and marks a mention of me', async () => {
    const { calls, store } = renderChat('member', {
      'GET /athar/alliances/7/chat': () => json({ lines: [], nextBefore: null }),
      'POST /athar/alliances/7/chat': (call) =>
        json(line((call.body as { text: string }).text, { nickname: 'Mira', profileid: 1 }), 201),
    });
    await screen.findByText('No lines yet. Say hello!');
    const input = screen.getByRole('textbox', { name: 'Message the alliance' });
    await userEvent.type(input, '  hello band{Enter}');
    await screen.findByText('hello band');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ text: 'hello band' });
    expect((input as HTMLTextAreaElement).value).toBe('');
    act(() => {
      applyPushEvent(
        { type: 'alliance.message', id: '9', data: line('welcome @Mira!') },
        store.dispatch,
        store.getState,
      );
    });
    const mention = await screen.findByRole('listitem', { name: 'Zara mentions you' });
    expect(within(mention).getByText('@ mentions you')).toBeTruthy();
    // Another alliance's line is not this chat's.
    act(() => {
      applyPushEvent(
        { type: 'alliance.message', id: '10', data: line('elsewhere', { allianceId: 8 }) },
        store.dispatch,
        store.getState,
      );
    });
    expect(screen.queryByText('elsewhere')).toBeNull();
  });

  it('says a mute and a too fast refusal in words', async () => {
    let answer = json(
      {
        statusCode: 403,
        code: 'ACCOUNT_MUTED',
        message: 'Muted',
        error: 'Forbidden',
        until: '2026-12-01T10:30:00.000Z',
      },
      403,
    );
    renderChat('member', {
      'GET /athar/alliances/7/chat': () => json({ lines: [], nextBefore: null }),
      'POST /athar/alliances/7/chat': () => answer,
    });
    const input = await screen.findByRole('textbox', { name: 'Message the alliance' });
    await userEvent.type(input, 'hi');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('You are muted until 2026-12-01 10:30 UTC and cannot write.'),
    ).toBeTruthy();
    answer = {
      status: 429,
      body: { statusCode: 429, code: 'RATE_LIMITED', message: 'Slow', error: 'Too Many Requests' },
      headers: { 'retry-after': '42' },
    } as typeof answer;
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('You are writing too fast. You can write again in 42 seconds.'),
    ).toBeTruthy();
  });

  it('shows Delete to officers only, Report to everyone, and a deleted line as deleted', async () => {
    const rude = line('rude words');
    const lines = { lines: [rude], nextBefore: null };
    const member = renderChat('member', { 'GET /athar/alliances/7/chat': () => json(lines) });
    await screen.findByText('rude words');
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Report the line of Zara' })).toBeTruthy();
    member.unmount();
    const { calls } = renderChat('officer', {
      'GET /athar/alliances/7/chat': () => json(lines),
      [`DELETE /athar/alliances/7/chat/${rude.id}`]: () => ({ status: 204 }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete the line of Zara' }));
    await waitFor(() => expect(screen.queryByText('rude words')).toBeNull());
    expect(screen.getByText('deleted')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });
});

describe('alliance chat panel for a muted player', () => {
  it('says the mute before the player writes, and reports a line with its id', async () => {
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const rude = line('rude words');
    const { calls } = renderChat('member', {
      'GET /athar/profile': () => json({ ...ME, mutedUntil: until }),
      'GET /athar/alliances/7/chat': () => json({ lines: [rude], nextBefore: null }),
      'POST /athar/reports': () => json({ id: 1 }, 201),
    });
    const notice = `You are muted until ${until.slice(0, 16).replace('T', ' ')} UTC: you can read the chat but not write.`;
    expect(await screen.findByText(notice)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Report the line of Zara' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Zara' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'spam');
    await userEvent.click(within(dialog).getByRole('button', { name: /Report|Send/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/athar/reports')?.body).toMatchObject({
        profileid: 3,
        reason: 'spam',
        chatlineid: rude.id,
      }),
    );
  });
});
