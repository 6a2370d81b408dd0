import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ReportQueue } from '@aleph/contracts';
import { json } from '../../test/fake-fetch';
import { renderConsole, report } from './test-fixtures';

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
        report(3, { messageId: 9, quote: 'Hello\n\nYou are a cheat, http://x.example' }),
        report(4, { chatLineId: 12, quote: 'everyone ignore zara' }),
      ],
    },
  ],
};

describe('a reported message or chat line in the queue', () => {
  it('shows staff the reported text as the player wrote it', async () => {
    renderConsole('/admin/reports', { 'GET /diwan/reports': () => json(QUEUE) });
    const zara = await screen.findByRole('region', { name: 'Zara (zara)' });
    const quotes = within(zara).getAllByLabelText('Reported text');
    expect(quotes).toHaveLength(2);
    expect(quotes[0]!.textContent).toContain('You are a cheat, http://x.example');
    expect(within(quotes[0]!).queryByRole('link')).toBeNull();
    expect(quotes[1]!.textContent).toBe('Reported text (alliance chat)everyone ignore zara');
  });
});
