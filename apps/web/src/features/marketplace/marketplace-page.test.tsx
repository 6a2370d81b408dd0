import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderMarket } from './test-fixtures';

describe('marketplace tabs', () => {
  it('loads each tab lazily behind a Loading... fallback and keeps the tab in the address', async () => {
    const user = userEvent.setup();
    const { router } = renderMarket('/marketplace', { platinum: 120 });
    expect(screen.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeTruthy();
    expect(
      screen.getByRole('tab', { name: 'Buy Platinum Coin' }).getAttribute('aria-selected'),
    ).toBe('true');
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Platinum packages' })).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Mint Land' }));
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Mint a land' })).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=mint-land');

    await user.click(screen.getByRole('tab', { name: 'Mint Hero' }));
    expect(await screen.findByRole('heading', { name: 'Mint a hero' })).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=mint-hero');

    await user.click(screen.getByRole('tab', { name: 'Buy Platinum Coin' }));
    expect(await screen.findByRole('heading', { name: 'Platinum packages' })).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });

  it('opens the tab named in the address', async () => {
    renderMarket('/marketplace?tab=mint-hero', { platinum: 120 });
    expect(await screen.findByRole('heading', { name: 'Mint a hero' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Mint Hero' }).getAttribute('aria-selected')).toBe(
      'true',
    );
  });

  it('shows the server message when the offers cannot be loaded', async () => {
    renderMarket('/marketplace', {
      routes: {
        'GET /market/offers': () => ({
          status: 503,
          body: { statusCode: 503, code: 'X', message: 'The market is closed.' },
        }),
      },
    });
    expect(
      await screen.findByText('Cannot load the marketplace: The market is closed.'),
    ).toBeTruthy();
  });
});
