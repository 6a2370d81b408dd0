import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AllianceSearchPage } from '@aleph/contracts';
import { fakeFetch, json } from '../../test/fake-fetch';
import { renderRoutes, signedInStore } from '../../test/render';
import { AlliancesPage } from './alliances-page';

vi.setConfig({ testTimeout: 20_000 });

const FIRST: AllianceSearchPage = {
  alliances: [
    { id: 1, name: 'Iron Oath', tag: 'IOA', open: true, members: 12, weekXp: 3400 },
    { id: 2, name: 'Sand Wolves', tag: 'SW', open: false, members: 30, weekXp: 0 },
  ],
  next: '1-2',
  mine: { id: 1, name: 'Iron Oath', tag: 'IOA' },
};
const SECOND: AllianceSearchPage = {
  alliances: [{ id: 3, name: 'Night Owls', tag: 'NO', open: false, members: 4, weekXp: 10 }],
  next: null,
  mine: { id: 1, name: 'Iron Oath', tag: 'IOA' },
};

function renderPage(extra: Parameters<typeof fakeFetch>[0] = {}) {
  const fetched = fakeFetch({
    'GET /athar/alliances': (call) => json(call.path.includes('cursor=1-2') ? SECOND : FIRST),
    ...extra,
  });
  renderRoutes(
    [
      { path: '/alliances', Component: AlliancesPage },
      { path: '/alliances/:id', element: <p>Alliance page here</p> },
    ],
    '/alliances',
    signedInStore(),
  );
  return fetched;
}

describe('alliances page', () => {
  it('lists the results with tag, members and open or by application, and pages with More', async () => {
    renderPage();
    const list = await screen.findByRole('list', { name: 'Alliances found' });
    await within(list).findByRole('link', { name: '[IOA] Iron Oath' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first!.textContent).toContain('12/30 members');
    expect(within(first!).getByText('Open')).toBeTruthy();
    expect(within(second!).getByText('By application')).toBeTruthy();
    expect(within(list).getByRole('link', { name: '[IOA] Iron Oath' }).getAttribute('href')).toBe(
      '/alliances/1',
    );
    const own = screen.getByText(/Your alliance/);
    expect(within(own).getByRole('link').getAttribute('href')).toBe('/alliances/1');
    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    await within(list).findByRole('link', { name: '[NO] Night Owls' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'More' })).toBeNull());
  });

  it('searches by what the player types in the labelled field', async () => {
    const { calls } = renderPage();
    await userEvent.type(screen.getByLabelText('Search by name or tag'), 'iro');
    await waitFor(() => expect(calls.some((c) => c.path === '/athar/alliances?q=iro')).toBe(true));
  });

  it('creates an alliance from the dialog, showing the cost, and says a refusal at its field', async () => {
    let attempt = 0;
    const { calls } = renderPage({
      'POST /athar/alliances': () => {
        attempt += 1;
        return attempt === 1
          ? json(
              {
                statusCode: 409,
                error: 'Conflict',
                code: 'ALLIANCE_TAG_TAKEN',
                message: 'An alliance with this tag exists already.',
                field: 'tag',
              },
              409,
            )
          : json({ id: 9, name: 'Dawn Riders', tag: 'DR' }, 201);
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Create alliance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create alliance' });
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Dawn Riders');
    await userEvent.type(within(dialog).getByLabelText(/^Tag/), 'dr');
    await userEvent.type(within(dialog).getByLabelText('Description'), 'We ride at dawn.');
    await userEvent.click(within(dialog).getByLabelText('Open to all'));
    const submit = within(dialog).getByRole('button', { name: 'Create for 10,000 gold' });
    await userEvent.click(submit);
    expect(
      await within(dialog).findByText('An alliance with this tag exists already.'),
    ).toBeTruthy();
    expect(within(dialog).getByLabelText(/^Tag/).getAttribute('aria-invalid')).toBe('true');
    await userEvent.click(submit);
    expect(await screen.findByText('Alliance page here')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({
      name: 'Dawn Riders',
      tag: 'DR',
      description: 'We ride at dawn.',
      open: false,
    });
  });
});
