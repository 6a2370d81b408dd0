import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Hero, UniqueEventView } from '@aleph/contracts';
import { fakeFetch, json } from '../../test/fake-fetch';
import { makeHero } from '../../test/game-data';
import { renderRoutes, signedInStore } from '../../test/render';
import { UNIQUE_LOCKED_TEXT, UniquePage } from './unique-page';

const LEVEL9 = Array.from({ length: 9 }, (_, i) => `profileLevel${i + 1}`);

function event(overrides: Partial<UniqueEventView> = {}): UniqueEventView {
  return {
    eventid: 3,
    name: "The Dragon's Hoard",
    description: 'A dragon sleeps on a hoard.',
    status: 'open',
    start: '2020-01-01T00:00:00.000Z',
    end: '2099-01-01T00:00:00.000Z',
    places: 10,
    placesLeft: 4,
    requirement: { skill: 7, skillName: 'Strength', min: 70, minRarity: null, text: 'Strength 70' },
    reward: {
      gold: 2000,
      xp: 6000,
      items: [{ item_code: 'SEAL_FIRE', item_name: 'Fire Seal', count: 3 }],
      lines: ['2000 gold', '3 x Fire Seal', '6000 XP'],
    },
    duration: { baseMinutes: 480, skill: 7 },
    joined: null,
    ...overrides,
  };
}

function hero(heroid: number, name: string, strength: number, residenceid: number | null): Hero {
  const skills = [40, 40, 40, 40, 40, 40, 40, strength];
  return makeHero(heroid, { name, rarity: 2, skills, baseSkills: [...skills], residenceid });
}

function render(features: string[], events: UniqueEventView[], heroes: Hero[]) {
  const server = fakeFetch({
    'GET /athar/features': () => json(features),
    'GET /misaar/unique': () => json(events),
    'GET /abtal/heroes': () => json(heroes),
    'POST /misaar/mission/check': () =>
      json({
        ok: true,
        eta: { minutes: 288 },
        comments: [],
        reward: { rewardSpec: [] },
        ingredients: { elementals: { need: 0, enough: true }, items: { need: 0, enough: true } },
      }),
    'POST /misaar/mission/start': (call) =>
      json({
        ok: true,
        missionid: 9,
        missionType: 'UNIQUE',
        landid: 5,
        heroid: 1,
        eta: '2099-01-01T00:00:00.000Z',
        minutes: 288,
        body: call.body,
      }),
  });
  renderRoutes([{ path: '/unique', Component: UniquePage }], '/unique', signedInStore());
  return server;
}

describe('unique missions screen', () => {
  it('shows the locked text below level nine', async () => {
    render(LEVEL9.slice(0, 8), [event()], []);
    expect(await screen.findByText(UNIQUE_LOCKED_TEXT)).toBeTruthy();
    expect(UNIQUE_LOCKED_TEXT).toBe('You need to upgrade your profile to at least level nine.');
  });

  it('lists an event with its countdown, places, needs and reward, and sends an eligible hero', async () => {
    const { calls } = render(
      LEVEL9,
      [event()],
      [hero(1, 'Strong', 80, 5), hero(2, 'Weak', 50, 5), hero(3, 'Homeless', 90, null)],
    );
    const card = await screen.findByRole('region', { name: "The Dragon's Hoard" });
    expect(within(card).getByRole('timer').textContent).toMatch(
      /^Ends in \d+d \d+:\d\d:\d\d left$/,
    );
    expect(card.textContent).toContain('4 of 10');
    expect(card.textContent).toContain('Strength 70');
    expect(card.textContent).toContain('2000 gold, 3 x Fire Seal, 6000 XP');
    const select = within(card).getByLabelText("Hero for The Dragon's Hoard");
    // Only the idle hero with a home and Strength 70 or more is offered.
    const options = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Choose a hero', 'Strong (Strength 80)']);
    await userEvent.selectOptions(select, '1');
    expect(await within(card).findByText('Back in 4h 48m with the reward.')).toBeTruthy();
    const send = within(card).getByRole('button', { name: 'Send hero' });
    await waitFor(() => expect(send).toHaveProperty('disabled', false));
    await userEvent.click(send);
    await waitFor(() => expect(calls.some((c) => c.path === '/misaar/mission/start')).toBe(true));
    expect(calls.find((c) => c.path === '/misaar/mission/start')?.body).toEqual({
      missionType: 'UNIQUE',
      landid: 5,
      heroid: 1,
      eventid: 3,
    });
  });

  it('says which hero went, and when a coming event opens', async () => {
    render(
      LEVEL9,
      [
        event({ joined: { heroid: 1, name: 'Strong', missionid: 9 } }),
        event({
          eventid: 4,
          name: 'The Storm Crown',
          status: 'coming',
          start: '2099-01-01T00:00:00.000Z',
        }),
      ],
      [],
    );
    const joined = await screen.findByRole('region', { name: "The Dragon's Hoard" });
    expect(joined.textContent).toContain('You sent Strong.');
    const coming = screen.getByRole('region', { name: 'The Storm Crown' });
    expect(within(coming).getByRole('timer').textContent).toMatch(/^Opens in/);
    expect(within(coming).queryByRole('button', { name: 'Send hero' })).toBeNull();
  });
});
