import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { fakeFetch, json } from '../../test/fake-fetch';
import { renderRoutes, signedInStore } from '../../test/render';
import { ProfilePage } from './profile-page';

async function axeViolations(container: HTMLElement) {
  // jsdom does not lay out or paint, so colour contrast is left to the browser tests.
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((violation) => `${violation.id}: ${violation.help}`);
}

vi.setConfig({ testTimeout: 20_000 });

function renderProfile(level: number, features: string[]) {
  fakeFetch({
    'GET /athar/profile': () =>
      json({
        vip: { vipPoints: 10, vipLevel: 0 },
        level: { level, profilePoints: 19500, upgradable: level === 0 },
        treasury: { gold: 100, platinum: 0 },
      }),
    'GET /athar/features': () => json(features),
    'GET /ard/lands': () => json([]),
    'GET /abtal/heroes': () => json([]),
  });
  // The layout's <main> landmark, which axe expects around a screen.
  const element = (
    <main>
      <ProfilePage />
    </main>
  );
  renderRoutes([{ path: '/profile', element }], '/profile', signedInStore());
}

describe('profile accessibility (axe)', () => {
  beforeEach(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });

  it.each([
    ['locked', 0, [], 'Unlock'],
    ['level table', 1, ['profileLevel1'], 'Upgrade'],
  ])(
    'the screen and the %s form of the level dialog have no violations',
    async (_n, level, features, button) => {
      const user = userEvent.setup();
      renderProfile(level, features);
      await screen.findByRole('region', { name: 'Your profile' });
      expect(await axeViolations(document.body)).toEqual([]);
      await user.click(screen.getByRole('button', { name: 'Profile Level Information' }));
      const dialog = await screen.findByRole('dialog', { name: 'Profile Level Information' });
      await within(dialog).findByRole('button', { name: button });
      expect(await axeViolations(document.body)).toEqual([]);
    },
  );
});
