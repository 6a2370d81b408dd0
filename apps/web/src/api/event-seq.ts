/**
 * The player's push event number the page's first reads answered with (EVENT_SEQ_HEADER,
 * docs/api.md "Push"). The first stream of a page asks for the events after it, so an event
 * committed between those reads and the stream's opening still reaches the page.
 *
 * Each signed-in answer carries the number its request's session lookup read, before the
 * request read anything else; the lowest one noted is kept. A sign-out forgets it, and an
 * answer to a request sent before that is not noted: the number is one player's.
 */
let lowest: number | null = null;
let generation = 0;
let waiting: Array<() => void> = [];

/** Ends every wait for a number: each takes what is noted now (or null, past a sign-out). */
function wakeAll(): void {
  const woken = waiting;
  waiting = [];
  for (const wake of woken) wake();
}

/** What a request notes its answer's number under (taken when it is sent). */
export function eventSeqGeneration(): number {
  return generation;
}

/** Notes the header's value of an answer to a request sent under `sentUnder`. */
export function noteEventSeq(value: string | null | undefined, sentUnder: number): void {
  if (sentUnder !== generation || typeof value !== 'string' || !/^\d{1,15}$/.test(value)) return;
  const seq = Number(value);
  lowest = lowest === null ? seq : Math.min(lowest, seq);
  wakeAll();
}

/**
 * The lowest number noted, once one is (at most `timeoutMs` later; null if none came), and
 * forgotten then: a later stream of the page resumes from the events it saw instead.
 */
export function takeEventSeq(timeoutMs: number): Promise<string | null> {
  const take = () => {
    const seq = lowest;
    lowest = null;
    return seq === null ? null : String(seq);
  };
  if (lowest !== null) return Promise.resolve(take());
  return new Promise((resolve) => {
    const taken = generation;
    const wake = () => {
      clearTimeout(timer);
      waiting = waiting.filter((w) => w !== wake);
      resolve(taken === generation ? take() : null);
    };
    const timer = setTimeout(wake, timeoutMs);
    waiting.push(wake);
  });
}

/** The player signed out (or the stream stopped): what was noted is no longer theirs. */
export function forgetEventSeq(): void {
  generation += 1;
  lowest = null;
  wakeAll();
}
