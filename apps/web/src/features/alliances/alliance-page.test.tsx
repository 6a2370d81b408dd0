import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { AllianceDetails } from '@aleph/contracts';
import { allianceChanged } from '../../api/alliance-signal';
import { fakeFetch, json } from '../../test/fake-fetch';
import { renderRoutes, signedInStore } from '../../test/render';
import { AlliancePage } from './alliance-page';

vi.setConfig({ testTimeout: 20_000 });

const WEEK: AllianceDetails['week'] = {
  weekStart: '2026-11-23T00:00:00.000Z',
  xp: 500,
  rank: 4,
  goal: { target: 200000, progress: 1000, rewardGold: 1000, contributors: [] },
};

const member = (profileid: number, nickname: string, role: 'leader' | 'officer' | 'member') => ({
  profileid,
  nickname,
  level: 3,
  role,
  joined: '2026-11-20T10:00:00.000Z',
  weekXp: 100 * profileid,
  online: false,
});

function details(
  me: Partial<AllianceDetails['me']>,
  extra: Partial<AllianceDetails> = {},
): AllianceDetails {
  return {
    id: 5,
    name: 'Iron Oath',
    tag: 'IOA',
    description: 'We hold the line.',
    open: false,
    created: '2026-11-01T10:00:00.000Z',
    maxMembers: 30,
    members: [
      { ...member(1, 'Rami', 'leader'), online: true },
      member(2, 'Zara', 'officer'),
      member(3, 'Omar', 'member'),
    ],
    week: WEEK,
    me: { role: null, request: null, inAlliance: false, waitUntil: null, ...me },
    requests: [],
    ...extra,
  };
}

function renderPage(
  nickname: string,
  first: AllianceDetails,
  extra: Parameters<typeof fakeFetch>[0] = {},
) {
  let current = first;
  const fetched = fakeFetch({
    'GET /athar/alliances/5': () => json(current),
    'GET /athar/profile': () =>
      json({
        nickname,
        vip: { vipPoints: 0, vipLevel: 0 },
        level: { level: 3, profilePoints: 0, upgradable: false },
        treasury: { gold: 0, platinum: 0 },
      }),
    'GET /athar/alliances/5/chat': () => json({ lines: [], nextBefore: null }),
    ...extra,
  });
  const { container } = renderRoutes(
    [{ path: '/alliances/:id', Component: AlliancePage }],
    '/alliances/5',
    signedInStore(),
  );
  return { ...fetched, container, set: (next: AllianceDetails) => (current = next) };
}

const done = (role: string | null) => () => json({ allianceId: 5, role });

describe('alliance page', () => {
  it('shows the header, the members table and, to an outsider of a closed alliance, Apply with a text', async () => {
    const { calls } = renderPage('Layla', details({}), {
      'POST /athar/alliances/5/apply': done(null),
    });
    expect(await screen.findByRole('heading', { name: 'Iron Oath [IOA]' })).toBeTruthy();
    expect(screen.getByText(/3\/30 members · By application · Rank 4 this week/)).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Members' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByRole('button', { name: 'Rami' })).toBeTruthy();
    expect(within(table).getAllByText('online')).toHaveLength(1);
    expect(within(table).queryByRole('button', { name: /Kick/ })).toBeNull();
    // No chat or goal for outsiders.
    expect(screen.queryByRole('region', { name: 'Weekly alliance goal' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog', { name: /Apply to \[IOA\] Iron Oath/ });
    await userEvent.type(within(dialog).getByLabelText(/A few words/), 'I farm a lot.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send application' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({
        path: '/athar/alliances/5/apply',
        body: { text: 'I farm a lot.' },
      }),
    );
  });

  it('lets an invited player accept by joining, and says a refusal in words', async () => {
    renderPage('Layla', details({ request: 'invitation' }), {
      'POST /athar/alliances/5/join': () =>
        json(
          {
            statusCode: 409,
            error: 'Conflict',
            code: 'ALLIANCE_FULL',
            message: 'This alliance has its 30 members.',
          },
          409,
        ),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText('This alliance has its 30 members.')).toBeTruthy();
  });

  it('gives the leader confirmed member actions, applications and invitations, the goal and the chat', async () => {
    const page = details(
      { role: 'leader', inAlliance: true },
      {
        requests: [
          {
            profileid: 9,
            nickname: 'Tariq',
            level: 2,
            kind: 'application',
            text: 'Hello',
            at: '2026-11-22T10:00:00.000Z',
          },
        ],
      },
    );
    const { calls } = renderPage('Rami', page, {
      'POST /athar/alliances/5/members/3/kick': done('leader'),
      'POST /athar/alliances/5/applications/9/accept': done('leader'),
      'POST /athar/alliances/5/invite': done('leader'),
    });
    const table = await screen.findByRole('table', { name: 'Members' });
    // Not on oneself; an officer can be demoted, kicked or made leader, not promoted.
    expect(within(table).queryByRole('button', { name: 'Kick Rami' })).toBeNull();
    expect(within(table).getByRole('button', { name: 'Demote Zara' })).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Promote Zara' })).toBeNull();
    await userEvent.click(within(table).getByRole('button', { name: 'Kick Omar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Kick member' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Kick' }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/athar/alliances/5/members/3/kick')).toBe(true),
    );
    // Once the confirmation has faded out, the page is no longer hidden from assistive technology.
    const requests = await screen.findByRole('region', { name: 'Applications and invitations' });
    await userEvent.click(within(requests).getByRole('button', { name: 'Accept Tariq' }));
    await userEvent.type(within(requests).getByLabelText('Invite by nickname'), 'Nadia');
    await userEvent.click(within(requests).getByRole('button', { name: 'Invite' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/athar/alliances/5/invite')?.body).toEqual({
        nickname: 'Nadia',
      }),
    );
    expect(calls.some((c) => c.path === '/athar/alliances/5/applications/9/accept')).toBe(true);
    expect(screen.getByRole('region', { name: 'Weekly alliance goal' })).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === '/athar/alliances/5/chat')).toBe(true));
  });

  it('reads the page again when the server pushes alliance.changed', async () => {
    const { set } = renderPage('Omar', details({ role: 'member', inAlliance: true }));
    await screen.findByText('Omar');
    const grown = details({ role: 'member', inAlliance: true });
    grown.members.push(member(4, 'Nadia', 'member'));
    set(grown);
    act(() => allianceChanged());
    expect(await screen.findByRole('button', { name: 'Nadia' })).toBeTruthy();
  });

  it('has no accessibility violations for a leader', async () => {
    const { container } = renderPage('Rami', details({ role: 'leader', inAlliance: true }));
    await screen.findByRole('table', { name: 'Members' });
    await screen.findByRole('region', { name: 'Weekly alliance goal' });
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});
