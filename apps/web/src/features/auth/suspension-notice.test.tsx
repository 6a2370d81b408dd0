import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatMessageDate } from '@aleph/rules';
import { sessionChecked } from '../../api/auth-slice';
import { SUSPENSION_KEY } from '../../api/account-suspended';
import { createAppStore } from '../../app/store';
import { localDate, suspensionNotice } from './suspension-notice';
import { fakeFetch, json } from '../../test/fake-fetch';
import { renderApp, signedInStore } from '../../test/render';

const UNTIL = '2099-03-04T05:06:00.000Z';
const localUntil = () =>
  formatMessageDate(Date.parse(UNTIL), Intl.DateTimeFormat().resolvedOptions().timeZone);

const suspended = (until: string | null) =>
  json(
    {
      statusCode: 403,
      error: 'Forbidden',
      code: 'ACCOUNT_SUSPENDED',
      message: until ? `Your account is suspended until ${until}.` : 'Your account is banned.',
      until,
    },
    403,
  );

async function logIn() {
  const store = createAppStore();
  store.dispatch(sessionChecked(false));
  renderApp('/login', store);
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Username'), 'zara');
  await user.type(screen.getByLabelText('Password'), 'a long enough secret');
  await user.click(screen.getByRole('button', { name: 'LOG IN' }));
  return store;
}

describe("the notice's date", () => {
  it('reads as the inbox writes dates', () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    for (const iso of [UNTIL, '2026-01-05T14:03:00.000Z', '2026-12-31T23:59:00.000Z'])
      expect(localDate(Date.parse(iso))).toBe(formatMessageDate(Date.parse(iso), zone));
  });
});

describe('login of a suspended account', () => {
  it('says until when, in the player own time zone', async () => {
    fakeFetch({ 'POST /abwab/login': () => suspended(UNTIL) });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const store = await logIn();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`Your account is suspended until ${localUntil()}.`);
    expect(store.getState().auth.version).toBe('');
  });

  it('says a ban in the server own words', async () => {
    fakeFetch({ 'POST /abwab/login': () => suspended(null) });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await logIn();
    expect((await screen.findByRole('alert')).textContent).toBe('Your account is banned.');
  });

  it('says nothing for another refusal', async () => {
    fakeFetch({
      'POST /abwab/login': () =>
        json({ statusCode: 403, code: 'BAD_ORIGIN', message: 'Refused.' }, 403),
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await logIn();
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Login failed', expect.anything()));
    expect(suspensionNotice({ status: 403, data: { code: 'BAD_ORIGIN' } }, null)).toBeUndefined();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says nothing for a wrong password', async () => {
    fakeFetch({
      'POST /abwab/login': () =>
        json({ statusCode: 401, code: 'INVALID_CREDENTIALS', message: 'Wrong.' }, 401),
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await logIn();
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Login failed', expect.anything()));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('a session ended by a suspension', () => {
  it('signs the open page out to the login screen, which says until when', async () => {
    fakeFetch({
      'GET /athar/profile': () => json({ statusCode: 401, code: 'UNAUTHORIZED' }, 401),
      'POST /abwab/refresh': () => suspended(UNTIL),
    });
    const store = signedInStore();
    renderApp('/lands', store);
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toBe(
      `Your account is suspended until ${localUntil()}.`,
    );
    expect(store.getState().auth.version).toBe('');
  });

  it('forgets the notice once the player is back in', async () => {
    localStorage.setItem(SUSPENSION_KEY, JSON.stringify(suspended(UNTIL).body));
    fakeFetch({
      'POST /abwab/login': () => json({ ok: true }),
      'GET /athar/profile': () =>
        json({
          nickname: 'zara',
          vip: { vipPoints: 0, vipLevel: 0 },
          level: { level: 1, profilePoints: 0, upgradable: false },
          treasury: { gold: 0, platinum: 0 },
        }),
    });
    await logIn();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(localStorage.getItem(SUSPENSION_KEY)).toBeNull();
  });

  it('no longer shows a suspension that has ended', async () => {
    localStorage.setItem(
      SUSPENSION_KEY,
      JSON.stringify(suspended('2001-01-01T00:00:00.000Z').body),
    );
    const store = createAppStore();
    store.dispatch(sessionChecked(false));
    renderApp('/login', store);
    await screen.findByLabelText('Username');
    // The notice's module has read it and said nothing.
    expect(suspensionNotice(null, localStorage.getItem(SUSPENSION_KEY))).toBeUndefined();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
