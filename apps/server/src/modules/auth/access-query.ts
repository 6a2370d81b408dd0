import { sql } from 'drizzle-orm';
import { preparedRows, type Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { hashToken } from '../../lib/tokens.js';
import type { SessionWork } from '../../core/session.js';

interface Row extends SessionWork {
  hash: string;
}

/**
 * The access tokens of several requests, each with its session, the due-work checks and the
 * profile's level, state version and event number, in one prepared round trip. A token that is
 * unknown, expired or whose session was revoked has no row. The tokens pass through `array(select
 * unnest(...))` so that no plan sees how many there are: planned with the count (one, mostly),
 * the statement looked cheaper than its reusable plan, and PostgreSQL planned it afresh on
 * every lookup (docs/performance.md, Arena).
 */
function lookup(db: Db, hashes: string[], now: Date): Promise<Row[]> {
  return preparedRows<Row>(
    db,
    'resolve_sessions_batch',
    sql`select t.token_hash as "hash", s.user_id as "userId", s.id as "sessionId",
      exists(select 1 from missions m where m.profile_id = s.user_id
        and m.status = 'running' and m.eta <= ${now}) as "due",
      exists(select 1 from workflows w where w.profile_id = s.user_id
        and w.status = 'pending') as "pending",
      p.level as "level", p.state_version::float8 as "version",
      coalesce(p.event_seq, 0)::float8 as "eventSeq"
    from access_tokens t
    join sessions s on s.id = t.session_id
    left join profiles p on p.id = s.user_id
    where t.token_hash = any(array(select unnest(${sql.param(hashes)}::text[])))
      and t.expires_at > ${now} and s.revoked_at is null`,
  );
}

interface Waiter {
  resolve(work: SessionWork | null): void;
  reject(err: unknown): void;
}

/** At most this many tokens go into one lookup. */
const MAX_BATCH = 256;

/**
 * The hot path of every signed-in request. Lookups that arrive while the same turn of the
 * event loop is still reading sockets, or while `maxInFlight` lookups are already waiting
 * on the database, share one query. So a quiet server answers each token at once, and a
 * busy one sends the database one query for many requests instead of one each: the per-query
 * cost (a socket write and a wake-up on both sides, the protocol messages, the executor
 * start-up) is what bound the server under load, not the index lookups.
 *
 * Each query starts after every request in it arrived and reads the clock when it starts, so a
 * revoked session or an expired token is refused exactly as by a query of its own.
 */
export class SessionResolver {
  private queue = new Map<string, Waiter[]>();
  private inFlight = 0;
  private scheduled = false;
  /** Told the number of distinct tokens of each query (the metrics). */
  onQuery: (tokens: number) => void = () => undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly maxInFlight = 4,
  ) {}

  resolve(token: string): Promise<SessionWork | null> {
    return new Promise((resolve, reject) => {
      const hash = hashToken(token);
      const waiters = this.queue.get(hash);
      if (waiters) waiters.push({ resolve, reject });
      else this.queue.set(hash, [{ resolve, reject }]);
      this.schedule();
    });
  }

  private schedule() {
    if (this.scheduled || this.inFlight >= this.maxInFlight || this.queue.size === 0) return;
    this.scheduled = true;
    // After the sockets that are ready now have been read: their lookups join this query.
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush() {
    if (this.inFlight >= this.maxInFlight || this.queue.size === 0) return;
    let batch = this.queue;
    if (batch.size > MAX_BATCH) {
      batch = new Map([...this.queue].slice(0, MAX_BATCH));
      for (const hash of batch.keys()) this.queue.delete(hash);
    } else {
      this.queue = new Map();
    }
    this.inFlight += 1;
    this.onQuery(batch.size);
    void this.run(batch).finally(() => {
      this.inFlight -= 1;
      this.schedule();
    });
    this.schedule();
  }

  private async run(batch: Map<string, Waiter[]>) {
    try {
      const rows = await lookup(this.db, [...batch.keys()], this.clock.now());
      const found = new Map<string, SessionWork>();
      for (const { hash, ...work } of rows) found.set(hash, work);
      for (const [hash, waiters] of batch) {
        const work = found.get(hash) ?? null;
        for (const waiter of waiters) waiter.resolve(work && { ...work });
      }
    } catch (err) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(err);
    }
  }
}
