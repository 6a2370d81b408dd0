import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { BlockList, FriendList, PublicProfile } from '@aleph/contracts';
import { fakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { renderRoutes, signedInStore } from '../../test/render';
import { PublicProfileDialog } from './public-profile-dialog';

vi.setConfig({ testTimeout: 20_000 });

const ZARA: PublicProfile = {
  profileid: 42,
  nickname: 'Zara',
  level: 4,
  vip: 1,
  lands: 3,
  heroes: 5,
  frame: 'none',
  achievements: { earned: 2, rarest: [] },
  alliance: { id: 3, name: 'Sand Wolves', tag: 'SW' },
};

const summary = (nickname: string) => ({
  nickname,
  vip: { vipPoints: 0, vipLevel: 0 },
  level: { level: 3, profilePoints: 0, upgradable: false },
  treasury: { gold: 0, platinum: 0 },
});

const NONE: FriendList = { friends: [], incoming: [], outgoing: [] };
const request = { profileid: 42, nickname: 'Zara', level: 4, at: '2026-11-20T10:00:00.000Z' };

type Routes = Record<string, (call: RecordedCall) => { status?: number; body?: unknown }>;

function renderDialog(
  friends: FriendList,
  blocks: BlockList = [],
  routes: Routes = {},
  me = 'Moriwyn',
) {
  const state = { friends, blocks };
  const fetched = fakeFetch({
    'GET /athar/features': () => json(['profileLevel1', 'profileLevel2', 'profileLevel3']),
    'GET /athar/profile': () => json(summary(me)),
    'GET /athar/publicprofiles/42': () => json(ZARA),
    'GET /athar/friends': () => json(state.friends),
    'GET /athar/blocks': () => json(state.blocks),
    ...routes,
  });
  const { container, store } = renderRoutes(
    [
      {
        path: '/p',
        element: <PublicProfileDialog open profileid={42} onClose={() => undefined} />,
      },
    ],
    '/p',
    signedInStore(),
  );
  return { ...fetched, state, container, store };
}

const dialog = () => screen.findByRole('dialog', { name: 'Profile Information' });
const posts = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);

describe('Profile Information: friends, messages, blocks', () => {
  beforeEach(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });

  it("names the player's alliance with its tag, linking to the alliance page", async () => {
    renderDialog(NONE);
    const link = await within(await dialog()).findByRole('link', { name: 'Sand Wolves [SW]' });
    expect(link.getAttribute('href')).toBe('/alliances/3');
    expect(within(await dialog()).getByText('[SW]')).toBeTruthy();
  });

  it('adds a friend, then says the request was sent', async () => {
    const page = renderDialog(NONE, [], {
      'POST /athar/friends': () => {
        page.state.friends = { ...NONE, outgoing: [request] };
        return json({ profileid: 42, status: 'requested' }, 201);
      },
    });
    const user = userEvent.setup();
    await user.click(await within(await dialog()).findByRole('button', { name: 'Add friend' }));
    const sent = await within(await dialog()).findByRole('button', { name: 'Request sent' });
    expect(sent).toHaveProperty('disabled', true);
    expect(page.calls.find((c) => c.method === 'POST')?.body).toEqual({ profileid: 42 });
  });

  it('accepts their request, and shows Friends linking to the friends page', async () => {
    const page = renderDialog({ ...NONE, incoming: [request] }, [], {
      'POST /athar/friends/42/accept': () => {
        page.state.friends = {
          ...NONE,
          friends: [{ ...request, alliance: null, online: true, since: request.at }],
        };
        return json({ profileid: 42, status: 'friends' });
      },
    });
    const user = userEvent.setup();
    await user.click(await within(await dialog()).findByRole('button', { name: 'Accept request' }));
    const friends = await within(await dialog()).findByRole('link', { name: 'Friends' });
    expect(friends.getAttribute('href')).toBe('/friends');
    expect(posts(page.calls)).toEqual(['POST /athar/friends/42/accept']);
  });

  it('says why a request was refused', async () => {
    renderDialog(NONE, [], {
      'POST /athar/friends': () =>
        json(
          {
            statusCode: 409,
            code: 'FRIENDS_FULL',
            message: 'You can have at most 200 friends and open requests.',
          },
          409,
        ),
    });
    const user = userEvent.setup();
    await user.click(await within(await dialog()).findByRole('button', { name: 'Add friend' }));
    expect(
      await screen.findByText('You can have at most 200 friends and open requests.'),
    ).toBeTruthy();
  });

  it('links Send message to a new message to the player', async () => {
    renderDialog(NONE);
    const link = await within(await dialog()).findByRole('link', { name: 'Send message' });
    expect(link.getAttribute('href')).toBe('/messages?to=Zara');
  });

  it('blocks after asking, then offers Unblock (asked too)', async () => {
    const page = renderDialog(NONE, [], {
      'POST /athar/blocks': () => {
        page.state.blocks = [{ profileid: 42, nickname: 'Zara', since: request.at }];
        return json({ profileid: 42, nickname: 'Zara', since: request.at }, 201);
      },
      'DELETE /athar/blocks/42': () => {
        page.state.blocks = [];
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    await user.click(await within(await dialog()).findByRole('button', { name: 'Block' }));
    const ask = await screen.findByRole('dialog', { name: 'Block Zara' });
    expect(posts(page.calls)).toEqual([]);
    await user.click(within(ask).getByRole('button', { name: 'Block' }));
    await user.click(await within(await dialog()).findByRole('button', { name: 'Unblock' }));
    const again = await screen.findByRole('dialog', { name: 'Unblock Zara' });
    await user.click(within(again).getByRole('button', { name: 'Unblock' }));
    await within(await dialog()).findByRole('button', { name: 'Block' });
    expect(posts(page.calls)).toEqual(['POST /athar/blocks', 'DELETE /athar/blocks/42']);
  });

  it('offers none of it on the player own profile', async () => {
    const page = renderDialog(NONE, [], {}, 'Zara');
    const shown = await dialog();
    await within(shown).findByText('Achievements');
    // The player's own summary has answered: the buttons would be there by now.
    await waitFor(() =>
      expect(page.store.getState().api.queries['getProfileSummary(undefined)']?.status).toBe(
        'fulfilled',
      ),
    );
    expect(page.calls.some((c) => c.path === '/athar/friends')).toBe(false);
    expect(within(shown).queryByRole('button', { name: 'Add friend' })).toBeNull();
    expect(within(shown).queryByRole('button', { name: 'Block' })).toBeNull();
  });

  it('has no accessibility violations', async () => {
    renderDialog({ ...NONE, incoming: [request] });
    const shown = await dialog();
    await within(shown).findByRole('button', { name: 'Accept request' });
    await within(shown).findByRole('button', { name: 'Block' });
    const result = await axe.run(shown, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});
