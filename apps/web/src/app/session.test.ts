import { describe, expect, it, vi } from 'vitest';
import { fakeFetch, json } from '../test/fake-fetch';
import { checkSession } from './session';
import { createAppStore } from './store';

describe('first-load session check', () => {
  it('sets the version marker when the server has a session', async () => {
    const { calls } = fakeFetch({ 'GET /abwab/checksession': () => json({ session: true }) });
    const store = createAppStore();
    await store.dispatch(checkSession());
    expect(store.getState().auth.checked).toBe(true);
    expect(store.getState().auth.version).not.toBe('');
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/abwab/checksession' });
  });

  it('leaves the player signed out without a session', async () => {
    fakeFetch({ 'GET /abwab/checksession': () => json({ session: false }) });
    const store = createAppStore();
    await store.dispatch(checkSession());
    expect(store.getState().auth).toMatchObject({ checked: true, version: '' });
  });

  it('logs a failed check to the console only and stays signed out', async () => {
    fakeFetch({ 'GET /abwab/checksession': () => json({ message: 'Down' }, 500) });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const store = createAppStore();
    await store.dispatch(checkSession());
    expect(store.getState().auth).toMatchObject({ checked: true, version: '' });
    expect(consoleError).toHaveBeenCalledWith('Session check failed', expect.anything());
  });
});
