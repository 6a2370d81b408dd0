import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { json } from '../../test/fake-fetch';
import { detail, MODERATOR, posts, renderConsole } from './test-fixtures';

vi.setConfig({ testTimeout: 30_000 });

/** axe's findings (colour contrast needs a browser's layout: the browser journey checks it). */
async function violations() {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.help}`);
}

const ALLIANCE = { id: 7, name: 'Rude Band', tag: 'RUDE', role: 'officer' as const };
const withAlliance = () => json({ ...detail(), alliance: ALLIANCE });

async function fill(user: ReturnType<typeof userEvent.setup>, element: HTMLElement, text: string) {
  await user.click(element);
  await user.paste(text);
}

describe("a player's alliance in the console", () => {
  it("shows the alliance's name, tag and the player's role", async () => {
    renderConsole('/admin/players/42', { 'GET /diwan/players/42': withAlliance });
    const section = await screen.findByRole('region', { name: 'Alliance' });
    expect(within(section).getByText('Rude Band')).toBeTruthy();
    expect(within(section).getByText('[RUDE]')).toBeTruthy();
    expect(within(section).getByText('Officer')).toBeTruthy();
  });

  it('says so for a player in no alliance, with nothing to rename', async () => {
    renderConsole('/admin/players/42', {
      'GET /diwan/players/42': () => json({ ...detail(), alliance: null }),
    });
    expect(await screen.findByText('In no alliance.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Rename alliance' })).toBeNull();
  });

  it('renames the alliance with a reason the members read, as a moderator', async () => {
    const user = userEvent.setup();
    const { calls } = renderConsole(
      '/admin/players/42',
      {
        'GET /diwan/players/42': withAlliance,
        'POST /diwan/alliances/7/rename': () => json({ ok: true, staffLogId: 55 }),
      },
      MODERATOR,
    );
    await user.click(await screen.findByRole('button', { name: 'Rename alliance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename [RUDE] Rude Band' });
    const submit = within(dialog).getByRole('button', { name: 'Rename alliance' });
    expect(submit).toHaveProperty('disabled', true);
    await fill(user, within(dialog).getByLabelText('Name'), 'x');
    expect(within(dialog).getByText(/^The name must be/)).toBeTruthy();
    expect(submit).toHaveProperty('disabled', true);
    await user.clear(within(dialog).getByLabelText('Name'));
    await fill(user, within(dialog).getByLabelText('Name'), 'Calm Waters');
    await fill(user, within(dialog).getByLabelText('Tag'), 'calm');
    expect(within(dialog).getByText(/Members read it/)).toBeTruthy();
    await fill(user, within(dialog).getByLabelText(/^Reason/), 'Offensive name');
    await user.click(submit);
    expect(
      await screen.findByText('Alliance renamed to [CALM] Calm Waters. Staff log #55.'),
    ).toBeTruthy();
    expect(posts(calls)).toEqual([
      {
        method: 'POST',
        path: '/diwan/alliances/7/rename',
        body: { name: 'Calm Waters', tag: 'calm', reason: 'Offensive name' },
      },
    ]);
  });

  it('the rename dialog names every field and has no axe violations', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const user = userEvent.setup();
    renderConsole('/admin/players/42', { 'GET /diwan/players/42': withAlliance });
    await user.click(await screen.findByRole('button', { name: 'Rename alliance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename [RUDE] Rude Band' });
    for (const label of ['Name', 'Tag', /^Reason/])
      expect(within(dialog).getByLabelText(label)).toBeTruthy();
    expect(await violations()).toEqual([]);
  });

  it('shows a taken tag at the Tag field and keeps the dialog open', async () => {
    const user = userEvent.setup();
    renderConsole('/admin/players/42', {
      'GET /diwan/players/42': withAlliance,
      'POST /diwan/alliances/7/rename': () =>
        json(
          {
            statusCode: 409,
            error: 'Conflict',
            code: 'ALLIANCE_TAG_TAKEN',
            message: 'An alliance with this tag exists already.',
            field: 'tag',
          },
          409,
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'Rename alliance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename [RUDE] Rude Band' });
    await fill(user, within(dialog).getByLabelText('Tag'), 'KIND');
    await fill(user, within(dialog).getByLabelText(/^Reason/), 'Offensive tag');
    await user.click(within(dialog).getByRole('button', { name: 'Rename alliance' }));
    expect(
      await within(dialog).findByText('An alliance with this tag exists already.'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Tag').getAttribute('aria-invalid')).toBe('true'),
    );
  });
});
