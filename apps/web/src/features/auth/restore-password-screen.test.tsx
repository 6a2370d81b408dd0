import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderRoutes } from '../../test/render';
import { fakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { RestorePasswordScreen } from './restore-password-screen';

const routes = [{ path: '/restore-password', Component: RestorePasswordScreen }];
const INVALID = 'Please enter a valid email and confirm the captcha.';
const DONE = 'If the email exists in our system, you will receive instructions shortly.';
const MAIL_OFF = 'Password recovery by e-mail is turned off on this server.';
const EMAIL = 'player@aleph.example';

type Reply = { status?: number; body?: unknown; headers?: Record<string, string> };

function server(restore: (call: RecordedCall) => Reply | Promise<Reply> = () => accepted()) {
  return fakeFetch({
    'GET /abwab/mail': () => json({ enabled: true }),
    'POST /abwab/restore': restore,
  });
}
const accepted = () => json({ accepted: true }, 202);
const restoreCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === '/abwab/restore');

/** The screen, once the widget's code has arrived and its checkbox is there. */
async function open() {
  renderRoutes(routes, '/restore-password');
  await screen.findByRole('checkbox', { name: "I'm not a bot" });
}

const widget = () => document.querySelector('altcha-widget') as HTMLElement;

/**
 * The widget's proof of work needs Web Workers, which jsdom lacks: the test announces its
 * outcome with the event the widget dispatches when it is done.
 */
function verified(payload: string) {
  act(() => {
    widget().dispatchEvent(new CustomEvent('verified', { detail: { payload } }));
  });
}

function submit(email: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'RESTORE' }));
}

describe('restore password screen', () => {
  // The widget checks in the browser only in a secure context (https, localhost).
  beforeEach(() => vi.stubGlobal('isSecureContext', true));

  it("shows the Email field, the 'I'm not a bot' check and RESTORE", async () => {
    server();
    await open();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: "I'm not a bot" })).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'RESTORE' }).disabled).toBe(false);
  });

  it.each([
    ['', true],
    ['not-an-email', true],
    [EMAIL, false],
  ])('asks for a valid email (%j) and the check (%s)', async (email, checked) => {
    const { calls } = server();
    await open();
    if (checked) verified('solved');
    submit(email);
    expect(screen.getByText(INVALID)).toBeTruthy();
    expect(screen.queryByText(DONE)).toBeNull();
    expect(restoreCalls(calls)).toEqual([]);
  });

  it("sends the email with the widget's payload, then reassures", async () => {
    let answer: (reply: Reply) => void = () => undefined;
    const { calls } = server(() => new Promise<Reply>((resolve) => (answer = resolve)));
    await open();
    verified('solved-payload');
    submit(EMAIL);

    await waitFor(() => expect(restoreCalls(calls)).toHaveLength(1));
    expect(restoreCalls(calls)[0]?.body).toEqual({ email: EMAIL, captcha: 'solved-payload' });
    expect(screen.getByLabelText<HTMLInputElement>('Email').disabled).toBe(true);
    expect(screen.queryByText(DONE)).toBeNull();

    answer(accepted());
    expect(await screen.findByText(DONE)).toBeTruthy();
    expect(screen.queryByText(INVALID)).toBeNull();
  });

  it('asks for the check again when the server refuses the captcha', async () => {
    const { calls } = server(() =>
      json({ code: 'CAPTCHA_INVALID', field: 'captcha', message: 'Captcha invalid' }, 400),
    );
    await open();
    const states: unknown[] = [];
    widget().addEventListener('statechange', (event) =>
      states.push((event as CustomEvent<{ state: string }>).detail.state),
    );
    verified('stale-payload');
    submit(EMAIL);

    expect(await screen.findByText(INVALID)).toBeTruthy();
    expect(screen.queryByText(DONE)).toBeNull();
    // The screen reset the widget, which says so with its own event.
    await waitFor(() => expect(states).toContain('unverified'));

    // The solution was used up: RESTORE again needs a new check, not another request.
    submit(EMAIL);
    expect(screen.getByText(INVALID)).toBeTruthy();
    expect(restoreCalls(calls)).toHaveLength(1);

    verified('fresh-payload');
    submit(EMAIL);
    await waitFor(() => expect(restoreCalls(calls)).toHaveLength(2));
    expect(restoreCalls(calls)[1]?.body).toEqual({ email: EMAIL, captcha: 'fresh-payload' });
  });

  it.each([
    ['30', 'Too many requests. Please try again in 30 s.'],
    ['600', 'Too many requests. Please try again in 10 min.'],
  ])('says when to try again after a 429 (Retry-After %s)', async (retryAfter, text) => {
    server(() => ({
      status: 429,
      body: { code: 'RATE_LIMITED', message: 'Too many requests' },
      headers: { 'retry-after': retryAfter },
    }));
    await open();
    verified('solved');
    submit(EMAIL);
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryByText(DONE)).toBeNull();
  });

  it('says recovery by e-mail is off when the server has no mail, and RESTORE is disabled', async () => {
    const { calls } = fakeFetch({ 'GET /abwab/mail': () => json({ enabled: false }) });
    renderRoutes(routes, '/restore-password');
    expect(await screen.findByText(MAIL_OFF)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'RESTORE' }).disabled).toBe(true);
    expect(screen.queryByRole('checkbox', { name: "I'm not a bot" })).toBeNull();
    expect(restoreCalls(calls)).toEqual([]);
  });

  it('turns RESTORE off when the server answers that mail is off', async () => {
    server(() => json({ code: 'MAIL_OFF', message: 'Mail is off' }, 503));
    await open();
    verified('solved');
    submit(EMAIL);
    expect(await screen.findByText(MAIL_OFF)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'RESTORE' }).disabled).toBe(true);
  });

  it('fetches the challenge from /abwab/captcha when the box is ticked', async () => {
    // Without Web Workers in jsdom the widget fails after the fetch, and logs it.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const { calls } = server();
    await open();
    fireEvent.click(screen.getByRole('checkbox', { name: "I'm not a bot" }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'GET' && call.path === '/abwab/captcha')).toBe(
        true,
      ),
    );
  });
});
