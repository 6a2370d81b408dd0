import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { expectPositionals, parseArgs, parseId, parseWhole } from '../args.js';
import { CliError, line, type CliCommand, type CommandRun } from '../command.js';
import { formatTable, formatUtc } from '../table.js';

const LIST_USAGE = 'mail list [--limit N]';
const SHOW_USAGE = 'mail show <id>';

interface MailRow {
  id: number;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  created_at: Date | string;
  send_after: Date | string;
  attempts: number;
  last_error: string | null;
  sent_at: Date | string | null;
  failed_at: Date | string | null;
  message_id: string | null;
}

const status = (r: MailRow) => (r.sent_at ? 'sent' : r.failed_at ? 'failed' : 'pending');

/** One line, at most `width` characters: a table cell. */
const cell = (text: string | null, width: number) => {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
};

function listMail(rest: readonly string[]): CommandRun {
  const args = parseArgs(rest, ['limit']);
  expectPositionals(args, [], LIST_USAGE);
  const limitText = args.options.get('limit');
  const limit = limitText === undefined ? 50 : parseWhole(limitText, '--limit', 1, 100_000);
  return async ({ db, out }) => {
    const rows = await queryRows<MailRow>(
      db,
      sql`select id, kind, to_address, subject, created_at, attempts, last_error, sent_at, failed_at
          from mail_outbox order by id desc limit ${limit}`,
    );
    if (rows.length === 0) {
      line(out, 'No mail yet.');
      return;
    }
    const [total] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from mail_outbox`,
    );
    const count = Number(total?.n ?? 0);
    line(
      out,
      formatTable(
        ['id', 'created (UTC)', 'kind', 'to', 'subject', 'status', 'attempts', 'last error'],
        rows.map((r) => [
          Number(r.id),
          formatUtc(new Date(r.created_at)),
          r.kind,
          r.to_address,
          cell(r.subject, 40),
          status(r),
          Number(r.attempts),
          cell(r.last_error, 60),
        ]),
      ),
    );
    const more =
      count > rows.length ? `; showing the newest ${rows.length} (use --limit to see more)` : '';
    line(out, `${count} mail${count === 1 ? '' : 's'}${more}. "mail show <id>" prints one.`);
  };
}

function showMail(rest: readonly string[]): CommandRun {
  const [idText] = expectPositionals(parseArgs(rest), ['id'], SHOW_USAGE);
  const id = parseId(idText ?? '', 'The mail id');
  return async ({ db, out }) => {
    const [r] = await queryRows<MailRow>(db, sql`select * from mail_outbox where id = ${id}`);
    if (!r) throw new CliError(`No mail ${id}. "mail list" shows the mails.`);
    const when = (d: Date | string) => `${formatUtc(new Date(d))} UTC`;
    const state = r.sent_at
      ? `sent ${when(r.sent_at)}`
      : r.failed_at
        ? `failed, given up ${when(r.failed_at)}`
        : `pending, next attempt from ${when(r.send_after)}`;
    line(out, `Mail ${r.id} (${r.kind}): ${state}; ${r.attempts} attempt(s)`);
    line(out, `Date: ${new Date(r.created_at).toUTCString()}`);
    line(out, `To: ${r.to_address}`);
    line(out, `Subject: ${r.subject}`);
    if (r.message_id) line(out, `Message-ID: ${r.message_id}`);
    if (r.last_error) line(out, `Last error: ${r.last_error}`);
    line(out);
    out.write(r.text_body.endsWith('\n') ? r.text_body : `${r.text_body}\n`);
  };
}

export const mail: CliCommand = {
  name: 'mail',
  summary: 'list the mails the game queued and sent, or print one',
  help: `Usage:
  ${LIST_USAGE}
  ${SHOW_USAGE}

mail list   The newest mails first: id, when queued, kind (password_reset, ...),
            recipient, subject, status (sent, pending, failed: given up after its
            last attempt), attempts so far and the last error.
            --limit N   at most N mails (default 50).
mail show   One mail's headers and its text body, with any link in it: on a
            laptop without a mail server, this is how to follow a reset link.
`,
  prepare(argv) {
    const [sub, ...rest] = argv;
    if (sub === 'list') return listMail(rest);
    if (sub === 'show') return showMail(rest);
    throw new CliError(
      sub === undefined
        ? 'mail what? list or show.'
        : `Unknown mail command "${sub}": list or show.`,
    );
  },
};
