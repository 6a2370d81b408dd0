import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { createTestContext, signedInPlayer, type TestContext } from './helpers.js';
import { openSse, type SseStream } from './sse-client.js';

/**
 * The heartbeat is spread over its period (docs/architecture.md, "Push"): with a period of two
 * seconds, the hub beats half of its streams each second, so a process holding many streams
 * never writes to all of them at once.
 */
const PERIOD_MS = 2000;
let ctx: TestContext;
let base: string;
const streams: SseStream[] = [];

beforeAll(async () => {
  ctx = await createTestContext({}, { events: { heartbeatMs: PERIOD_MS } });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of streams) s.close();
  await ctx.close();
});

const beats = (s: SseStream) => s.blocks.filter((b) => b.comments.includes('hb')).length;

describe('the push heartbeat', () => {
  it('beats each stream once a period, the streams in turns rather than all at once', async () => {
    const opened: SseStream[] = [];
    for (let i = 0; i < 4; i++) {
      const { cookie } = await signedInPlayer(ctx);
      const s = await openSse(`${base}/events`, { cookie });
      streams.push(s);
      opened.push(s);
      await s.until((b) => b.some((x) => x.id !== undefined));
    }
    // The next beat after all are open: at that moment only the streams of its slice (every
    // other one, in the order they opened) have it.
    const before = opened.map(beats);
    const grew = () => opened.filter((s, i) => beats(s) > before[i]!).length;
    const deadline = Date.now() + 5_000;
    while (grew() < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    // The other slice is a second away: a moment later it still has not beaten.
    await new Promise((r) => setTimeout(r, 250));
    expect(grew()).toBe(2);
    // Within the period the other slice beats too: every stream has had its beat.
    await Promise.all(opened.map((s, i) => s.until(() => beats(s) > before[i]!, 5_000)));
    expect(grew()).toBe(4);
    for (const s of opened) s.close();
  });
});
