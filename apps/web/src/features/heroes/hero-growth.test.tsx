import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeFetch, json } from '../../test/fake-fetch';
import { renderRoutes, signedInStore } from '../../test/render';
import { HeroPage } from './hero-page';
import { makeHero } from './test-heroes';

const routes = [{ path: '/heroes/:heroid', Component: HeroPage }];
const levels = (n: number) => Array.from({ length: n }, (_, i) => `profileLevel${i + 1}`);

const grown = makeHero(5, {
  name: 'Zora',
  residenceid: 9,
  level: 2,
  xp: 12_000,
  xpToNext: 13_000,
  baseSkills: [90, 40, 40, 40, 40, 40, 40, 40],
  upskills: [5, 0, 0, 0, 0, 0, 0, 3],
  skills: [95, 40, 40, 40, 40, 40, 40, 43],
  pointsLeft: 8,
});

function setup(features: string[], pots = 1, hero = grown) {
  return fakeFetch({
    'GET /abtal/heroes': () => json([hero]),
    'GET /athar/features': () => json(features),
    'GET /ard/lands/9/balances': () =>
      json([
        {
          itemid: 6,
          item_code: 'SKILL_POT',
          item_name: 'Skill Pot',
          item_type: 'stuff',
          balance: pots,
        },
      ]),
    'POST /abtal/heroes/5/upskills': () => json(hero),
    'POST /abtal/heroes/5/pot': () =>
      json({ ...hero, pot: { skill: 5, until: '2099-01-01T00:00:00.000Z' } }),
  });
}

describe('hero growth on the hero page', () => {
  it('shows the level, the XP to the next level and base + upskills per skill', async () => {
    setup(levels(6));
    renderRoutes(routes, '/heroes/5', signedInStore());
    const level = await screen.findByRole('region', { name: 'Level 2 / 5' });
    expect(level.textContent).toContain('Hero XP 12,000 of 25,000');
    expect(level.textContent).toContain('XP to next level: 13,000');
    expect(screen.getByText('90 + 5')).toBeTruthy();
    expect(screen.getByText('40 + 3')).toBeTruthy();
  });

  it('refuses an allocation past 100 or past the points, and spends a valid one', async () => {
    const user = userEvent.setup();
    const { calls } = setup(levels(6));
    renderRoutes(routes, '/heroes/5', signedInStore());
    const form = await screen.findByRole('form', { name: 'Spend upskill points' });
    expect(within(form).getByText('8')).toBeTruthy();
    await user.type(within(form).getByLabelText('Mastery'), '6');
    expect(within(form).getByRole('alert').textContent).toBe(
      'Mastery can rise by at most 5 (the cap is 100).',
    );
    expect(
      (within(form).getByRole('button', { name: /Spend/ }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.clear(within(form).getByLabelText('Mastery'));
    await user.type(within(form).getByLabelText('Luck'), '9');
    expect(within(form).getByRole('alert').textContent).toBe(
      'That spends 9 points, but the hero has 8 left.',
    );
    await user.clear(within(form).getByLabelText('Luck'));
    await user.type(within(form).getByLabelText('Luck'), '4');
    await user.click(within(form).getByRole('button', { name: 'Spend 4 points' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        skills: [0, 0, 0, 0, 0, 4, 0, 0],
      }),
    );
  });

  it('uses a Skill Pot from the residence on a chosen skill', async () => {
    const user = userEvent.setup();
    const { calls } = setup(levels(6));
    renderRoutes(routes, '/heroes/5', signedInStore());
    const form = await screen.findByRole('form', { name: 'Use a Skill Pot' });
    await user.selectOptions(within(form).getByLabelText('Skill to boost'), 'Luck');
    await user.click(within(form).getByRole('button', { name: 'Use Skill Pot' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/abtal/heroes/5/pot')?.body).toEqual({
        landid: 9,
        skill: 5,
      }),
    );
  });

  it('shows the locked texts below levels four and six, and no pot without one', async () => {
    setup(levels(3), 0);
    renderRoutes(routes, '/heroes/5', signedInStore());
    expect(
      await screen.findByText(
        'You need to upgrade your profile to at least level six.',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(
      screen.getByText('You need to upgrade your profile to at least level four.'),
    ).toBeTruthy();
  });

  it('says when the residence holds no Skill Pot', async () => {
    setup(levels(6), 0);
    renderRoutes(routes, '/heroes/5', signedInStore());
    expect(await screen.findByText('No Skill Pot in the inventory of Land #9.')).toBeTruthy();
  });
});
