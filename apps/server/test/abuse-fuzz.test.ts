import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { queryRows } from '../src/db/client.js';
import { createTestContext, signedInPlayer, type TestContext } from './helpers.js';
import { client, expectBooksBalanced, starter } from './game-helpers.js';
import {
  ENDPOINTS,
  GROUPS,
  NOT_FUZZED,
  groupOf,
  nameOf,
  servedRoutes,
  urlOf,
  type Endpoint,
  type Fixture,
} from './abuse-endpoints.js';
import {
  BODY_LIMIT,
  JSON_TYPES,
  UNSUPPORTED_TYPES,
  hasPollutionKey,
  isJsonType,
  isMalformedJson,
  randomBody,
  type JsonSchema,
  type RawBody,
} from './abuse-arbitraries.js';
import { mutations } from './abuse-mutations.js';
import { idSegment, indexSegment, querySuffix, wordSegment } from './abuse-params.js';
import {
  describeRequest,
  expectErrorShape,
  expectHandled,
  playerState,
  rowCounts,
  seedOf,
} from './abuse-helpers.js';

/**
 * Fuzzes every endpoint of the ENDPOINTS table with (a) random bodies, (b) valid bodies with one
 * field mutated and (c) random path parameters and query strings. Every answer must be below
 * 500 and, when it is an error, in the one error shape. After each property the ledger must
 * balance, and both players and the row counts must be exactly as before: every sample request
 * is one the game refuses, and the fuzzing player's messages are read and deleted (and the first
 * steps dismissed) beforehand, so that even a lucky markread or markdelete of their own message
 * changes nothing.
 */

let ctx: TestContext;
let me: { cookie: string; fixture: Fixture };
let victim: { cookie: string };

beforeAll(async () => {
  ctx = await createTestContext({
    accessTokenTtlSeconds: 10 * 365 * 86400,
    refreshTokenTtlSeconds: 20 * 365 * 86400,
  });
  const player = await signedInPlayer(ctx);
  const { land, resident } = await starter(client(ctx, player.cookie));
  const [row] = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`select id from users where login = ${player.login}`,
  );
  me = {
    cookie: player.cookie,
    fixture: { profileId: row!.id, landId: land.landid, heroId: resident.heroid },
  };
  victim = { cookie: (await signedInPlayer(ctx)).cookie };
  const api = client(ctx, me.cookie);
  const ids = ((await api.get('/hatif/messages')).body as { msgid: number }[]).map((m) => m.msgid);
  for (const id of ids) expect((await api.post(`/hatif/messages/${id}/markread`)).status).toBe(200);
  if (ids.length > 0)
    expect((await api.post('/hatif/messages/markdelete', { ids })).status).toBe(200);
  // Snapshots read the purchase history, which completes a first steps goal: with the card
  // dismissed, no goal is looked for or paid while fuzzing.
  expect((await api.post('/athar/quests/dismiss')).status).toBe(200);
});
afterAll(() => ctx.close());

interface Sent {
  ep: Endpoint;
  url: string;
  body?: RawBody;
}

/** Requests to endpoints that write which were accepted (shown when a state check fails). */
let accepted: string[] = [];

async function send({ ep, url, body }: Sent) {
  const headers: Record<string, string> = {};
  // Session-ending endpoints are fuzzed as a stranger, so the fuzzing session survives.
  if (!ep.endsSession) headers.cookie = me.cookie;
  if (body?.contentType !== undefined) headers['content-type'] = body.contentType;
  const options: InjectOptions = { method: ep.method, url, headers };
  if (body !== undefined) options.payload = body.payload;
  const res = await ctx.app.inject(options);
  const what = describeRequest(ep.method, url, headers, body?.payload);
  expectHandled(res, what);
  if (!ep.readOnly && res.statusCode < 300) accepted.push(`${res.statusCode} ${what}`);
  return { res, what };
}

/** Runs `act`, then checks the books, both players and the row counts: nothing changed. */
async function expectUnchanged(act: () => Promise<void>) {
  const before = {
    me: await playerState(ctx, me.cookie),
    victim: await playerState(ctx, victim.cookie),
    rows: await rowCounts(ctx),
  };
  accepted = [];
  await act();
  await expectBooksBalanced(ctx);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  const why = `requests that were accepted:\n${accepted.join('\n') || 'none'}`;
  expect(await playerState(ctx, victim.cookie), why).toEqual(before.victim);
  expect(await playerState(ctx, me.cookie), why).toEqual(before.me);
  expect(await rowCounts(ctx), why).toEqual(before.rows);
}

/** One property with a fixed seed; fast-check prints the seed and the counterexample. */
async function fuzz<T>(arb: fc.Arbitrary<T>, check: (t: T) => Promise<void>, numRuns: number) {
  const seed = seedOf(expect.getState());
  await expectUnchanged(() => fc.assert(fc.asyncProperty(arb, check), { numRuns, seed }));
}

const sampleUrl = (ep: Endpoint) => {
  const s = ep.sample(me.fixture);
  return urlOf(ep, s.params, s.query);
};

/** Requests per property and URL prefix: about 300 per prefix in all. */
const RUNS = { bodies: 100, mutations: 100, params: 100 };

const endpointArb = (eps: readonly Endpoint[]) => fc.constantFrom(...eps);

it('lists every route the app serves', () => {
  const table = ENDPOINTS.map(nameOf);
  expect(servedRoutes(ctx.app.printRoutes({ commonPrefix: false }))).toEqual(
    [...table, ...NOT_FUZZED].sort(),
  );
});

describe.each(GROUPS)('fuzzing %s', (group) => {
  const endpoints = ENDPOINTS.filter((ep) => groupOf(ep) === group);
  const withBody = endpoints.filter((ep) => ep.body);

  it('(a) random bodies and content types', async () => {
    const arb = endpointArb(endpoints).chain((ep) => {
      const keys = Object.keys((ep.body as JsonSchema | undefined)?.properties ?? {});
      return fc.record({ ep: fc.constant(ep), body: randomBody(keys) });
    });
    await fuzz(
      arb,
      async ({ ep, body }) => {
        const { res, what } = await send({ ep, url: sampleUrl(ep), body });
        // The console answers the fuzzing player 404 before it reads anything.
        if (ep.staffOnly) expect(res.statusCode, what).toBe(404);
        if (ep.method !== 'POST' || ep.staffOnly) return;
        const status = res.statusCode;
        const hasBody = body.payload.length > 0;
        const tooLarge = Buffer.byteLength(body.payload) > BODY_LIMIT;
        if (hasBody && !isJsonType(body.contentType)) {
          // A JSON type with another charset is read up to the limit before it is refused.
          expect(tooLarge ? [413, 415] : [415], what).toContain(status);
        } else if (tooLarge) {
          expect(status, what).toBe(413);
        } else if (isMalformedJson(body.payload)) {
          expect(status, what).toBe(400);
          expect(res.json().code, what).toBe('BAD_JSON');
        } else if (hasPollutionKey(body.payload)) {
          expect(status, what).toBe(400);
        }
      },
      RUNS.bodies,
    );
  });

  if (withBody.length > 0)
    it('(b) valid bodies with one field mutated', async () => {
      const arb = endpointArb(withBody).chain((ep) =>
        fc.record({
          ep: fc.constant(ep),
          mutation: mutations(ep.body as JsonSchema, ep.sample(me.fixture).body ?? {}),
        }),
      );
      await fuzz(
        arb,
        async ({ ep, mutation }) => {
          const body = { payload: mutation.payload, contentType: 'application/json' };
          const { res, what } = await send({ ep, url: sampleUrl(ep), body });
          const label = `${what}\n(${mutation.kind} ${mutation.field})`;
          if (ep.staffOnly) expect(res.statusCode, label).toBe(404);
          else if (mutation.refused) {
            expect(res.statusCode, label).toBe(400);
            expect(res.json().field, label).toBe(mutation.field);
          }
        },
        RUNS.mutations,
      );
    });

  it('(c) random path parameters and query strings', async () => {
    const arb = endpointArb(endpoints).chain((ep) =>
      fc.record({
        ep: fc.constant(ep),
        params: fc.record(
          Object.fromEntries(
            Object.entries(ep.params ?? {}).map(([name, kind]) => [
              name,
              kind === 'id' ? idSegment : kind === 'index' ? indexSegment : wordSegment,
            ]),
          ) as Record<string, typeof idSegment>,
        ),
        query: querySuffix(ep),
      }),
    );
    await fuzz(
      arb,
      async ({ ep, params, query }) => {
        const sample = ep.sample(me.fixture);
        const filled = Object.fromEntries(
          Object.entries(params).map(([name, seg]) => [name, seg.raw]),
        );
        const url = `${urlOf(ep, filled)}${query.text}`;
        const body =
          sample.body === undefined
            ? undefined
            : { payload: JSON.stringify(sample.body), contentType: 'application/json' };
        const { res, what } = await send({ ep, url, body });
        // A dot segment in one parameter moves the path (another route, or none): the others'
        // 400 holds only when every segment stays in place.
        const moved = Object.values(params).some((seg) => seg.expect === 'refused');
        if (ep.staffOnly) {
          // 404 before anything is read; a path that does not even decode is 400 first.
          const bad = Object.values(params).some((seg) => seg.expect === 400);
          if (!moved) expect(bad ? [400, 404] : [404], what).toContain(res.statusCode);
          return;
        }
        for (const seg of Object.values(params)) {
          if (seg.expect === 'refused') expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
          if (seg.expect === 400 && !moved) expect(res.statusCode, what).toBe(400);
        }
        if (query.expect === 400 && Object.keys(params).length === 0)
          expect(res.statusCode, what).toBe(400);
      },
      RUNS.params,
    );
  });
});

describe('content types', () => {
  // The console's routes answer the fuzzing player 404 whatever the body (checked in send).
  const posts = ENDPOINTS.filter((ep) => ep.method === 'POST' && !ep.staffOnly);

  it('reads application/json (with or without charset=utf-8) and refuses anything else with 415', async () => {
    await expectUnchanged(async () => {
      for (const ep of posts) {
        const payload = JSON.stringify(ep.sample(me.fixture).body ?? {});
        for (const contentType of JSON_TYPES) {
          const { res, what } = await send({
            ep,
            url: sampleUrl(ep),
            body: { payload, contentType },
          });
          expect(res.statusCode, what).not.toBe(415);
          if (res.statusCode === 400) expect(res.json().code, what).not.toBe('BAD_JSON');
        }
        for (const contentType of [...UNSUPPORTED_TYPES, undefined]) {
          const { res, what } = await send({
            ep,
            url: sampleUrl(ep),
            body: { payload, contentType },
          });
          expect(res.statusCode, what).toBe(415);
          expectErrorShape(res, what);
        }
      }
    });
  });

  it('treats a bodiless POST as no body, whatever the endpoint', async () => {
    await expectUnchanged(async () => {
      for (const ep of posts) {
        const { res, what } = await send({ ep, url: sampleUrl(ep) });
        if (ep.body) expect(res.statusCode, what).toBe(400);
        else expect(res.statusCode, what).not.toBe(415);
      }
    });
  });

  it('refuses prototype-pollution keys in a JSON body and pollutes nothing', async () => {
    await expectUnchanged(async () => {
      for (const ep of posts) {
        for (const payload of [
          '{"__proto__":{"polluted":"yes"}}',
          '{"constructor":{"prototype":{"polluted":"yes"}}}',
          '{"a":[{"\\u005f_proto__":{"polluted":"yes"}}]}',
        ]) {
          const body = { payload, contentType: 'application/json' };
          const { res, what } = await send({ ep, url: sampleUrl(ep), body });
          expect(res.statusCode, what).toBe(400);
        }
      }
    });
  });

  it('answers 413 in the error shape for a body over 64 KiB', async () => {
    const [ep] = posts;
    const payload = JSON.stringify({ pad: 'x'.repeat(BODY_LIMIT) });
    const body = { payload, contentType: 'application/json' };
    const { res, what } = await send({ ep: ep!, url: sampleUrl(ep!), body });
    expect(res.statusCode, what).toBe(413);
  });
});
