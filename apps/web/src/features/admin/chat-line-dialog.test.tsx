import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { ReportQueue } from '@aleph/contracts';
import { json } from '../../test/fake-fetch';
import { posts, renderConsole, report } from './test-fixtures';

vi.setConfig({ testTimeout: 30_000 });

/** axe's findings (colour contrast needs a browser's layout: the browser journey checks it). */
async function violations() {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.help}`);
}

const QUEUE: ReportQueue = {
  groups: [
    {
      targetId: 42,
      targetLogin: 'zara',
      targetNickname: 'Zara',
      count: 2,
      oldest: '2026-11-19T10:00:00.000Z',
      reports: [
        report(3, { chatLineId: 900, quote: 'You are all idiots' }),
        report(4, { reporterId: 41, reporterLogin: 'omar', text: 'Rude in the arena' }),
      ],
    },
  ],
};

async function fill(user: ReturnType<typeof userEvent.setup>, element: HTMLElement, text: string) {
  await user.click(element);
  await user.paste(text);
}

describe('a reported alliance chat line', () => {
  it('is deleted from the report, which then resolves with the deletion linked', async () => {
    const user = userEvent.setup();
    const { calls } = renderConsole('/admin/reports', {
      'GET /diwan/reports': () => json(QUEUE),
      'GET /diwan/stafflog': () => json({ entries: [], nextCursor: null }),
      'POST /diwan/chat/900/delete': () => json({ ok: true, staffLogId: 61 }),
      'POST /diwan/reports/3/resolve': () => json({ ok: true, staffLogId: 62 }),
    });
    // Only the report naming a line offers it.
    await screen.findByRole('button', { name: 'Resolve report #4' });
    expect(screen.queryByRole('button', { name: 'Delete the chat line of report #4' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Delete the chat line of report #3' }));
    const dialog = await screen.findByRole('dialog', { name: "Delete zara's chat line" });
    expect(within(dialog).getByLabelText('Line to delete').textContent).toBe('You are all idiots');
    await fill(user, within(dialog).getByLabelText(/^Reason/), 'Insults in chat');
    await user.click(within(dialog).getByRole('button', { name: 'Delete line' }));

    expect(await screen.findByText('Line deleted. Staff log #61.')).toBeTruthy();
    const resolve = await screen.findByRole('dialog', { name: 'Resolve report #3 on zara' });
    const action = within(resolve).getByLabelText('Action taken') as HTMLSelectElement;
    expect(action.value).toBe('61');
    await fill(user, within(resolve).getByLabelText(/^Reason/), 'Line deleted');
    await user.click(within(resolve).getByRole('button', { name: 'Resolve' }));
    expect(await screen.findByText('Report #3 resolved. Staff log #62.')).toBeTruthy();
    expect(posts(calls)).toEqual([
      { method: 'POST', path: '/diwan/chat/900/delete', body: { reason: 'Insults in chat' } },
      {
        method: 'POST',
        path: '/diwan/reports/3/resolve',
        body: { reason: 'Line deleted', action: 61 },
      },
    ]);
  });

  it('the delete dialog has no axe violations', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const user = userEvent.setup();
    renderConsole('/admin/reports', { 'GET /diwan/reports': () => json(QUEUE) });
    await user.click(
      await screen.findByRole('button', { name: 'Delete the chat line of report #3' }),
    );
    const dialog = await screen.findByRole('dialog', { name: "Delete zara's chat line" });
    expect(within(dialog).getByLabelText(/^Reason/)).toBeTruthy();
    expect(await violations()).toEqual([]);
  });

  it('shows a refusal (deleted already) in the dialog and resolves nothing', async () => {
    const user = userEvent.setup();
    const { calls } = renderConsole('/admin/reports', {
      'GET /diwan/reports': () => json(QUEUE),
      'POST /diwan/chat/900/delete': () =>
        json(
          {
            statusCode: 409,
            error: 'Conflict',
            code: 'CHAT_LINE_DELETED',
            message: 'This line is deleted already.',
          },
          409,
        ),
    });
    await user.click(
      await screen.findByRole('button', { name: 'Delete the chat line of report #3' }),
    );
    const dialog = await screen.findByRole('dialog', { name: "Delete zara's chat line" });
    await fill(user, within(dialog).getByLabelText(/^Reason/), 'Insults in chat');
    await user.click(within(dialog).getByRole('button', { name: 'Delete line' }));
    expect(await within(dialog).findByText('This line is deleted already.')).toBeTruthy();
    expect(posts(calls)).toHaveLength(1);
    expect(screen.queryByRole('dialog', { name: /^Resolve/ })).toBeNull();
  });
});
