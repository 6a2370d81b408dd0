import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AdjustableClock } from '../../lib/clock.js';
import { badRequest } from '../../lib/errors.js';

const ClockBody = Type.Object({
  advanceMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 366 * 86_400_000 })),
  at: Type.Optional(Type.String({ format: 'date-time' })),
});

/**
 * Registered only when the server runs with GAME_TEST_MODE=1 (refused in production):
 * browser tests move the server's clock instead of waiting for missions to finish.
 */
export async function testRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const clock = app.deps.clock;
  app.get('/clock', async () => ({ now: clock.now().toISOString() }));
  app.post('/clock', { schema: { body: ClockBody } }, async (request) => {
    if (!(clock instanceof AdjustableClock))
      throw badRequest('CLOCK_FIXED', 'This server clock cannot be moved.');
    if (request.body.at) clock.set(new Date(request.body.at));
    if (request.body.advanceMs) clock.advance(request.body.advanceMs);
    return { now: clock.now().toISOString() };
  });
  // A journey that closes a page and then makes news must know the server has written that
  // the player's stream closed, or the push worker still sees it open and sends nothing.
  app.post('/presence', async () => {
    await app.deps.events.presenceWritten();
    return { ok: true };
  });
}
