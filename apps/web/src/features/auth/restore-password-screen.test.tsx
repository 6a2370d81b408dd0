import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderRoutes } from '../../test/render';
import { fakeFetch } from '../../test/fake-fetch';
import { RestorePasswordScreen, RESTORE_WAIT_MS } from './restore-password-screen';

const routes = [{ path: '/restore-password', Component: RestorePasswordScreen }];
const INVALID = 'Please enter a valid email and confirm the captcha.';
const DONE = 'If the email exists in our system, you will receive instructions shortly.';

function fill(email: string, notABot: boolean) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  if (notABot) fireEvent.click(screen.getByLabelText("I'm not a bot"));
  fireEvent.click(screen.getByRole('button', { name: 'RESTORE' }));
}

describe('restore password screen', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each([
    ['', true],
    ['not-an-email', true],
    ['player@aleph.example', false],
  ])('asks for a valid email (%j) and the checkbox (%s)', async (email, notABot) => {
    renderRoutes(routes, '/restore-password');
    await act(async () => {});
    fill(email, notABot);
    expect(screen.getByText(INVALID)).toBeTruthy();
    expect(screen.queryByText(DONE)).toBeNull();
  });

  it('waits one second without calling the server, then reassures', async () => {
    const { fetchMock } = fakeFetch({});
    renderRoutes(routes, '/restore-password');
    await act(async () => {});
    fill('player@aleph.example', true);
    expect(screen.queryByText(DONE)).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Email').disabled).toBe(true);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(RESTORE_WAIT_MS - 1);
    });
    expect(screen.queryByText(DONE)).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByText(DONE)).toBeTruthy();
    expect(screen.queryByText(INVALID)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
