import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReportQueue } from '@aleph/contracts';
import { json } from '../../test/fake-fetch';
import { detailLines } from './staff-log-table';
import { logEntry, posts, renderConsole, report } from './test-fixtures';

vi.setConfig({ testTimeout: 30_000 });

const QUEUE: ReportQueue = {
  groups: [
    {
      targetId: 42,
      targetLogin: 'zara',
      targetNickname: 'Zara',
      count: 2,
      oldest: '2026-11-19T10:00:00.000Z',
      reports: [
        report(3, { createdAt: '2026-11-19T10:00:00.000Z' }),
        report(4, { reporterId: 41, reporterLogin: 'omar', reason: 'abusive_name', text: null }),
      ],
    },
    {
      targetId: 43,
      targetLogin: 'quill',
      targetNickname: 'Quill',
      count: 1,
      oldest: '2026-11-20T10:00:00.000Z',
      reports: [report(5, { targetId: 43, targetLogin: 'quill', reason: 'spam' })],
    },
  ],
};

async function fill(user: ReturnType<typeof userEvent.setup>, element: HTMLElement, text: string) {
  await user.click(element);
  await user.paste(text);
}

describe('the reports queue', () => {
  it('groups open reports by player, the longest waiting first, with the way to the player', async () => {
    const { calls } = renderConsole('/admin/reports', {
      'GET /diwan/reports': () => json(QUEUE),
    });
    const zara = await screen.findByRole('region', { name: 'Zara (zara)' });
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Zara (zara)',
      'Quill (quill)',
    ]);
    expect(within(zara).getByText(/^2 reports, the oldest Nov 19, 2026/)).toBeTruthy();
    expect(within(zara).getByRole('link', { name: 'Open zara' }).getAttribute('href')).toBe(
      '/admin/players/42',
    );
    expect(within(zara).getByText('Insults in every battle.')).toBeTruthy();
    expect(within(zara).getByText('Abusive name')).toBeTruthy();
    const quill = screen.getByRole('region', { name: 'Quill (quill)' });
    expect(within(quill).getByText(/^1 report, the oldest/)).toBeTruthy();
    expect(calls.map((c) => c.path)).toContain('/diwan/reports?status=open');
  });

  it('resolves a report linked to the action taken', async () => {
    const user = userEvent.setup();
    const { calls } = renderConsole('/admin/reports', {
      'GET /diwan/reports': () => json(QUEUE),
      'GET /diwan/stafflog': () => json({ entries: [logEntry(31)], nextCursor: null }),
      'POST /diwan/reports/3/resolve': () => json({ ok: true, staffLogId: 40 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Resolve report #3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve report #3 on zara' });
    const action = within(dialog).getByLabelText('Action taken');
    await within(action).findByRole('option', { name: /^#31 suspend/ });
    await user.selectOptions(action, '31');
    await fill(user, within(dialog).getByLabelText(/^Reason/), 'Suspended for a day');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await screen.findByText('Report #3 resolved. Staff log #40.')).toBeTruthy();
    expect(posts(calls)).toEqual([
      {
        method: 'POST',
        path: '/diwan/reports/3/resolve',
        body: { reason: 'Suspended for a day', action: 31 },
      },
    ]);
    expect(calls.map((c) => c.path)).toContain('/diwan/stafflog?target=zara&limit=20');
  });

  it('dismisses a report with a reason', async () => {
    const user = userEvent.setup();
    const { calls } = renderConsole('/admin/reports', {
      'GET /diwan/reports': () => json(QUEUE),
      'POST /diwan/reports/5/dismiss': () => json({ ok: true, staffLogId: 41 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Dismiss report #5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss report #5 on quill' });
    expect(within(dialog).queryByLabelText('Action taken')).toBeNull();
    await fill(user, within(dialog).getByLabelText(/^Reason/), 'Ordinary trade chat');
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('Report #5 dismissed. Staff log #41.')).toBeTruthy();
    expect(posts(calls)[0]?.body).toEqual({ reason: 'Ordinary trade chat' });
  });

  it('shows handled reports with who handled them', async () => {
    const user = userEvent.setup();
    const { calls } = renderConsole('/admin/reports', {
      'GET /diwan/reports': (call) =>
        call.path.endsWith('status=resolved')
          ? json({
              groups: [
                {
                  ...QUEUE.groups[0]!,
                  count: 1,
                  reports: [
                    report(3, {
                      status: 'resolved',
                      handledBy: 'operator',
                      handledAt: '2026-11-21T10:00:00.000Z',
                      staffLogId: 31,
                    }),
                  ],
                },
              ],
            })
          : json({ groups: [] }),
    });
    expect(await screen.findByText('No open reports.')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Status'), 'Resolved');
    expect(await screen.findByText(/^Resolved by operator, .+ \(staff log #31\)$/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Resolve report/ })).toBeNull();
    await waitFor(() =>
      expect(calls.map((c) => c.path)).toContain('/diwan/reports?status=resolved'),
    );
  });
});

describe('the staff log', () => {
  it('filters by action, target and staff member, and pages on', async () => {
    const user = userEvent.setup();
    const { calls } = renderConsole('/admin/stafflog', {
      'GET /diwan/stafflog': (call) => {
        const url = new URL(call.path, 'http://x');
        if (url.searchParams.get('cursor') === 'p2')
          return json({ entries: [logEntry(10, { action: 'grant' })], nextCursor: null });
        if (url.searchParams.get('target') === 'zara')
          return json({ entries: [logEntry(12)], nextCursor: null });
        return json({
          entries: [
            logEntry(11, {
              actorId: null,
              actorLabel: 'cli',
              action: 'announce',
              targetUserId: null,
              targetLogin: null,
            }),
          ],
          nextCursor: 'p2',
        });
      },
    });
    const table = await screen.findByRole('table', { name: 'Staff log, newest first' });
    expect(await within(table).findByText('cli')).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('grant')).toBeTruthy();

    await fill(user, screen.getByLabelText('Action'), 'suspend');
    await fill(user, screen.getByLabelText('Target'), 'zara');
    await fill(user, screen.getByLabelText('Staff member'), 'operator');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await within(table).findByRole('link', { name: 'zara' })).toBeTruthy();
    expect(within(table).queryByText('cli')).toBeNull();
    // What changed, with times in the reader's zone.
    expect(
      within(table).getByText(/^suspendedUntil: none → \w{3} \d+, 2026 \d{2}:\d{2}$/),
    ).toBeTruthy();
    expect(calls.map((c) => c.path).filter((p) => p.startsWith('/diwan/stafflog'))).toEqual([
      '/diwan/stafflog',
      '/diwan/stafflog?cursor=p2',
      '/diwan/stafflog?action=suspend&target=zara&actor=operator',
    ]);
  });
});

describe("a staff-log row's details", () => {
  it('say what changed, then the other facts', () => {
    expect(
      detailLines({
        before: { role: 'player', mutedUntil: null },
        after: { role: 'moderator', mutedUntil: null },
        notice: 'Welcome aboard',
        sessionsEnded: 2,
      }),
    ).toEqual(['role: player → moderator', 'notice: Welcome aboard', 'sessionsEnded: 2']);
    expect(detailLines({ subject: 'Hi' })).toEqual(['subject: Hi']);
    expect(detailLines(null)).toEqual([]);
  });
});
