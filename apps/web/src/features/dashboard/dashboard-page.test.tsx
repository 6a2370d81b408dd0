import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeFetch, json } from '../../test/fake-fetch';
import { renderRoutes, signedInStore } from '../../test/render';
import { DashboardScreen } from '../../app/dashboard-screen';
import { renderDashboard } from './test-fixtures';

const renderAlone = () =>
  renderRoutes([{ path: '/', Component: DashboardScreen }], '/', signedInStore());

describe('dashboard page', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a progress indicator while the stat loads', async () => {
    fakeFetch({ 'GET /dashboard/stat': () => new Promise(() => undefined) });
    renderAlone();
    expect(await screen.findByRole('status', { name: 'Loading dashboard' })).toBeTruthy();
  });

  it("says why the dashboard cannot load, with the server's reason", async () => {
    fakeFetch({ 'GET /dashboard/stat': () => json({ message: 'Database is down' }, 500) });
    renderAlone();
    expect(await screen.findByText('Cannot load dashboard: Database is down')).toBeTruthy();
  });

  it('falls back to the HTTP status when the server gives no reason', async () => {
    fakeFetch({ 'GET /dashboard/stat': () => ({ status: 503 }) });
    renderAlone();
    expect(await screen.findByText('Cannot load dashboard: HTTP 503')).toBeTruthy();
  });

  it('has STAT and TOP tabs; TOP announces the weekly boards', async () => {
    const user = userEvent.setup();
    renderDashboard({ screen: DashboardScreen });
    expect(screen.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeTruthy();
    const statTab = screen.getByRole('tab', { name: 'STAT' });
    expect(statTab.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('heading', { name: 'Heroes status' })).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'TOP' }));
    expect(screen.getByRole('tabpanel').textContent).toContain('Weekly Top Gold Claimers');
    expect(screen.getByRole('tabpanel').textContent).toContain('Weekly Top XP Gainers');
    expect(screen.queryByRole('heading', { name: 'Heroes status' })).toBeNull();
  });

  it('opens on the TOP tab when the address says so', () => {
    renderDashboard({ path: '/?tab=top' });
    expect(screen.getByRole('tab', { name: 'TOP' }).getAttribute('aria-selected')).toBe('true');
  });

  it('polls the stat every 60 seconds and running missions every 120 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = renderDashboard();
    await screen.findByRole('heading', { name: 'Running Missions' });
    const count = (path: string) => calls.filter((call) => call.path === path).length;
    await waitFor(() => expect(count('/misaar/missions/status/running')).toBe(1));
    expect(count('/dashboard/stat')).toBe(1);

    await vi.advanceTimersByTimeAsync(60_000);
    await waitFor(() => expect(count('/dashboard/stat')).toBe(2));
    expect(count('/misaar/missions/status/running')).toBe(1);

    await vi.advanceTimersByTimeAsync(60_000);
    await waitFor(() => expect(count('/dashboard/stat')).toBe(3));
    await waitFor(() => expect(count('/misaar/missions/status/running')).toBe(2));
  });
});
