import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tooMany } from '../lib/rate-limit.js';

/** How many of one player's writes a process works on at once; the rest wait their turn. */
export const WRITES_IN_FLIGHT = 4;
/** How many of one player's writes may wait in one process; past that the answer is 429. */
export const WRITES_WAITING = 200;

/** The methods that only read: never held back. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** One player's writes in this process: how many run and who waits, first come first served. */
interface Lane {
  running: number;
  waiting: Array<() => void>;
}

export interface WriteGateOptions {
  inFlight?: number;
  waiting?: number;
}

/**
 * Holds back a player's writes beyond a few at once, in memory, before they take a database
 * connection (docs/architecture.md, "One player's burst"). A player's writes mostly lock the
 * same profile row, so a burst of them (a script, a storm of double-clicks) would otherwise
 * take every connection of the pool to wait on that one lock, and every other player's request
 * would wait behind them for a connection and fail as unavailable. Waiting here costs nothing
 * and has no time limit; a player with more than `waiting` writes waiting gets 429.
 *
 * Registered after requireSession, whose hook names the player. A request's turn ends when its
 * answer is sent or its connection closes, whichever comes first.
 */
export function limitWritesPerPlayer(app: FastifyInstance, options: WriteGateOptions = {}) {
  const inFlight = options.inFlight ?? WRITES_IN_FLIGHT;
  const maxWaiting = options.waiting ?? WRITES_WAITING;
  const lanes = new Map<number, Lane>();
  const turns = new WeakMap<FastifyRequest, () => void>();

  const leave = (playerId: number, lane: Lane) => {
    const next = lane.waiting.shift();
    if (next) return next(); // the turn passes on: as many run as before
    lane.running -= 1;
    if (lane.running === 0) lanes.delete(playerId);
  };

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const playerId = request.auth?.userId;
    if (playerId === undefined || READS.has(request.method)) return;
    let lane = lanes.get(playerId);
    if (!lane) {
      lane = { running: 0, waiting: [] };
      lanes.set(playerId, lane);
    }
    const own = lane;
    if (own.running >= inFlight && own.waiting.length >= maxWaiting) {
      throw tooMany(
        { hits: own.waiting.length, retryAfterSeconds: 1 },
        'Too many of your requests are waiting. Please wait for them to finish and try again.',
      );
    }
    let entered = false;
    let closed = false;
    let done = false;
    const finish = () => {
      if (done || !entered) return;
      done = true;
      leave(playerId, own);
    };
    // A connection that closes while its request waits leaves the queue's turn to be given
    // back as soon as it comes: its close was heard before the turn was held.
    reply.raw.once('close', () => {
      closed = true;
      finish();
    });
    turns.set(request, finish);
    if (own.running < inFlight) {
      own.running += 1;
    } else {
      await new Promise<void>((resolve) => own.waiting.push(resolve));
    }
    entered = true;
    if (closed) finish();
  });

  app.addHook('onResponse', async (request: FastifyRequest) => {
    turns.get(request)?.();
  });
}
