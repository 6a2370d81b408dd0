import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { createTestContext, type TestContext } from './helpers.js';
import { expectBooksBalanced } from './game-helpers.js';
import { ENDPOINTS, nameOf, urlOf, type Endpoint } from './abuse-endpoints.js';
import { randomBody, type JsonSchema, type RawBody } from './abuse-arbitraries.js';
import { mutations } from './abuse-mutations.js';
import { idSegment, querySuffix, wordSegment } from './abuse-params.js';
import { describeRequest, expectHandled, seedOf } from './abuse-helpers.js';
import type { Player } from './abuse-players.js';
import { withRole } from './staff-helpers.js';

/**
 * The console fuzzed as an admin, who passes the role and freshness checks, so that every
 * request reaches validation and the services: random bodies, valid bodies with one field
 * mutated, random path parameters and query strings. Whatever the request, the answer is below
 * 500 in the error shape (a mutated request that is still valid may do what it says, on the
 * admin's own test database), a refused mutation names its field, and the books balance.
 */

let ctx: TestContext;
let admin: Player;
beforeAll(async () => {
  ctx = await createTestContext({
    accessTokenTtlSeconds: 10 * 365 * 86400,
    refreshTokenTtlSeconds: 20 * 365 * 86400,
  });
  admin = await withRole(ctx, 'admin');
  // Players for fuzzed ids to land on.
  for (let i = 0; i < 3; i++) await withRole(ctx, 'player');
});
afterAll(() => ctx.close());

const console_ = ENDPOINTS.filter((ep) => ep.staffOnly && ep.path !== '/diwan/reauth');
const withBody = console_.filter((ep) => ep.body);
const RUNS = 150;

async function send(ep: Endpoint, url: string, body?: RawBody) {
  const headers: Record<string, string> = { cookie: admin.cookie };
  if (body?.contentType !== undefined) headers['content-type'] = body.contentType;
  const options: InjectOptions = { method: ep.method, url, headers };
  if (body !== undefined) options.payload = body.payload;
  const res = await ctx.app.inject(options);
  const what = describeRequest(ep.method, url, headers, body?.payload);
  expectHandled(res, what);
  // The admin's session stays fresh (the clock does not move) and the admin may do everything.
  if (res.statusCode === 403) expect(res.json().code, what).toBe('STAFF_NOT_ON_YOURSELF');
  return { res, what };
}

const sampleUrl = (ep: Endpoint) => {
  const s = ep.sample({ profileId: 0, landId: 0, heroId: 0 });
  return urlOf(ep, s.params, s.query);
};

const run = <T>(arb: fc.Arbitrary<T>, check: (t: T) => Promise<void>) =>
  fc.assert(fc.asyncProperty(arb, check), { numRuns: RUNS, seed: seedOf(expect.getState()) });

describe('the console, fuzzed as an admin', () => {
  it('answers random bodies below 500', async () => {
    await run(
      fc.constantFrom(...console_).chain((ep) =>
        fc.record({
          ep: fc.constant(ep),
          body: randomBody(Object.keys((ep.body as JsonSchema | undefined)?.properties ?? {})),
        }),
      ),
      async ({ ep, body }) => {
        await send(ep, sampleUrl(ep), body);
      },
    );
    await expectBooksBalanced(ctx);
  });

  it('refuses a mutated field with 400 naming it', async () => {
    await run(
      fc.constantFrom(...withBody).chain((ep) =>
        fc.record({
          ep: fc.constant(ep),
          mutation: mutations(
            ep.body as JsonSchema,
            ep.sample({ profileId: 0, landId: 0, heroId: 0 }).body ?? {},
          ),
        }),
      ),
      async ({ ep, mutation }) => {
        const body = { payload: mutation.payload, contentType: 'application/json' };
        const { res, what } = await send(ep, sampleUrl(ep), body);
        if (mutation.refused) {
          const label = `${nameOf(ep)} ${what}\n(${mutation.kind} ${mutation.field})`;
          expect(res.statusCode, label).toBe(400);
          expect(res.json().field, label).toBe(mutation.field);
        }
      },
    );
    await expectBooksBalanced(ctx);
  });

  it('answers random path parameters and query strings below 500', async () => {
    await run(
      fc.constantFrom(...console_).chain((ep) =>
        fc.record({
          ep: fc.constant(ep),
          params: fc.record(
            Object.fromEntries(
              Object.entries(ep.params ?? {}).map(([name, kind]) => [
                name,
                kind === 'id' ? idSegment : wordSegment,
              ]),
            ) as Record<string, typeof idSegment>,
          ),
          query: querySuffix(ep),
        }),
      ),
      async ({ ep, params, query }) => {
        const sample = ep.sample({ profileId: 0, landId: 0, heroId: 0 });
        const filled = Object.fromEntries(
          Object.entries(params).map(([name, seg]) => [name, seg.raw]),
        );
        const body =
          sample.body === undefined
            ? undefined
            : { payload: JSON.stringify(sample.body), contentType: 'application/json' };
        await send(ep, `${urlOf(ep, filled)}${query.text}`, body);
      },
    );
    await expectBooksBalanced(ctx);
  });
});
