import { expect } from 'vitest';
import type { Call } from './abuse-players.js';
import type { TestContext } from './helpers.js';
import { signedInPlayer } from './helpers.js';
import { SAMPLE_KEYS } from './abuse-endpoints-push.js';

type Case = [string, () => Promise<Call>];

let endpoints = 0;
const freshEndpoint = () => `https://push.example.org/send/origin-${++endpoints}`;

/**
 * For each POST, PUT and DELETE route of web push, a request that succeeds when it comes from
 * the site (abuse-origin.test.ts). The player and two devices to remove are made here, once: a
 * factory runs inside the "nothing changed" check, so it only reads the devices still there.
 */
export async function pushOriginCases(ctx: TestContext): Promise<Case[]> {
  const player = await signedInPlayer(ctx);
  const subscribe = () =>
    ctx.app.inject({
      method: 'POST',
      url: '/athar/push/subscriptions',
      headers: { cookie: player.cookie },
      payload: { endpoint: freshEndpoint(), keys: SAMPLE_KEYS },
    });
  for (let i = 0; i < 2; i++) expect((await subscribe()).statusCode).toBe(201);
  const firstDevice = async () => {
    const res = await ctx.app.inject({
      url: '/athar/push/subscriptions',
      headers: { cookie: player.cookie },
    });
    const [device] = res.json() as { id: number }[];
    expect(device, 'a device left for the origin checks').toBeDefined();
    return device!.id;
  };
  return [
    [
      'POST /athar/push/subscriptions',
      async () => ({
        method: 'POST',
        url: '/athar/push/subscriptions',
        body: { endpoint: freshEndpoint(), keys: SAMPLE_KEYS },
        cookie: player.cookie,
      }),
    ],
    [
      'DELETE /athar/push/subscriptions/:id',
      async () => ({
        method: 'DELETE',
        url: `/athar/push/subscriptions/${await firstDevice()}`,
        cookie: player.cookie,
      }),
    ],
    [
      'PUT /athar/push/preferences',
      async () => ({
        method: 'PUT',
        url: '/athar/push/preferences',
        body: {
          kinds: ['bazaar.outbid'],
          quietHours: { start: '22:00', end: '07:00' },
          timeZone: 'Europe/Paris',
        },
        cookie: player.cookie,
      }),
    ],
  ];
}
