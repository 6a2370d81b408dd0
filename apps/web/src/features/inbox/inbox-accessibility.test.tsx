import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { message, renderInbox } from './test-fixtures';

async function axeViolations(container: HTMLElement) {
  // jsdom does not lay out or paint, so colour contrast is left to the browser tests.
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((violation) => `${violation.id}: ${violation.help}`);
}

vi.setConfig({ testTimeout: 20_000 });

describe('inbox accessibility (axe)', () => {
  // axe probes a canvas for icon ligatures; jsdom has none and would log 'Not implemented'.
  beforeEach(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });

  it('the table and the Message Details dialog have no violations', async () => {
    const user = userEvent.setup();
    renderInbox([
      message(3, {
        read: false,
        body: '<p>Hello <a href="https://example.com" target="_blank">link</a></p><ul><li>x</li></ul>',
      }),
      message(2, { deleted: true }),
      ...Array.from({ length: 11 }, (_, i) => message(100 + i)),
    ]);
    await screen.findByRole('table');
    expect(await axeViolations(document.body)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Subject 3 (unread)' }));
    await screen.findByRole('dialog', { name: 'Message Details' });
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('the empty inbox has no violations', async () => {
    const { container } = renderInbox([]);
    await screen.findByText('No data available');
    expect(await axeViolations(container)).toEqual([]);
  });
});
