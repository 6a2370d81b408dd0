import { afterEach, describe, expect, it, vi } from 'vitest';
import { spreadInvalidations } from './push-events';

afterEach(() => {
  vi.useRealTimers();
});

/** The tags of every invalidation dispatched, one array per dispatch. */
function recorder() {
  const dispatched: unknown[][] = [];
  const dispatch = vi.fn((action: { payload?: unknown[] }) => {
    dispatched.push(action.payload ?? []);
    return action;
  });
  return { dispatched, dispatch: dispatch as never };
}

describe('spreadInvalidations', () => {
  it('reads again once, after the random pause, whatever the events of that moment marked stale', () => {
    vi.useFakeTimers();
    const { dispatched, dispatch } = recorder();
    const spread = spreadInvalidations(dispatch, 1500, () => 0.5);
    spread.invalidate(['missions', 'profile']);
    spread.invalidate([{ type: 'hero', id: 7 }]);
    vi.advanceTimersByTime(749);
    expect(dispatched).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(dispatched).toEqual([['missions', 'profile', { type: 'hero', id: 7 }]]);
    // A later event starts a new pause.
    spread.invalidate(['lands']);
    vi.advanceTimersByTime(750);
    expect(dispatched).toHaveLength(2);
  });

  it('spreads different players over the whole pause and drops what is pending when stopped', () => {
    vi.useFakeTimers();
    const { dispatched, dispatch } = recorder();
    const early = spreadInvalidations(dispatch, 1500, () => 0);
    const late = spreadInvalidations(dispatch, 1500, () => 0.99);
    early.invalidate(['missions']);
    late.invalidate(['dashboard']);
    vi.advanceTimersByTime(0);
    expect(dispatched).toEqual([['missions']]);
    late.cancel();
    vi.advanceTimersByTime(2000);
    expect(dispatched).toEqual([['missions']]);
  });
});
