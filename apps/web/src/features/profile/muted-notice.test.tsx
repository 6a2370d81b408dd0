import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { formatMessageDate } from '@aleph/rules';
import { fakeFetch, json } from '../../test/fake-fetch';
import { renderRoutes, signedInStore } from '../../test/render';
import { ProfilePage } from './profile-page';

const SUMMARY = {
  nickname: 'Zara',
  vip: { vipPoints: 0, vipLevel: 0 },
  level: { level: 1, profilePoints: 25000, upgradable: false },
  treasury: { gold: 10, platinum: 0 },
};

function renderProfile(summary: object) {
  fakeFetch({
    'GET /athar/profile': () => json(summary),
    'GET /athar/features': () => json(['profileLevel1']),
    'GET /ard/lands': () => json([]),
    'GET /abtal/heroes': () => json([]),
  });
  renderRoutes([{ path: '/profile', Component: ProfilePage }], '/profile', signedInStore());
}

describe('a muted player', () => {
  it('reads on the profile until when the mute lasts and what it stops', async () => {
    const until = '2099-05-06T07:08:00.000Z';
    renderProfile({ ...SUMMARY, mutedUntil: until });
    const local = formatMessageDate(
      Date.parse(until),
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
    expect(
      await screen.findByText(
        `You are muted until ${local}: you cannot send messages or write in chat until then. Everything else works.`,
      ),
    ).toBeTruthy();
  });

  it('reads nothing of it when not muted', async () => {
    renderProfile(SUMMARY);
    await screen.findByRole('region', { name: 'Your profile' });
    expect(screen.queryByText(/You are muted/)).toBeNull();
  });
});
