import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message, renderInbox } from './test-fixtures';

const table = () => screen.findByRole('table');
const bodyRows = (t: HTMLElement) => within(t).getAllByRole('row').slice(1);
const rowOf = (subject: string) =>
  within(screen.getByRole('table', { hidden: true }))
    .getByText(subject)
    .closest('tr')!;

describe('inbox', () => {
  it('says Loading... while the messages load', () => {
    renderInbox([], { hold: true });
    expect(screen.getByRole('heading', { level: 1, name: 'Inbox' })).toBeTruthy();
    expect(screen.getByText('Loading...')).toBeTruthy();
  });

  it('says No data available when there are no messages', async () => {
    renderInbox([]);
    expect(await screen.findByText('No data available')).toBeTruthy();
  });

  it('says Error loading data when the list fails', async () => {
    renderInbox([], { fail: true });
    expect(await screen.findByText('Error loading data')).toBeTruthy();
  });

  it('has From, Subject, Date and Delete; unread rows are bold and orange', async () => {
    renderInbox([
      message(2, { sender_name: 'Council', subject: 'New orders', read: false }),
      message(1, { subject: 'Old news', created: '2025-01-05T09:03:00.000Z' }),
    ]);
    const t = await table();
    const headers = within(t)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['From', 'Subject', 'Date', 'Delete']);
    const [unread, read] = bodyRows(t);
    const cells = (tr: HTMLElement) =>
      within(tr)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    // jsdom runs in UTC here: short month, day, year and a 24-hour time.
    expect(cells(unread!).slice(0, 3)).toEqual(['Council', 'New orders', 'Nov 21, 2026 14:05']);
    expect(cells(read!).slice(0, 3)).toEqual(['Aleph', 'Old news', 'Jan 5, 2025 09:03']);

    const style = (tr: HTMLElement) => getComputedStyle(within(tr).getAllByRole('cell')[0]!);
    expect(style(unread!).fontWeight).toBe('700');
    expect(style(unread!).color).toBe('rgb(255, 152, 0)');
    expect(style(read!).fontWeight).not.toBe('700');
    expect(within(unread!).getByRole('button', { name: 'New orders (unread)' })).toBeTruthy();
  });

  it('opens Message Details on a row click and marks the message read', async () => {
    const user = userEvent.setup();
    const { calls } = renderInbox([
      message(5, {
        sender_name: 'Council',
        subject: 'Orders',
        body: '<p>Go <b>north</b>.</p><img src=x onerror="window.__xss=1"><a href="javascript:x()">bad</a>',
        read: false,
      }),
    ]);
    await table();
    await user.click(rowOf('Orders').querySelectorAll('td')[2]!);
    const dialog = await screen.findByRole('dialog', { name: 'Message Details' });
    const facts = [...dialog.querySelectorAll('dt')].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
    expect(facts).toEqual([
      ['From', 'Council'],
      ['Date', 'Nov 21, 2026 14:05'],
      ['Subject', 'Orders'],
    ]);
    const body = within(dialog).getByRole('document', { name: 'Body' });
    expect(body.querySelector('b')?.textContent).toBe('north');
    expect(body.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(body.querySelector('img')?.getAttribute('src')).toBeNull();
    expect(body.querySelector('a')?.getAttribute('href')).toBeNull();

    await waitFor(() =>
      expect(calls.map((call) => `${call.method} ${call.path}`)).toContain(
        'POST /hatif/messages/5/markread',
      ),
    );
    // The list refreshes and the row is no longer bold.
    await waitFor(() =>
      expect(getComputedStyle(rowOf('Orders').querySelector('td')!).fontWeight).not.toBe('700'),
    );
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/hatif/messages').length).toBe(2),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens a message from the keyboard and does not mark a read message again', async () => {
    const user = userEvent.setup();
    const { calls } = renderInbox([message(3, { subject: 'Read already' })]);
    await table();
    screen.getByRole('button', { name: 'Read already' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Message Details' })).toBeTruthy();
    expect(calls.some((call) => call.path.endsWith('/markread'))).toBe(false);
  });

  it('deletes without opening the message and then shows Deleted', async () => {
    const user = userEvent.setup();
    const { calls } = renderInbox([
      message(8, { subject: 'Spam', read: false }),
      message(7, { subject: 'Gone before', deleted: true }),
    ]);
    await table();
    expect(within(rowOf('Gone before')).getByText('Deleted')).toBeTruthy();
    expect(within(rowOf('Gone before')).queryByRole('button', { name: /Delete/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Delete message Spam' }));
    expect(await within(rowOf('Spam')).findByText('Deleted')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const posts = calls.filter((call) => call.method === 'POST').map((call) => call.path);
    expect(posts).toEqual(['/hatif/messages/8/markdelete']);
  });

  it('pages by 10, the only page size', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 23 }, (_, i) => message(100 - i, { subject: `M${i + 1}` }));
    renderInbox(many);
    const t = await table();
    expect(bodyRows(t)).toHaveLength(10);
    expect(screen.getByText('1–10 of 23')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Rows per page:' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(screen.getByText('11–20 of 23')).toBeTruthy();
    expect(within(bodyRows(t)[0]!).getByText('M11')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(bodyRows(t)).toHaveLength(3);
  });
});
