import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeFetch, json } from '../../test/fake-fetch';
import { renderRoutes, signedInStore } from '../../test/render';
import { HeroesPage } from './heroes-page';
import { HEROES, manyHeroes } from './test-heroes';

const routes = [{ path: '/heroes', Component: HeroesPage }];

function serve(heroes: unknown, features = ['profileLevel1', 'profileLevel2']) {
  return fakeFetch({
    'GET /athar/features': () => json(features),
    'GET /abtal/heroes': () => (heroes instanceof Error ? json({}, 500) : json(heroes)),
  });
}

const cardNames = () =>
  within(screen.getByRole('list', { name: 'Heroes' }))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

describe('heroes list', () => {
  it('is locked without profileLevel2, with the designed message', async () => {
    const { calls } = serve(HEROES, ['profileLevel1', 'profileLevel3']);
    renderRoutes(routes, '/heroes', signedInStore());
    expect(screen.getByRole('heading', { level: 1, name: 'Heroes' })).toBeTruthy();
    expect(
      await screen.findByText('You need to upgrade your profile to at least level three.'),
    ).toBeTruthy();
    expect(calls.some((call) => call.path === '/abtal/heroes')).toBe(false);
  });

  it('shows cards linking to each hero with profileLevel2', async () => {
    serve(HEROES, ['profileLevel2']);
    renderRoutes(routes, '/heroes', signedInStore());
    const dara = await screen.findByRole('link', { name: /Dara/ });
    expect(dara.getAttribute('href')).toBe('/heroes/4');
    expect(screen.queryByText(/at least level three/)).toBeNull();
    expect(cardNames()).toEqual(['Arin', 'Bree', 'Cael', 'Dara']);
    expect(dara.textContent).toContain('Legendary');
    expect(dara.textContent).toContain('Fire');
    expect(dara.textContent).toContain('Free');
    expect(dara.textContent).toContain('Land #2');
    expect(dara.textContent).toContain('Hero #4 · Level 0');
    const bree = screen.getByRole('link', { name: /Bree/ });
    expect(bree.textContent).toMatch(/Busy, ETA \+\d+ days \d\d:\d\d/);
    expect(bree.textContent).toContain('No residence');
  });

  it('filters by rarity and element and sorts', async () => {
    serve(HEROES);
    const user = userEvent.setup();
    renderRoutes(routes, '/heroes', signedInStore());
    await screen.findByRole('link', { name: /Dara/ });
    const rarity = screen.getByRole('combobox', { name: 'Rarity' });
    expect(
      within(rarity)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'Common', 'Uncommon', 'Rare', 'Epic', 'Legendary']);
    await user.selectOptions(rarity, '1');
    expect(cardNames()).toEqual(['Bree', 'Cael']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Element' }), '2');
    expect(cardNames()).toEqual(['Bree']);
    await user.selectOptions(rarity, '3');
    expect(screen.getByText('No data available')).toBeTruthy();

    await user.selectOptions(rarity, '');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Element' }), '');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'rarity');
    expect(cardNames()).toEqual(['Bree', 'Cael', 'Arin', 'Dara']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'element');
    expect(cardNames()).toEqual(['Cael', 'Dara', 'Bree', 'Arin']);
  });

  it('pages with 10, 25, 50 or 100 rows', async () => {
    serve(manyHeroes(30));
    const user = userEvent.setup();
    renderRoutes(routes, '/heroes', signedInStore());
    await screen.findByRole('link', { name: /Hero 1\b/ });
    expect(cardNames()).toHaveLength(10);
    expect(screen.getByText('1–10 of 30')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(cardNames()[0]).toBe('Hero 11');

    const rows = screen.getByRole('combobox', { name: /Rows per page/ });
    expect(
      within(rows)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '25', '50', '100']);
    await user.selectOptions(rows, '25');
    expect(cardNames()).toHaveLength(25);
    expect(cardNames()[0]).toBe('Hero 1');
  });

  it('says when there are no heroes', async () => {
    serve([]);
    renderRoutes(routes, '/heroes', signedInStore());
    expect(await screen.findByText('No data available')).toBeTruthy();
  });

  it('says when the heroes cannot be loaded', async () => {
    serve(new Error('down'));
    renderRoutes(routes, '/heroes', signedInStore());
    await waitFor(() => expect(screen.getByText('Failed to load heroes')).toBeTruthy());
  });
});
