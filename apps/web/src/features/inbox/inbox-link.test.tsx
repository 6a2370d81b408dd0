import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message, renderInbox } from './test-fixtures';

describe('inbox link to one message', () => {
  it('opens Message Details for ?message=<id> and marks it read, as a row click does', async () => {
    const user = userEvent.setup();
    const { calls } = renderInbox(
      [
        message(9, { subject: 'Claim Gold report', body: '<p>+120 gold</p>', read: false }),
        message(8, { subject: 'Older news' }),
      ],
      { path: '/messages?message=9' },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Message Details' });
    expect(within(dialog).getByText('Claim Gold report')).toBeTruthy();
    expect(within(dialog).getByRole('document', { name: 'Body' }).textContent).toBe('+120 gold');
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/hatif/messages/9/markread')).toHaveLength(1),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.path === '/hatif/messages/9/markread')).toHaveLength(1);
  });

  it('does not mark an already read message again', async () => {
    const { calls } = renderInbox([message(4, { subject: 'Read report' })], {
      path: '/messages?message=4',
    });
    expect(await screen.findByRole('dialog', { name: 'Message Details' })).toBeTruthy();
    expect(calls.some((call) => call.path.endsWith('/markread'))).toBe(false);
  });

  it('shows just the list when the linked message is not there', async () => {
    renderInbox([message(4, { subject: 'Other' })], { path: '/messages?message=77' });
    expect(await screen.findByRole('table')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
