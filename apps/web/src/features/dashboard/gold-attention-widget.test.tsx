import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { theme } from '../../app/theme';
import { LOCKED_STAT, renderDashboard, stat } from './test-fixtures';

const LOCKED = 'You need to upgrade your profile to at least level two.';
const widget = () =>
  screen.findByRole('region', { name: 'Gold production attention' }, { timeout: 3000 });

const land = (landid: number, leftover: number, cap: number, mission = false) => ({
  landid,
  leftover,
  cap,
  mission,
});

describe('gold production attention widget', () => {
  it('lists the ten fullest lands without a mission, by room left then id', async () => {
    const gold = [
      land(1, 100, 700), // 600 left
      land(2, 700, 700, true), // full, but a mission runs there: left out
      land(3, 650, 700), // 50 left
      land(4, 0, 700), // 700 left
      land(5, 690, 740), // 50 left, ties with 3, after it by id
      ...Array.from({ length: 9 }, (_, i) => land(10 + i, 10, 700)), // 690 left each
    ];
    renderDashboard({ stat: stat({ gold }) });
    const card = await widget();
    const links = await within(card).findAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Land #3',
      'Land #5',
      'Land #1',
      ...Array.from({ length: 7 }, (_, i) => `Land #${10 + i}`),
    ]);
    expect(links[0]!.getAttribute('href')).toBe('/lands/3');
    expect(card.textContent).not.toContain('Land #2');
    expect(within(card).getAllByRole('listitem')[0]!.textContent).toContain('650 / 700');
  });

  it('is red at the cap, orange above 75 percent, plain otherwise', async () => {
    renderDashboard({
      stat: stat({ gold: [land(1, 1400, 1400), land(2, 1051, 1400), land(3, 1050, 1400)] }),
    });
    const rows = await within(await widget()).findAllByRole('listitem');
    const amount = (row: HTMLElement) => row.querySelector('span')!;
    expect(rows[0]!.textContent).toContain('1,400 / 1,400 · Full');
    expect(getComputedStyle(amount(rows[0]!)).color).toBe(hexToRgb(theme.palette.error.main));
    expect(rows[1]!.textContent).toContain('1,051 / 1,400 · Almost full');
    expect(getComputedStyle(amount(rows[1]!)).color).toBe(hexToRgb(theme.palette.secondary.main));
    expect(rows[2]!.textContent).not.toMatch(/Full|Almost full/);
    expect(getComputedStyle(amount(rows[2]!)).color).toBe(hexToRgb(theme.palette.text.primary));
  });

  it('says so when no land needs attention', async () => {
    renderDashboard({ stat: stat({ gold: [land(2, 700, 700, true)] }) });
    expect(await within(await widget()).findByText('No gold status data received')).toBeTruthy();
  });

  it('is locked without the level-two feature', async () => {
    renderDashboard({ features: [], stat: LOCKED_STAT });
    const card = await widget();
    expect(await within(card).findByText(LOCKED)).toBeTruthy();
    expect(within(card).queryByRole('link')).toBeNull();
    // The locked text, not the empty line: no data is not "no gold status data".
    expect(within(card).queryByText('No gold status data received')).toBeNull();
  });
});

function hexToRgb(color: string): string {
  if (!color.startsWith('#')) return color;
  const hex = color.slice(1);
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}
