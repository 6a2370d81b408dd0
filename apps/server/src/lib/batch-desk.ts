/** What a desk's batch answers for one of its orders: its result, or its own refusal. */
export type Outcome<R> = { ok: R } | { error: unknown };

/** A request waiting at a desk, answered when its batch is done. */
export interface DeskOrder<R> {
  resolve(result: R): void;
  reject(err: unknown): void;
}

export interface DeskOptions<O> {
  /** At most this many orders go into one batch. */
  maxBatch: number;
  /** Batches running at once: the next one takes its locks and reads while the one before writes. */
  maxInFlight: number;
  /**
   * The players an order touches. A player is in at most one order of a batch: an order that
   * shares one with an earlier order of the queue waits for a later batch, which locks that
   * player's rows only after the earlier batch commits and so sees what it left.
   */
  players(order: O): readonly number[];
  /**
   * Start a batch on the next turn of the event loop rather than at once, so the orders whose
   * requests were read in the same turn go together instead of the first one alone.
   */
  startOnNextTurn: boolean;
}

/**
 * Requests that arrive together, handled in batches (docs/decisions/0012-trader-desk.md and
 * 0013-arena-desk.md): while batches run, the orders that arrive queue, and the next batch takes
 * them. `run` does a batch (one transaction) and answers each order on its own, a refusal for
 * that order alone; if it throws, every order of the batch fails with its error.
 */
export class BatchDesk<R, O extends DeskOrder<R>> {
  private queue: O[] = [];
  private inFlight = 0;
  private scheduled = false;
  /** Told the number of orders of each batch as it starts (the metrics). */
  onBatch: (orders: number) => void = () => undefined;

  constructor(
    private readonly options: DeskOptions<O>,
    private readonly run: (batch: O[]) => Promise<ReadonlyMap<O, Outcome<R>>>,
  ) {}

  submit(order: O): void {
    this.queue.push(order);
    this.kick();
  }

  /** Starts what waits, at once or on the next turn of the event loop as the options say. */
  private kick(): void {
    if (this.options.startOnNextTurn) this.schedule();
    else this.next();
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.options.maxInFlight || this.queue.length === 0)
      return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.next();
    });
  }

  /** Starts a batch of what waits, as long as fewer than `maxInFlight` are running. */
  private next(): void {
    while (this.inFlight < this.options.maxInFlight && this.queue.length > 0) {
      const batch: O[] = [];
      const rest: O[] = [];
      const players = new Set<number>();
      for (const o of this.queue) {
        const touched = this.options.players(o);
        if (batch.length < this.options.maxBatch && !touched.some((p) => players.has(p))) {
          for (const p of touched) players.add(p);
          batch.push(o);
        } else rest.push(o);
      }
      this.queue = rest;
      this.inFlight += 1;
      this.onBatch(batch.length);
      void this.settle(batch).finally(() => {
        this.inFlight -= 1;
        this.kick();
      });
    }
  }

  /** Runs one batch and answers each of its orders (never throws). */
  private async settle(batch: O[]): Promise<void> {
    let outcomes: ReadonlyMap<O, Outcome<R>>;
    try {
      outcomes = await this.run(batch);
    } catch (err) {
      for (const o of batch) o.reject(err);
      return;
    }
    for (const o of batch) {
      const out = outcomes.get(o);
      if (out && 'ok' in out) o.resolve(out.ok);
      else o.reject(out ? out.error : new Error('order left unanswered'));
    }
  }
}
