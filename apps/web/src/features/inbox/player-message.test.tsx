import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from './test-fixtures';
import { fromZara, renderPlayerInbox } from './player-fixtures';

vi.setConfig({ testTimeout: 20_000 });

async function openDetails(user: ReturnType<typeof userEvent.setup>, subject: string) {
  await user.click(await screen.findByRole('button', { name: subject }));
  return screen.findByRole('dialog', { name: 'Message Details' });
}

describe("a player's message", () => {
  it("shows the writer's alliance tag beside the name, in the table and the details", async () => {
    const user = userEvent.setup();
    renderPlayerInbox({ messages: [fromZara(5, { sender_tag: 'WARD' })] });
    const row = (await screen.findByRole('button', { name: 'Trade?' })).closest('tr')!;
    expect(within(row).getAllByRole('cell')[0]!.textContent).toBe('Zara[WARD]');
    const details = await openDetails(user, 'Trade?');
    expect(within(details).getByText('Zara [WARD]')).toBeTruthy();
  });

  it("replies to the sender with 'Re: ' before the subject", async () => {
    const user = userEvent.setup();
    const { calls } = renderPlayerInbox({ messages: [fromZara(5)] });
    const details = await openDetails(user, 'Trade?');
    await user.click(within(details).getByRole('button', { name: 'Reply' }));
    const compose = await screen.findByRole('dialog', { name: 'New message' });
    expect(within(compose).getByRole('combobox', { name: 'To' })).toHaveProperty('value', 'Zara');
    expect(within(compose).getByRole('textbox', { name: 'Subject' })).toHaveProperty(
      'value',
      'Re: Trade?',
    );
    await user.type(within(compose).getByRole('textbox', { name: 'Message' }), 'Yes.');
    await user.click(within(compose).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path === '/hatif/messages')?.body).toEqual({
        to: 'Zara',
        subject: 'Re: Trade?',
        body: 'Yes.',
      }),
    );
  });

  it('blocks the sender after asking, and says so', async () => {
    const user = userEvent.setup();
    const { calls } = renderPlayerInbox({ messages: [fromZara(5)] });
    const details = await openDetails(user, 'Trade?');
    await user.click(within(details).getByRole('button', { name: 'Block sender' }));
    const ask = await screen.findByRole('dialog', { name: 'Block Zara?' });
    expect(calls.some((c) => c.path === '/athar/blocks')).toBe(false);
    await user.click(within(ask).getByRole('button', { name: 'Block' }));
    expect(await within(details).findByText(/^You blocked Zara\./)).toBeTruthy();
    expect(calls.filter((c) => c.path === '/athar/blocks').map((c) => c.body)).toEqual([
      { profileid: 42 },
    ]);
    await waitFor(() =>
      expect(within(details).getByRole('button', { name: 'Block sender' })).toHaveProperty(
        'disabled',
        true,
      ),
    );
  });

  it('reports the message with its id', async () => {
    const user = userEvent.setup();
    const { calls } = renderPlayerInbox({ messages: [fromZara(5)] });
    const details = await openDetails(user, 'Trade?');
    await user.click(within(details).getByRole('button', { name: 'Report' }));
    const report = await screen.findByRole('dialog', { name: 'Report Zara' });
    await user.selectOptions(within(report).getByLabelText('Reason'), 'spam');
    await user.click(within(report).getByRole('button', { name: 'Send report' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/athar/reports')?.body).toEqual({
        profileid: 42,
        reason: 'spam',
        messageid: 5,
      }),
    );
  });

  it("keeps the game's own messages as they were: Close only", async () => {
    const user = userEvent.setup();
    renderPlayerInbox({ messages: [message(6, { subject: 'Report' })] });
    const details = await openDetails(user, 'Report');
    expect(
      within(details)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Close']);
  });
});
