import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderDashboard, stat } from './test-fixtures';

const widget = () => screen.findByRole('region', { name: 'Announcements' }, { timeout: 3000 });

describe('announcements widget', () => {
  it('lists the first five announcements, each leading to the inbox', async () => {
    const user = userEvent.setup();
    const announces = [1, 2, 3, 4, 5, 6, 7].map((id) => ({ messageid: id, message: `News ${id}` }));
    renderDashboard({ stat: stat({ announces }) });
    const links = within(await widget()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'News 1',
      'News 2',
      'News 3',
      'News 4',
      'News 5',
    ]);
    expect(links.every((link) => link.getAttribute('href') === '/messages')).toBe(true);
    await user.click(links[0]!);
    expect(await screen.findByRole('heading', { name: 'Inbox screen' })).toBeTruthy();
  });

  it('says so when there are none, in the designed words', async () => {
    renderDashboard({ stat: stat({ announces: [] }) });
    expect((await widget()).textContent).toContain('No nnouncements received');
  });
});
