import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ArenaBattle } from '@aleph/contracts';
import { fakeFetch, json } from '../../test/fake-fetch';
import { renderRoutes, signedInStore } from '../../test/render';
import { ArenaPage } from './arena-page';

const routes = [{ path: '/arena', Component: ArenaPage }];

const STATUS = {
  rating: 1016,
  defence: [{ id: 1, name: 'Arin', element: 1, rarity: 0, busy: false }],
  attacksLeft: 5,
  attacksPerDay: 5,
  nextAttacksAt: '2026-01-06T00:00:00.000Z',
};
const HEROES = [
  { heroid: 1, name: 'Arin', element: 1, busy: false },
  { heroid: 2, name: 'Bree', element: 3, busy: true },
];
const BATTLE: ArenaBattle = {
  id: 9,
  at: '2026-01-05T10:00:00.000Z',
  winner: 'attacker',
  youAttacked: true,
  youWon: true,
  attacker: { profileId: 1, nickname: 'me', rating: 1016, change: 16 },
  defender: { profileId: 2, nickname: 'Isolde', rating: 984, change: -16 },
  seed: 5,
  capped: false,
  fighters: [
    {
      index: 0,
      side: 'attacker',
      heroId: 1,
      name: 'Arin',
      element: 1,
      maxHp: 400,
      attack: 90,
      defence: 10,
      speed: 50,
      luck: 50,
    },
    {
      index: 1,
      side: 'defender',
      heroId: 7,
      name: 'Cael',
      element: 2,
      maxHp: 200,
      attack: 40,
      defence: 5,
      speed: 40,
      luck: 25,
    },
  ],
  turns: [
    { turn: 1, actor: 0, target: 1, roll: 'critical', damage: 130, hp: 70 },
    { turn: 2, actor: 1, target: 0, roll: 'evade', damage: 0, hp: 400 },
    // Thirty misses: the animation takes 14 s, so Skip is there to press on a slow machine.
    ...Array.from({ length: 30 }, (_, i) => ({
      turn: 3 + i,
      actor: i % 2,
      target: 1 - (i % 2),
      roll: 'miss' as const,
      damage: 0,
      hp: i % 2 === 0 ? 70 : 400,
    })),
    { turn: 33, actor: 0, target: 1, roll: 'normal', damage: 76, hp: 0 },
  ],
};

function serve(features: string[], overrides: Parameters<typeof fakeFetch>[0] = {}) {
  return fakeFetch({
    'GET /athar/features': () => json(features),
    'GET /halba/defence': () => json(STATUS),
    'GET /halba/opponents': () =>
      json([
        {
          profileId: 2,
          nickname: 'Isolde',
          level: 10,
          rating: 1000,
          defence: [{ name: 'Cael', element: 2 }],
        },
      ]),
    'GET /halba/ladder': () =>
      json({
        week: '2026-W02',
        endsAt: '2026-01-12T00:00:00.000Z',
        top: [],
        you: null,
        rewards: [5000],
      }),
    'GET /halba/battles': () => json({ battles: [], next: null }),
    'GET /abtal/heroes': () => json(HEROES),
    'POST /halba/attack': () => json(BATTLE),
    ...overrides,
  });
}

describe('arena', () => {
  it('is locked below level ten with the level named', async () => {
    const { calls } = serve(['profileLevel9']);
    renderRoutes(routes, '/arena', signedInStore());
    expect(
      await screen.findByText('You need to upgrade your profile to at least level ten.'),
    ).toBeTruthy();
    expect(calls.some((call) => call.path.startsWith('/halba'))).toBe(false);
  });

  it('attacks with an idle hero and plays the replay to its end with Skip', async () => {
    serve(['profileLevel10']);
    renderRoutes(routes, '/arena', signedInStore());
    await userEvent.click(await screen.findByRole('button', { name: 'Attack Isolde' }));
    const dialog = await screen.findByRole('dialog', { name: 'Attack Isolde' });
    // The hero on a mission cannot attack.
    expect(within(dialog).getByRole('checkbox', { name: /Bree/ })).toHaveProperty('disabled', true);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Arin/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fight' }));
    const replay = await screen.findByRole('dialog', { name: 'Battle replay' });
    await userEvent.click(within(replay).getByRole('button', { name: 'Skip' }));
    expect(within(replay).getByRole('status').textContent).toBe('Victory: rating +16 (now 1016).');
    expect(within(replay).getByText('Arin hits Cael for 76 (hit). Cael falls.')).toBeTruthy();
    // The log shows the latest six actions, newest first.
    expect(within(replay).getAllByRole('listitem')).toHaveLength(6);
    expect(within(replay).getAllByText('Cael misses Arin.')).toHaveLength(3);
  });

  it('keeps a hero listed on the Bazaar out of the defence, and says why', async () => {
    const listed = { heroid: 3, name: 'Cyra', element: 0, busy: false, listingId: 8 };
    serve(['profileLevel10'], { 'GET /abtal/heroes': () => json([...HEROES, listed]) });
    renderRoutes(routes, '/arena', signedInStore());
    const defenders = await screen.findByRole('group', { name: 'Defenders' });
    const cyra = await within(defenders).findByRole('checkbox', {
      name: 'Cyra (Air, on the Bazaar)',
    });
    expect(cyra).toHaveProperty('disabled', true);
    // Busy heroes still defend; only the listing keeps a hero out.
    expect(within(defenders).getByRole('checkbox', { name: /Bree/ })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('asks for opponents again when the attack finds the offer gone, and says so', async () => {
    const { calls } = serve(['profileLevel10'], {
      'POST /halba/attack': () =>
        json(
          {
            statusCode: 409,
            error: 'Conflict',
            code: 'ARENA_OPPONENT_NOT_OFFERED',
            field: 'opponent',
            message:
              'You have no opponents offered in the last 15 minutes. Ask for opponents again.',
          },
          409,
        ),
    });
    renderRoutes(routes, '/arena', signedInStore());
    await userEvent.click(await screen.findByRole('button', { name: 'Attack Isolde' }));
    const dialog = await screen.findByRole('dialog', { name: 'Attack Isolde' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Arin/ }));
    const asked = calls.filter((c) => c.path === '/halba/opponents').length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fight' }));
    expect(
      await screen.findByText(
        'Your list of opponents was out of date, so it has been asked for again. Choose an opponent from it.',
      ),
    ).toBeTruthy();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.path === '/halba/opponents').length).toBeGreaterThan(asked),
    );
    // The attack named the offered opponent.
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ opponent: 2, heroes: [1] });
  });
});
