import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOTIFICATIONS_KEY } from '../../lib/browser-notifications';
import { NOTIFICATION_HELP, NotificationSetting } from './notification-setting';

function fakeNotification(permission: NotificationPermission, answer: NotificationPermission) {
  const requestPermission = vi.fn(async () => {
    Fake.permission = answer;
    return answer;
  });
  class Fake {
    static permission = permission;
    static requestPermission = requestPermission;
  }
  vi.stubGlobal('Notification', Fake);
  return requestPermission;
}

const toggle = () => screen.getByRole('switch', { name: 'Browser notifications' });

afterEach(() => vi.unstubAllGlobals());

describe('Browser notifications setting', () => {
  it('asks the browser only when the player turns it on, and remembers it', async () => {
    const user = userEvent.setup();
    const ask = fakeNotification('default', 'granted');
    render(<NotificationSetting />);
    expect(toggle()).toHaveProperty('checked', false);
    expect(ask).not.toHaveBeenCalled(); // never on load

    await user.click(toggle());
    expect(ask).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(toggle()).toHaveProperty('checked', true));
    expect(localStorage.getItem(NOTIFICATIONS_KEY)).toBe('on');

    await user.click(toggle());
    await waitFor(() => expect(toggle()).toHaveProperty('checked', false));
    expect(localStorage.getItem(NOTIFICATIONS_KEY)).toBeNull();
    expect(ask).toHaveBeenCalledTimes(1); // turning off never asks
  });

  it('stays off and says why when the browser refuses', async () => {
    const user = userEvent.setup();
    fakeNotification('default', 'denied');
    render(<NotificationSetting />);
    await user.click(toggle());
    expect(await screen.findByText(NOTIFICATION_HELP.denied)).toBeTruthy();
    expect(toggle()).toHaveProperty('checked', false);
    expect(localStorage.getItem(NOTIFICATIONS_KEY)).toBeNull();
  });

  it('is disabled in a browser without notifications', () => {
    vi.stubGlobal('Notification', undefined);
    render(<NotificationSetting />);
    expect(toggle()).toHaveProperty('disabled', true);
    expect(screen.getByText(NOTIFICATION_HELP.unsupported)).toBeTruthy();
  });
});
