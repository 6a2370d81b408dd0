import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { fromZara, renderPlayerInbox } from './player-fixtures';

async function axeViolations(container: HTMLElement) {
  // jsdom does not lay out or paint, so colour contrast is left to the browser tests.
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((violation) => `${violation.id}: ${violation.help}`);
}

vi.setConfig({ testTimeout: 30_000 });

describe('writing to players, accessibility (axe)', () => {
  beforeEach(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });

  it('the compose dialog, a player message and the Sent view have no violations', async () => {
    const user = userEvent.setup();
    renderPlayerInbox({ messages: [fromZara(5)] });
    await user.click(await screen.findByRole('button', { name: 'New message' }));
    await screen.findByRole('dialog', { name: 'New message' });
    expect(await axeViolations(document.body)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Trade?' }));
    await screen.findByRole('dialog', { name: 'Message Details' });
    expect(await axeViolations(document.body)).toEqual([]);
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('tab', { name: 'Sent' }));
    await screen.findByText('You have not sent any messages yet.');
    expect(await axeViolations(document.body)).toEqual([]);
  });
});
