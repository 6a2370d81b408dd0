import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { fakeFetch, json } from '../test/fake-fetch';
import { renderRoutes, signedInStore } from '../test/render';
import { signedInRoutes, signedOutRoutes } from './routes';

const PROFILE = {
  vip: { vipPoints: 10, vipLevel: 1 },
  level: { level: 2, profilePoints: 300, upgradable: true },
  treasury: { gold: 5000, platinum: 3 },
};

async function violations(container: HTMLElement) {
  // jsdom does not lay out or paint, so colour contrast is left to the browser tests.
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((violation) => `${violation.id}: ${violation.help}`);
}

describe('accessibility (axe)', () => {
  // axe probes a canvas for icon ligatures; jsdom has none and would log 'Not implemented'.
  beforeEach(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });

  it.each([
    ['/login', 'Login'],
    ['/register', 'Register'],
    ['/restore-password', 'Restore password'],
    ['/restore-password/a-reset-token', 'Set a new password'],
  ])('%s has no violations', async (path, heading) => {
    const { container } = renderRoutes(signedOutRoutes, path);
    await screen.findByRole('heading', { name: heading });
    expect(await violations(container)).toEqual([]);
  });

  it("the bot check's widget, once loaded, has no violations", async () => {
    vi.stubGlobal('isSecureContext', true); // the widget works in a secure context only
    fakeFetch({ 'GET /abwab/mail': () => json({ enabled: true }) });
    const { container } = renderRoutes(signedOutRoutes, '/restore-password');
    await screen.findByRole('checkbox', { name: "I'm not a bot" });
    expect(await violations(container)).toEqual([]);
  });

  it('the signed-in layout has no violations', async () => {
    fakeFetch({ 'GET /athar/profile': () => json(PROFILE) });
    const { container } = renderRoutes(signedInRoutes, '/', signedInStore());
    await screen.findByRole('group', { name: 'VIP level 1, 10 points' });
    expect(await violations(container)).toEqual([]);
  });

  it('a screen still loading has no violations (its spinner is named by its status)', async () => {
    // The dashboard never answers, so it stays on its loading state.
    fakeFetch({
      'GET /athar/profile': () => json(PROFILE),
      'GET /dashboard/stat': () => new Promise<never>(() => undefined),
    });
    const { container } = renderRoutes(signedInRoutes, '/', signedInStore());
    await screen.findByRole('status', { name: 'Loading dashboard' });
    expect(await violations(container)).toEqual([]);
  });
});
