import { readFile } from 'node:fs/promises';
import { announce as sendAnnouncement } from '../../modules/messages/announce.js';
import { expectPositionals, parseArgs } from '../args.js';
import { CliError, line, type CliCommand } from '../command.js';
import { cliStaff, REASON_HELP, REASON_OPTION } from '../staff.js';

const USAGE =
  'announce --subject "..." (--body "..." | --body-file <path>) [--sender "..."] [--reason "..."]';

async function readBody(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (err) {
    throw new CliError(`Cannot read --body-file ${path}: ${(err as Error).message}`);
  }
}

export const announce: CliCommand = {
  name: 'announce',
  summary: "send an announcement to every player's inbox",
  help: `Usage:
  ${USAGE}

Stores the announcement and puts one copy in every player's inbox, in one
transaction. The body is plain text: HTML is shown as typed, never interpreted;
a blank line starts a new paragraph and a single line break is kept. The sender
defaults to "Lands of Aleph". Prints how many players received it. The
announcement is written to the staff log.
${REASON_HELP}

Example:
  npm run admin -- announce --subject "Maintenance" --body-file notes.txt
`,
  prepare(argv) {
    const args = parseArgs(argv, ['subject', 'body', 'body-file', 'sender', REASON_OPTION]);
    const staff = cliStaff(args, ['announce', ...argv]);
    expectPositionals(args, [], USAGE);
    const subject = args.options.get('subject');
    const body = args.options.get('body');
    const bodyFile = args.options.get('body-file');
    const sender = args.options.get('sender');
    if (subject === undefined) throw new CliError(`--subject is required. Usage: ${USAGE}`);
    if (body !== undefined && bodyFile !== undefined)
      throw new CliError('Give --body or --body-file, not both.');
    if (body === undefined && bodyFile === undefined)
      throw new CliError(`--body or --body-file is required. Usage: ${USAGE}`);
    return async ({ db, now, out }) => {
      const text = body ?? (await readBody(bodyFile as string));
      const recipients = await sendAnnouncement(
        db,
        { subject, body: text, ...(sender ? { sender } : {}) },
        now,
        { staff },
      );
      line(out, `Announcement sent to ${recipients} player${recipients === 1 ? '' : 's'}.`);
    };
  },
};
