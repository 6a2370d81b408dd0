import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { land, renderLands } from './test-fixtures';

const cardTitles = () =>
  within(screen.getByRole('list', { name: 'Lands' }))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

async function choose(user: ReturnType<typeof userEvent.setup>, select: string, option: string) {
  await user.selectOptions(screen.getByRole('combobox', { name: select }), option);
}

const optionsOf = (select: string) =>
  within(screen.getByRole('combobox', { name: select }))
    .getAllByRole('option')
    .map((option) => option.textContent);

// Card grids and axe runs are slow in jsdom on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

describe('lands list', () => {
  it('shows each land as a card that leads to its screen', async () => {
    const user = userEvent.setup();
    renderLands({
      lands: [
        land(3, { terrain_type: 1, element: 2, continent: 1, x: 101, y: 7 }),
        land(5, { name: 'Greenhold' }),
      ],
    });
    const link = await screen.findByRole('link', { name: 'Land #3' });
    expect(link.getAttribute('href')).toBe('/lands/3');
    const card = link.closest('li')!;
    expect(card.textContent).toContain('Forest');
    expect(card.textContent).toContain('Water');
    expect(card.textContent).toContain('Beth · 101, 7');
    expect(card.textContent).toContain('Gold 120 / 840');
    expect(within(card).getByRole('list', { name: 'Vault' }).textContent).toContain('Air 120');
    expect(screen.getByRole('link', { name: 'Greenhold' }).getAttribute('href')).toBe('/lands/5');

    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'Land screen' })).toBeTruthy();
  });

  it('filters by Rarity (terrain) and Element', async () => {
    const user = userEvent.setup();
    renderLands({
      lands: [
        land(1, { terrain_type: 0, element: 0 }),
        land(2, { terrain_type: 1, element: 1 }),
        land(3, { terrain_type: 1, element: 3 }),
        land(4, { terrain_type: 4, element: 1 }),
      ],
    });
    await screen.findByRole('link', { name: 'Land #1' });

    expect(optionsOf('Rarity')).toEqual([
      'All',
      'Valley',
      'Forest',
      'Mountains',
      'River',
      'Arctic',
    ]);
    await choose(user, 'Rarity', 'Forest');
    expect(cardTitles()).toEqual(['Land #2', 'Land #3']);

    expect(optionsOf('Element')).toEqual(['All', 'Air', 'Fire', 'Water', 'Earth']);
    await choose(user, 'Element', 'Earth');
    expect(cardTitles()).toEqual(['Land #3']);

    await choose(user, 'Rarity', 'Arctic');
    expect(screen.getByText('No data available')).toBeTruthy();
    await choose(user, 'Element', 'All');
    expect(cardTitles()).toEqual(['Land #4']);
  });

  it('sorts by ID, Rarity or Element, ties by id', async () => {
    const user = userEvent.setup();
    renderLands({
      lands: [
        land(1, { terrain_type: 3, element: 0 }),
        land(2, { terrain_type: 0, element: 2 }),
        land(3, { terrain_type: 3, element: 1 }),
      ],
    });
    await screen.findByRole('link', { name: 'Land #1' });
    expect(cardTitles()).toEqual(['Land #1', 'Land #2', 'Land #3']);
    await choose(user, 'Sort by', 'Rarity');
    expect(cardTitles()).toEqual(['Land #2', 'Land #1', 'Land #3']);
    await choose(user, 'Sort by', 'Element');
    expect(cardTitles()).toEqual(['Land #1', 'Land #3', 'Land #2']);
    await choose(user, 'Sort by', 'ID');
    expect(cardTitles()).toEqual(['Land #1', 'Land #2', 'Land #3']);
  });

  it('pages the cards with 10, 25, 50 or 100 per page', async () => {
    const user = userEvent.setup();
    renderLands({ lands: Array.from({ length: 30 }, (_, i) => land(i + 1)) });
    await screen.findByRole('link', { name: 'Land #1' });
    expect(cardTitles()).toHaveLength(10);
    expect(screen.getByText('1–10 of 30')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(cardTitles()[0]).toBe('Land #11');

    await user.click(screen.getByRole('combobox', { name: 'Rows per page:' }));
    const sizes = screen.getAllByRole('option').map((option) => option.textContent);
    expect(sizes).toEqual(['10', '25', '50', '100']);
    await user.click(screen.getByRole('option', { name: '25' }));
    expect(cardTitles()).toHaveLength(25);
    expect(cardTitles()[0]).toBe('Land #1');
    expect(screen.getByText('1–25 of 30')).toBeTruthy();
  });

  it('keeps filters, sort and page in the address', async () => {
    renderLands(
      { lands: Array.from({ length: 30 }, (_, i) => land(i + 1, { element: i % 2 })) },
      '/lands?element=1&sort=element&page=2',
    );
    await screen.findByRole('link', { name: 'Land #22' });
    const selected = (name: string) =>
      (screen.getByRole('combobox', { name }) as HTMLSelectElement).selectedOptions[0]?.textContent;
    expect(selected('Element')).toBe('Fire');
    expect(selected('Sort by')).toBe('Element');
    expect(optionsOf('Sort by')).toEqual(['ID', 'Rarity', 'Element']);
    expect(screen.getByText('11–15 of 15')).toBeTruthy();
  });

  it('says so when there are no lands', async () => {
    renderLands({ lands: [] });
    expect(await screen.findByText('No data available')).toBeTruthy();
  });

  it('says so when the lands cannot load', async () => {
    const { fetchMock } = renderLands();
    fetchMock.mockResolvedValue(new Response(null, { status: 500 }));
    expect(await screen.findByText('Failed to load lands')).toBeTruthy();
  });
});
