import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { land, renderLand } from './test-fixtures';

const term = (name: string) => screen.getByText(name, { selector: 'dt' });
const valueOf = (name: string) => term(name).nextElementSibling?.textContent;

describe('land screen', () => {
  it('shows the name or Land #id, the gold to claim and each vault volume', async () => {
    renderLand({ land: land(7, { gold: { leftover: 1234, cap: 5000, productivity: 700 } }) });
    expect(await screen.findByRole('heading', { name: 'Land #7', level: 1 })).toBeTruthy();
    expect(screen.getByText('Gold to claim: 1,234')).toBeTruthy();
    const vaults = within(screen.getByRole('list', { name: 'Vault volumes' }));
    expect(vaults.getAllByRole('listitem').map((chip) => chip.textContent)).toEqual([
      'Air 120',
      'Fire 45',
      'Water 3,000',
      'Earth 0',
    ]);
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['MAIN', 'HEROES', 'ELEMENTS', 'INVENTORY']);
  });

  it('uses the land name when it has one', async () => {
    renderLand({ land: land(7, { name: 'Greenhold' }) });
    expect(await screen.findByRole('heading', { name: 'Greenhold', level: 1 })).toBeTruthy();
    expect(valueOf('Land')).toBe('Greenhold');
  });

  it('says Land not found for a land that is not yours, with a way back', async () => {
    const user = userEvent.setup();
    renderLand({ land: land(7), status: 404 });
    expect(await screen.findByRole('heading', { name: 'Land not found' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Land #7');
    expect(screen.queryByRole('tab')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Back to your lands' }));
    expect(await screen.findByRole('heading', { name: 'Lands screen' })).toBeTruthy();
  });

  it('says Land not found for an address that is no land id, without asking the server', async () => {
    const { calls } = renderLand({}, '/lands/abc');
    expect(await screen.findByRole('heading', { name: 'Land not found' })).toBeTruthy();
    expect(calls.filter((call) => call.path.startsWith('/ard/'))).toEqual([]);
  });

  it('says Error loading data for other failures', async () => {
    renderLand({ land: land(7), status: 500 });
    expect(await screen.findByText('Error loading data')).toBeTruthy();
  });

  it('keeps the chosen tab in the address', async () => {
    renderLand({}, '/lands/7?tab=elements');
    expect(await screen.findByRole('button', { name: 'Search Elementals' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'ELEMENTS' }).getAttribute('aria-selected')).toBe(
      'true',
    );
  });
});
