import { useCallback, useSyncExternalStore } from 'react';

/**
 * The "Browser notifications" setting (docs/screens.md, Profile): off until the player turns it
 * on, kept in this browser's localStorage. Permission is asked only when the player turns it on.
 */
export const NOTIFICATIONS_KEY = 'aleph.notifications';

type Permission = NotificationPermission | 'unsupported';

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export const notificationsSupported = () => typeof Notification !== 'undefined';

export function notificationPermission(): Permission {
  return notificationsSupported() ? Notification.permission : 'unsupported';
}

function readSetting(): boolean {
  try {
    return localStorage.getItem(NOTIFICATIONS_KEY) === 'on';
  } catch {
    return false;
  }
}

function writeSetting(on: boolean) {
  try {
    if (on) localStorage.setItem(NOTIFICATIONS_KEY, 'on');
    else localStorage.removeItem(NOTIFICATIONS_KEY);
  } catch {
    // Storage unavailable (private mode): the setting lasts until the page closes.
  }
  notify();
}

/** The player wants notifications, and the browser allows them. */
export function notificationsWanted(): boolean {
  return readSetting() && notificationPermission() === 'granted';
}

export interface NotificationSetting {
  /** The switch position: turned on and allowed by the browser. */
  on: boolean;
  permission: Permission;
  /** Turning on asks the browser's permission first; turning off never asks. */
  set(on: boolean): Promise<void>;
}

export function useNotificationSetting(): NotificationSetting {
  const stored = useSyncExternalStore(subscribe, readSetting, () => false);
  const permission = useSyncExternalStore<Permission>(
    subscribe,
    notificationPermission,
    () => 'unsupported',
  );
  const set = useCallback(async (on: boolean) => {
    if (!on) {
      writeSetting(false);
      return;
    }
    if (!notificationsSupported()) return;
    const answer =
      Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
    writeSetting(answer === 'granted');
  }, []);
  return { on: stored && permission === 'granted', permission, set };
}

/** Shows one browser notification; its click brings the page forward and runs `onClick`. */
export function showBrowserNotification(
  title: string,
  options: { body: string; tag: string; onClick?: () => void },
) {
  if (!notificationsWanted()) return;
  try {
    const shown = new Notification(title, { body: options.body, tag: options.tag });
    shown.onclick = () => {
      window.focus();
      options.onClick?.();
      shown.close();
    };
  } catch (error) {
    // Some mobile browsers only show notifications through a service worker.
    console.warn('Browser notification not shown', error);
  }
}
