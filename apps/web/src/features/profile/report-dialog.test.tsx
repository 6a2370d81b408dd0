import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { PublicProfile } from '@aleph/contracts';
import { fakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { renderWithStore, signedInStore } from '../../test/render';
import { PublicProfileDialog } from './public-profile-dialog';
import { REPORT_OPEN_TEXT, REPORT_SENT_TEXT } from '../../lib/report-dialog';

vi.setConfig({ testTimeout: 20_000 });

const ZARA: PublicProfile = {
  profileid: 42,
  nickname: 'Zara',
  level: 4,
  vip: 1,
  lands: 3,
  heroes: 5,
  frame: 'none',
  achievements: { earned: 2, rarest: [] },
};

const summary = (nickname: string) => ({
  nickname,
  vip: { vipPoints: 0, vipLevel: 0 },
  level: { level: 3, profilePoints: 0, upgradable: false },
  treasury: { gold: 0, platinum: 0 },
});

type Reply = { status: number; body: unknown; headers?: Record<string, string> };

function renderDialog(reports: (call: RecordedCall) => Reply, me = 'Moriwyn') {
  const { calls } = fakeFetch({
    'GET /athar/features': () => json(['profileLevel1', 'profileLevel2', 'profileLevel3']),
    'GET /athar/profile': () => json(summary(me)),
    'GET /athar/publicprofiles/42': () => json(ZARA),
    'POST /athar/reports': reports,
  });
  const { store } = renderWithStore(
    <PublicProfileDialog open profileid={42} onClose={() => undefined} />,
    signedInStore(),
  );
  return { calls, store };
}

async function openReport() {
  const user = userEvent.setup();
  const profile = await screen.findByRole('dialog', { name: 'Profile Information' });
  await user.click(await within(profile).findByRole('button', { name: 'Report' }));
  const dialog = await screen.findByRole('dialog', { name: 'Report Zara' });
  return { user, dialog };
}

describe('reporting a player from Profile Information', () => {
  beforeEach(() => {
    // axe probes a canvas for icon ligatures; jsdom has none.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });

  it('sends the reason and the details, then thanks the player', async () => {
    const { calls } = renderDialog(() => json({ id: 7 }, 201));
    const { user, dialog } = await openReport();
    const send = within(dialog).getByRole('button', { name: 'Send report' });
    // No reason chosen yet: nothing to send.
    expect(send).toHaveProperty('disabled', true);
    const reason = within(dialog).getByLabelText('Reason');
    expect(
      within(reason)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a reason', 'Cheating', 'Abusive name', 'Harassment', 'Spam', 'Other']);
    await user.selectOptions(reason, 'Harassment');
    await user.type(within(dialog).getByLabelText('Details'), 'Insults in every battle.');
    await user.click(send);

    expect(await within(dialog).findByText(REPORT_SENT_TEXT)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/athar/reports',
        body: { profileid: 42, reason: 'harassment', text: 'Insults in every battle.' },
      },
    ]);
  });

  it('sends no text when the details are left empty', async () => {
    const { calls } = renderDialog(() => json({ id: 8 }, 201));
    const { user, dialog } = await openReport();
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Abusive name');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await within(dialog).findByText(REPORT_SENT_TEXT);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      profileid: 42,
      reason: 'abusive_name',
    });
  });

  it('refuses details over 1,000 characters before asking the server', async () => {
    const { calls } = renderDialog(() => json({ id: 9 }, 201));
    const { user, dialog } = await openReport();
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Spam');
    const details = within(dialog).getByLabelText('Details');
    await user.click(details);
    await user.paste('x'.repeat(1001));
    expect(within(dialog).getByText('At most 1000 characters (1001 now).')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Send report' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('says the player has already reported this one (409)', async () => {
    renderDialog(() =>
      json({ statusCode: 409, code: 'REPORT_OPEN', message: 'You already reported them.' }, 409),
    );
    const { user, dialog } = await openReport();
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Cheating');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText(REPORT_OPEN_TEXT)).toBeTruthy();
  });

  it('says in words when the player may report again (429)', async () => {
    renderDialog(() => ({
      status: 429,
      body: { statusCode: 429, code: 'RATE_LIMITED', message: 'Too many requests.' },
      headers: { 'retry-after': String(4 * 3600 + 600) },
    }));
    const { user, dialog } = await openReport();
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Other');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(
      await within(dialog).findByText(
        'You have sent too many reports today. Please try again in 5 hours.',
      ),
    ).toBeTruthy();
  });

  it('offers no Report button on the player own profile', async () => {
    const { store } = renderDialog(() => json({ id: 1 }, 201), 'Zara');
    const profile = await screen.findByRole('dialog', { name: 'Profile Information' });
    await within(profile).findByText('Achievements');
    // The player's own summary has answered too: the button would be there by now.
    await waitFor(() =>
      expect(store.getState().api.queries['getProfileSummary(undefined)']?.status).toBe(
        'fulfilled',
      ),
    );
    expect(within(profile).queryByRole('button', { name: 'Report' })).toBeNull();
  });

  it('has no accessibility violations, every field named', async () => {
    renderDialog(() => json({ id: 1 }, 201));
    const { dialog } = await openReport();
    expect(within(dialog).getByLabelText('Reason')).toBeTruthy();
    expect(within(dialog).getByLabelText('Details')).toBeTruthy();
    const result = await axe.run(dialog, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});
