import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BlockList } from '@aleph/contracts';
import { fakeFetch, json } from '../../test/fake-fetch';
import { renderWithStore, signedInStore } from '../../test/render';
import { BlockedSection } from './blocked-section';

vi.setConfig({ testTimeout: 20_000 });

describe('Blocked players', () => {
  it('lists the blocked players and unblocks one', async () => {
    const user = userEvent.setup();
    let blocks: BlockList = [
      { profileid: 42, nickname: 'Zara', since: '2026-11-21T14:05:00.000Z' },
      { profileid: 43, nickname: 'Zaid', since: '2026-11-20T09:00:00.000Z' },
    ];
    const { calls } = fakeFetch({
      'GET /athar/blocks': () => json(blocks),
      'DELETE /athar/blocks/42': () => {
        blocks = blocks.filter((b) => b.profileid !== 42);
        return { status: 204 };
      },
    });
    renderWithStore(<BlockedSection />, signedInStore());
    const region = await screen.findByRole('region', { name: 'Blocked players' });
    const list = await within(region).findByRole('list', { name: 'Blocked players' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/^ZaraBlocked since Nov 21, 2026/),
      expect.stringMatching(/^ZaidBlocked since Nov 20, 2026/),
    ]);
    await user.click(within(list).getByRole('button', { name: 'Unblock Zara' }));
    await waitFor(() => expect(within(region).queryByText('Zara')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      '/athar/blocks/42',
    ]);
  });

  it('says so when nobody is blocked', async () => {
    fakeFetch({ 'GET /athar/blocks': () => json([]) });
    renderWithStore(<BlockedSection />, signedInStore());
    expect(await screen.findByText('You block nobody.')).toBeTruthy();
  });
});
