import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BaseQueryApi } from '@reduxjs/toolkit/query/react';
import { fakeFetch, json } from '../test/fake-fetch';
import { EVENT_SEQ_HEADER } from '@aleph/contracts';
import { createReauthBaseQuery } from './base-query';
import { forgetEventSeq, takeEventSeq } from './event-seq';
import { LAST_REFRESH_KEY, REFRESH_LOCK_NAME } from './refresh-coordinator';

const BASE = 'http://localhost:3000';

function fakeApi(): BaseQueryApi {
  return {
    signal: new AbortController().signal,
    abort: () => undefined,
    dispatch: vi.fn(),
    getState: () => ({}),
    extra: undefined,
    endpoint: 'test',
    type: 'query',
  };
}

/** A server whose access cookie is stale until one refresh succeeds. */
function staleSessionServer(refreshStatus = 200) {
  let fresh = false;
  const guarded = () => (fresh ? json({ ok: 'data' }) : json({ message: 'Sign in' }, 401));
  return fakeFetch({
    'GET /athar/profile': guarded,
    'GET /athar/features': guarded,
    'POST /abwab/refresh': async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      fresh = refreshStatus === 200;
      return json({ ok: true }, refreshStatus);
    },
    'POST /abwab/login': () => json({ message: 'Wrong username or password.' }, 401),
  });
}

const countRefreshes = (calls: { path: string }[]) =>
  calls.filter((call) => call.path === '/abwab/refresh').length;

describe('reauth base query', () => {
  const onSessionLost = vi.fn();
  const baseQuery = createReauthBaseQuery({ baseUrl: BASE, onSessionLost });

  beforeEach(() => onSessionLost.mockReset());

  it('shares one refresh among concurrent 401s and retries every request', async () => {
    const { calls } = staleSessionServer();
    const paths = ['/athar/profile', '/athar/features', '/athar/profile', '/athar/features'];
    const results = await Promise.all(paths.map((path) => baseQuery(path, fakeApi(), {})));
    expect(countRefreshes(calls)).toBe(1);
    expect(results.map((result) => result.data)).toEqual(paths.map(() => ({ ok: 'data' })));
    expect(calls.filter((call) => call.path !== '/abwab/refresh')).toHaveLength(8);
    expect(onSessionLost).not.toHaveBeenCalled();
    expect(Number(localStorage.getItem(LAST_REFRESH_KEY))).toBeGreaterThan(0);
  });

  it('logs the player out when the refresh is refused', async () => {
    const { calls } = staleSessionServer(401);
    const api = fakeApi();
    const result = await baseQuery('/athar/profile', api, {});
    expect(result.error).toMatchObject({ status: 401 });
    expect(countRefreshes(calls)).toBe(1);
    expect(onSessionLost).toHaveBeenCalledWith(api.dispatch);
  });

  it('never refreshes after a 401 from login or from refresh itself', async () => {
    const { calls } = staleSessionServer(401);
    const login = { url: '/abwab/login', method: 'POST', body: { username: 'a', password: 'b' } };
    expect((await baseQuery(login, fakeApi(), {})).error).toMatchObject({ status: 401 });
    const refresh = { url: '/abwab/refresh', method: 'POST' };
    expect((await baseQuery(refresh, fakeApi(), {})).error).toMatchObject({ status: 401 });
    expect(countRefreshes(calls)).toBe(1); // only the explicit call above
    expect(onSessionLost).not.toHaveBeenCalled();
  });

  it('just retries when another tab refreshed after the request was sent', async () => {
    let fresh = false;
    const { calls } = fakeFetch({
      'GET /athar/profile': () => {
        if (fresh) return json({ ok: 'data' });
        // Another tab refreshes while this request is on its way.
        fresh = true;
        localStorage.setItem(LAST_REFRESH_KEY, String(Date.now() + 1));
        return json({ message: 'Sign in' }, 401);
      },
    });
    const result = await baseQuery('/athar/profile', fakeApi(), {});
    expect(result.data).toEqual({ ok: 'data' });
    expect(countRefreshes(calls)).toBe(0);
  });

  it('refreshes under the cross-tab Web Lock when the browser has one', async () => {
    const request = vi.fn((_name: string, task: () => Promise<unknown>) => task());
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    staleSessionServer();
    const result = await baseQuery('/athar/profile', fakeApi(), {});
    expect(result.data).toEqual({ ok: 'data' });
    expect(request).toHaveBeenCalledTimes(1);
    expect(request.mock.calls[0]?.[0]).toBe(REFRESH_LOCK_NAME);
  });

  it('keeps the session when the server cannot be reached for the refresh', async () => {
    fakeFetch({
      'GET /athar/profile': () => json({ message: 'Sign in' }, 401),
      'POST /abwab/refresh': () => json({ message: 'Down' }, 503),
    });
    const result = await baseQuery('/athar/profile', fakeApi(), {});
    expect(result.error).toMatchObject({ status: 401 });
    expect(onSessionLost).not.toHaveBeenCalled();
  });

  it("notes each answer's player event number, errors included, for the page's first stream", async () => {
    fakeFetch({
      'GET /athar/profile': () => ({ body: { ok: 1 }, headers: { [EVENT_SEQ_HEADER]: '77' } }),
      'GET /ard/lands': () => ({
        status: 404,
        body: { message: 'No such land.' },
        headers: { [EVENT_SEQ_HEADER]: '75' },
      }),
      'GET /athar/features': () => ({ body: {} }),
    });
    await baseQuery('/athar/profile', fakeApi(), {});
    await baseQuery('/ard/lands', fakeApi(), {});
    await baseQuery('/athar/features', fakeApi(), {});
    expect(await takeEventSeq(1_000)).toBe('75');
    forgetEventSeq();
  });
});
