import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { EVENT_REFETCH_SPREAD_MS, encodeMap } from '@aleph/contracts';
import { mapChanged } from '../../api/map-signal';
import { MAP_SIZE } from './map-view';
import { useContinentMap } from './use-continent-map';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A server whose continent holds one more plot after each read. */
function growingWorld() {
  const reads: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      reads.push(url);
      const plots = Array.from({ length: reads.length }, (_, i) => ({
        x: i,
        y: 0,
        terrain: 0,
        element: 0,
      }));
      return new Response(encodeMap(0, MAP_SIZE, MAP_SIZE, plots).slice().buffer, { status: 200 });
    }),
  );
  return reads;
}

describe('the continent map', () => {
  it("reads its continent again after a push map.changed for it, not for the other's", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reads = growingWorld();
    const { result } = renderHook(() => useContinentMap(0, 0));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(reads).toEqual(['/ard/map/0']);

    act(() => mapChanged([1]));
    await act(() => vi.advanceTimersByTimeAsync(EVENT_REFETCH_SPREAD_MS));
    expect(reads).toHaveLength(1);

    act(() => mapChanged([0, 1]));
    await act(() => vi.advanceTimersByTimeAsync(EVENT_REFETCH_SPREAD_MS));
    await waitFor(() => expect(reads).toHaveLength(2));
    await waitFor(() => {
      const map = result.current;
      expect(map.status === 'ready' && map.map.count).toBe(2);
    });
  });
});
