import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventSeqGeneration, forgetEventSeq, noteEventSeq, takeEventSeq } from './event-seq';

afterEach(() => {
  forgetEventSeq();
  vi.useRealTimers();
});

describe("the page's first reads' event number", () => {
  it('is the lowest number the answers carried, given once', async () => {
    const now = eventSeqGeneration();
    noteEventSeq('12', now);
    noteEventSeq('9', now);
    noteEventSeq('15', now);
    expect(await takeEventSeq(1_000)).toBe('9');
    // Given: a later stream resumes from what it saw, not from the page's reads.
    vi.useFakeTimers();
    const later = takeEventSeq(1_000);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await later).toBeNull();
  });

  it('waits for the first answer, and gives up after the wait', async () => {
    vi.useFakeTimers();
    const taken = takeEventSeq(2_000);
    await vi.advanceTimersByTimeAsync(500);
    noteEventSeq('30', eventSeqGeneration());
    expect(await taken).toBe('30');
    const none = takeEventSeq(2_000);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await none).toBeNull();
  });

  it("forgets a signed-out player's number, and an answer to a request sent before", async () => {
    const before = eventSeqGeneration();
    noteEventSeq('50', before);
    forgetEventSeq();
    noteEventSeq('51', before);
    noteEventSeq('3', eventSeqGeneration());
    expect(await takeEventSeq(1_000)).toBe('3');
  });

  it('ignores what is not a number', async () => {
    vi.useFakeTimers();
    for (const value of [null, undefined, '', '-1', '1e3', 'abc', '12345678901234567890'])
      noteEventSeq(value, eventSeqGeneration());
    const taken = takeEventSeq(100);
    await vi.advanceTimersByTimeAsync(100);
    expect(await taken).toBeNull();
  });
});
