import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../src/db/client.js';
import { runCommand } from '../src/cli/command.js';
import { announce as announceCommand } from '../src/cli/commands/announce.js';
import { announce, plainTextToHtml } from '../src/modules/messages/announce.js';
import { createAccount, placeholderAddress } from '../src/core/accounts.js';
import { grantStarter } from '../src/modules/world/starter.js';
import { openTestDatabase, TEST_EPOCH } from './helpers.js';

let database: Database;
let drop: () => Promise<void>;
const PLAYERS = 25;
const dir = mkdtempSync(path.join(tmpdir(), 'aleph-announce-'));

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await database.db.transaction(async (tx) => {
    for (let i = 0; i < PLAYERS; i++) {
      const login = `herald_${i}`;
      const account = {
        login,
        email: `${login}@example.com`,
        address: placeholderAddress(),
        passwordHash: 'x',
        now: TEST_EPOCH,
      };
      await createAccount(tx, account, [grantStarter]);
    }
  });
});
afterAll(async () => {
  await database.close();
  await drop();
  rmSync(dir, { recursive: true, force: true });
});

async function run(...argv: string[]) {
  const chunks: string[] = [];
  await runCommand(
    announceCommand,
    { db: database.db, now: TEST_EPOCH, out: { write: (t) => chunks.push(t) } },
    argv,
  );
  return chunks.join('');
}

describe('plain-text announcement bodies', () => {
  it('escape every character of markup and make paragraphs', () => {
    expect(
      plainTextToHtml(
        'Hello <b>all</b> & "you"\nline two\n\n\n  Second <script>x</script>  \r\n\r\n',
      ),
    ).toBe(
      '<p>Hello &lt;b&gt;all&lt;/b&gt; &amp; &quot;you&quot;<br>line two</p><p>Second &lt;script&gt;x&lt;/script&gt;</p>',
    );
  });
});

describe('announce', () => {
  it('gives every player exactly one copy and reports how many', async () => {
    const text = await run(
      '--subject',
      'Maintenance tonight',
      '--body',
      'Back at <b>22:00</b> UTC.\n\nThanks!',
    );
    expect(text).toBe(`Announcement sent to ${PLAYERS} players.\n`);
    const [a] = await queryRows<{ id: number; body: string; sender_name: string }>(
      database.db,
      sql`select id, body, sender_name from announcements`,
    );
    expect(a).toMatchObject({
      body: '<p>Back at &lt;b&gt;22:00&lt;/b&gt; UTC.</p><p>Thanks!</p>',
      sender_name: 'Lands of Aleph',
    });
    const copies = await queryRows<{ profile_id: number; n: number }>(
      database.db,
      sql`select p.id as profile_id, count(m.id)::int as n from profiles p
          left join messages m on m.profile_id = p.id and m.announcement_id = ${a!.id}
          group by p.id`,
    );
    expect(copies).toHaveLength(PLAYERS);
    expect(copies.every((c) => Number(c.n) === 1)).toBe(true);
    const [msg] = await queryRows<{ kind: string; subject: string; read_at: Date | null }>(
      database.db,
      sql`select kind, subject, read_at from messages where announcement_id = ${a!.id} limit 1`,
    );
    expect(msg).toEqual({ kind: 'announcement', subject: 'Maintenance tonight', read_at: null });
  });

  it('reads the body from a file and takes a sender', async () => {
    const file = path.join(dir, 'body.txt');
    writeFileSync(file, 'From a file.\n');
    expect(await run('--subject', 'Filed', '--body-file', file, '--sender', 'The Council')).toBe(
      `Announcement sent to ${PLAYERS} players.\n`,
    );
    const [row] = await queryRows<{ sender_name: string; body: string }>(
      database.db,
      sql`select sender_name, body from announcements where subject = 'Filed'`,
    );
    expect(row).toEqual({ sender_name: 'The Council', body: '<p>From a file.</p>' });
    await expect(
      run('--subject', 'x', '--body-file', path.join(dir, 'missing.txt')),
    ).rejects.toThrow(/Cannot read --body-file/);
  });

  it('refuses incomplete or contradictory input, and an empty body, sending nothing', async () => {
    expect(() => announceCommand.prepare(['--body', 'b'])).toThrow(/--subject is required/);
    expect(() => announceCommand.prepare(['--subject', 's'])).toThrow(
      /--body or --body-file is required/,
    );
    expect(() =>
      announceCommand.prepare(['--subject', 's', '--body', 'b', '--body-file', 'f']),
    ).toThrow(/not both/);
    await expect(run('--subject', 'Empty', '--body', ' \n\n ')).rejects.toThrow(
      'The body is empty.',
    );
    await expect(announce(database.db, { subject: '  ', body: 'b' }, TEST_EPOCH)).rejects.toThrow(
      'The subject is empty.',
    );
    const [n] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from announcements`,
    );
    expect(Number(n?.n)).toBe(2);
  });
});
