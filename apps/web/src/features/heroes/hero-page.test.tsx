import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { fakeFetch, json } from '../../test/fake-fetch';
import { renderRoutes, signedInStore } from '../../test/render';
import { HeroPage } from './hero-page';
import { HEROES } from './test-heroes';

const routes = [{ path: '/heroes/:heroid', Component: HeroPage }];

const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling!;

describe('hero detail', () => {
  it('shows the hero on a MAIN tab with the eight skills in order', async () => {
    fakeFetch({ 'GET /abtal/heroes': () => json(HEROES) });
    renderRoutes(routes, '/heroes/3', signedInStore());
    expect(await screen.findByRole('heading', { level: 1, name: 'Cael' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'MAIN' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('img', { name: 'Portrait of Cael' }).getAttribute('src')).toBe(
      '/img/heroes/element-0-0.svg',
    );
    expect(fact('Sex').textContent).toBe('Female');
    expect(fact('Rarity').textContent).toBe('Uncommon');
    expect(fact('Element').textContent).toBe('Air');
    expect(fact('Generation').textContent).toBe('1');
    expect(fact('Status').textContent).toBe('Free');
    const residence = within(fact('Residence') as HTMLElement).getByRole('link', {
      name: 'Land #1',
    });
    expect(residence.getAttribute('href')).toBe('/lands/1');

    const bars = within(screen.getByRole('list', { name: 'Skills' })).getAllByRole('progressbar');
    expect(bars).toHaveLength(8);
    expect(
      bars.map((bar) => [
        document.getElementById(bar.getAttribute('aria-labelledby')!)!.textContent,
        bar.getAttribute('aria-valuetext'),
      ]),
    ).toEqual([
      ['Mastery', '11 of 100'],
      ['Intelligence', '22 of 100'],
      ['Resilience', '33 of 100'],
      ['Agility', '44 of 100'],
      ['Charisma', '55 of 100'],
      ['Luck', '66 of 100'],
      ['Efficiency', '77 of 100'],
      ['Strength', '88 of 100'],
    ]);
  });

  it('shows a listed hero as on the Bazaar, with a link to its listing instead of a sale', async () => {
    const listed = HEROES.map((h) => (h.heroid === 3 ? { ...h, listingId: 77 } : h));
    fakeFetch({ 'GET /abtal/heroes': () => json(listed) });
    renderRoutes(routes, '/heroes/3', signedInStore());
    expect(await screen.findByRole('heading', { level: 1, name: 'Cael' })).toBeTruthy();
    expect(within(fact('Status') as HTMLElement).getByText('On the Bazaar')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the listing' }).getAttribute('href')).toBe(
      '/bazaar/77',
    );
    expect(
      screen.getByText('This hero is listed on the Bazaar; cancel the listing first.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sell on the Bazaar' })).toBeNull();
  });

  it('shows an unlisted hero without the Bazaar mark', async () => {
    fakeFetch({ 'GET /abtal/heroes': () => json(HEROES) });
    renderRoutes(routes, '/heroes/3', signedInStore());
    expect(await screen.findByRole('heading', { level: 1, name: 'Cael' })).toBeTruthy();
    expect(screen.queryByText('On the Bazaar')).toBeNull();
    expect(screen.queryByRole('link', { name: 'See the listing' })).toBeNull();
  });

  it('shows a busy hero with its ETA and no residence', async () => {
    fakeFetch({ 'GET /abtal/heroes': () => json(HEROES) });
    renderRoutes(routes, '/heroes/2', signedInStore());
    expect(await screen.findByRole('heading', { level: 1, name: 'Bree' })).toBeTruthy();
    // The status chip keeps the ETA text; the live countdown stands beside it.
    const status = fact('Status') as HTMLElement;
    expect(status.querySelector('.MuiChip-label')!.textContent).toMatch(
      /^Busy, ETA \+\d+ days \d\d:\d\d$/,
    );
    expect(within(status).getByRole('timer', { name: /left$/ }).textContent).toMatch(/ left$/);
    expect(fact('Residence').textContent).toBe('No residence');
  });

  it('says when the hero is not the player’s, with a way back', async () => {
    fakeFetch({ 'GET /abtal/heroes': () => json(HEROES) });
    renderRoutes(routes, '/heroes/99', signedInStore());
    expect(await screen.findByText('Hero not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to heroes' }).getAttribute('href')).toBe(
      '/heroes',
    );
  });

  it('says when the heroes cannot be loaded', async () => {
    fakeFetch({ 'GET /abtal/heroes': () => json({}, 500) });
    renderRoutes(routes, '/heroes/3', signedInStore());
    expect(await screen.findByText('Failed to load heroes')).toBeTruthy();
  });
});
