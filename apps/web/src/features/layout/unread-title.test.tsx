import { beforeEach, describe, expect, it } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import { api } from '../../api/api';
import { fakeFetch, json } from '../../test/fake-fetch';
import { renderRoutes, signedInStore } from '../../test/render';
import { AppLayout } from './app-layout';

const routes = [
  { path: '/', Component: AppLayout, children: [{ index: true, element: <h1>Home</h1> }] },
];

const PROFILE = {
  vip: { vipPoints: 0, vipLevel: 0 },
  level: { level: 0, profilePoints: 0, upgradable: false },
  treasury: { gold: 0, platinum: 0 },
};

beforeEach(() => {
  document.title = 'Lands of Aleph';
});

describe('tab title', () => {
  it('carries the unread count, and drops it when everything is read or on leaving', async () => {
    let unread = 3;
    fakeFetch({
      'GET /athar/profile': () => json(PROFILE),
      'GET /hatif/messages/countunread': () => json({ unreadMessages: unread }),
    });
    const store = signedInStore();
    const view = renderRoutes(routes, '/', store);
    await waitFor(() => expect(document.title).toBe('(3) Lands of Aleph'));

    unread = 0;
    act(() => {
      store.dispatch(api.util.invalidateTags(['user']));
    });
    await waitFor(() => expect(document.title).toBe('Lands of Aleph'));

    unread = 12;
    act(() => {
      store.dispatch(api.util.invalidateTags(['user']));
    });
    await waitFor(() => expect(document.title).toBe('(12) Lands of Aleph'));
    view.unmount();
    expect(document.title).toBe('Lands of Aleph');
  });
});
