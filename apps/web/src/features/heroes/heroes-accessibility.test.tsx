import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { fakeFetch, json } from '../../test/fake-fetch';
import { renderRoutes, signedInStore } from '../../test/render';
import { HeroPage } from './hero-page';
import { HeroesPage } from './heroes-page';
import { HEROES } from './test-heroes';

const routes = [
  { path: '/heroes', Component: HeroesPage },
  { path: '/heroes/:heroid', Component: HeroPage },
];

async function seriousViolations(container: HTMLElement) {
  // jsdom does not lay out or paint, so colour contrast is left to the browser tests.
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help}`);
}

describe('heroes screens accessibility (axe)', () => {
  beforeEach(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    fakeFetch({
      'GET /athar/features': () => json(['profileLevel2']),
      'GET /abtal/heroes': () => json(HEROES),
    });
  });

  it('the list has no serious or critical violations', async () => {
    const { container } = renderRoutes(routes, '/heroes', signedInStore());
    await screen.findByRole('link', { name: /Dara/ });
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('the hero detail has no serious or critical violations', async () => {
    const { container } = renderRoutes(routes, '/heroes/3', signedInStore());
    await screen.findByRole('heading', { level: 1, name: 'Cael' });
    expect(await seriousViolations(container)).toEqual([]);
  });
});
