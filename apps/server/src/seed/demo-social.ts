import { sql } from 'drizzle-orm';
import { isoWeekStart, type Rng } from '@aleph/rules';
import { queryRows, type Tx } from '../db/client.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface DemoSocialInput {
  /** The fifty demo players, best of the week first. */
  players: readonly number[];
  demoId: number;
  veteranId: number;
  now: Date;
  rng: Rng;
}

/** The demo world's alliances: the veteran leads the first; members are demo players. */
const ALLIANCES = [
  {
    name: 'Wardens of Aleph',
    tag: 'WARD',
    open: false,
    description:
      'Old hands of the Aleph continent. We claim gold together every week and help new lords find their feet: apply with a line about yourself.',
    /** Indexes into the demo players. */
    members: [1, 4, 7, 10, 13, 16, 19, 22],
  },
  {
    name: 'Emberheart Company',
    tag: 'EMBR',
    open: false,
    description: 'Arena regulars and tower builders. By application.',
    members: [0, 2, 5, 8, 11, 14, 17],
  },
  {
    name: 'River Guild',
    tag: 'RIVR',
    open: true,
    description: 'A friendly open guild for anyone who likes river lands. Just join!',
    members: [3, 6, 9, 12, 25],
  },
] as const;

/** A week of the Wardens' chat, oldest first: [hours ago, member index (-1 = veteran), text]. */
const CHAT: readonly (readonly [number, number, string])[] = [
  [160, -1, 'Welcome to the new week, Wardens. Goal: 200k gold claimed together.'],
  [158, 1, 'On it. Two heroes out on Claim Gold already.'],
  [150, 4, 'Anyone selling tower stones? I am one short for level 4.'],
  [149, -1, '@Eldric check the Greedy trader, stones were cheap this morning.'],
  [130, 7, 'Reached profile level 3!'],
  [129, 1, 'Nice one!'],
  [110, 10, 'Arena defence set. Come at me :)'],
  [96, -1, 'Halfway to the goal. Keep those claims coming.'],
  [90, 13, 'My river land finally pays for itself.'],
  [72, 16, 'Heading to Beth with a forest hero, wish me luck.'],
  [70, 4, 'Good luck! The sea crossing takes a while.'],
  [50, -1, 'Officers: two applications waiting, please have a look.'],
  [48, 7, 'Accepted one, the other was a fresh account, asked them to come back at level 1.'],
  [30, 19, 'Unique mission tomorrow, who has a level-9 hero?'],
  [26, -1, 'Mine is ready. @Thalion want to pair up on the timing?'],
  [20, 22, 'First time on the alliance board top 3, well played all.'],
  [8, 10, 'Morning! Daily rewards claimed.'],
  [3, -1, 'Last push of the week: claim your land gold before Monday.'],
];

/** Each member's XP and claimed gold of this week, as their board scores say. */
async function weekScores(tx: Tx, ids: readonly number[], week: Date) {
  const rows = await queryRows<{ profile_id: number; board: string; score: number }>(
    tx,
    sql`select profile_id, board, score::float8 as score from board_scores
      where week_start = ${week} and profile_id = any(${`{${ids.join(',')}}`}::int[])`,
  );
  const of = (id: number, board: string) =>
    Number(rows.find((r) => Number(r.profile_id) === id && r.board === board)?.score ?? 0);
  return ids.map((id) => ({ id, xp: of(id, 'TOP_XP_GAINERS'), gold: of(id, 'TOP_GOLD_CLAIMERS') }));
}

/**
 * Alliances, their members, this week's scores (taken from the members' board scores, so the
 * alliance board and the player boards agree), a week of chat in the veteran's alliance, a
 * message from the veteran to the demo player and a friend request from them.
 */
export async function seedDemoSocial(tx: Tx, input: DemoSocialInput): Promise<void> {
  const { players, demoId, veteranId, now, rng } = input;
  const week = new Date(isoWeekStart(now.getTime()));
  const nickname = async (id: number) =>
    (
      await queryRows<{ nickname: string }>(tx, sql`select nickname from profiles where id = ${id}`)
    )[0]!.nickname;
  let wardens = 0;
  let wardenIds: number[] = [];
  for (const [n, a] of ALLIANCES.entries()) {
    const leader = n === 0 ? veteranId : players[a.members[0]]!;
    const members = [leader, ...a.members.map((i) => players[i]!).filter((id) => id !== leader)];
    const created = new Date(now.getTime() - (40 - n * 9) * DAY);
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into alliances (name, tag, description, open, member_count, created_at)
        values (${a.name}, ${a.tag}, ${a.description}, ${a.open}, ${members.length}, ${created})
        returning id`,
    );
    const id = Number(row!.id);
    for (const [i, member] of members.entries()) {
      const role = i === 0 ? 'leader' : i <= 2 ? 'officer' : 'member';
      const joined = new Date(created.getTime() + i * (DAY + rng.int(0, 12) * HOUR));
      await tx.execute(sql`insert into alliance_members (profile_id, alliance_id, role, joined_at)
        values (${member}, ${id}, ${role}, ${joined})`);
    }
    for (const s of await weekScores(tx, members, week)) {
      if (s.xp === 0 && s.gold === 0) continue;
      await tx.execute(sql`insert into alliance_scores (alliance_id, week_start, profile_id, xp, gold)
        values (${id}, ${week}, ${s.id}, ${s.xp}, ${s.gold})`);
    }
    if (n === 0) {
      wardens = id;
      wardenIds = members;
    }
  }

  for (const [hoursAgo, who, text] of CHAT) {
    const author = who < 0 ? veteranId : players[who]!;
    const at = new Date(now.getTime() - hoursAgo * HOUR + rng.int(0, 40) * 60_000);
    if (!wardenIds.includes(author)) continue;
    await tx.execute(sql`insert into alliance_chat (alliance_id, profile_id, nickname, text, created_at)
      values (${wardens}, ${author}, ${await nickname(author)}, ${text}, ${at})`);
  }

  // The veteran writes to the newcomer, and asks to be friends.
  const sent = new Date(now.getTime() - 5 * HOUR);
  const subject = 'Welcome to Aleph';
  const body = [
    'Hello and welcome! I have played here for a while and lead the Wardens of Aleph [WARD].',
    'Send a hero on a Daily Reward mission first: it comes back quickly and pays XP.',
    'Once you reach profile level 1, apply to us from the Alliances page. Write back any time!',
  ].join('\n\n');
  const html = body
    .split('\n\n')
    .map((p) => `<p>${p.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>`)
    .join('');
  const veteranName = await nickname(veteranId);
  const [inbox] = await queryRows<{ id: number }>(
    tx,
    sql`insert into messages (profile_id, sender_name, sender_id, subject, body, kind, created_at)
      values (${demoId}, ${veteranName}, ${veteranId}, ${subject}, ${html}, 'player', ${sent})
      returning id`,
  );
  await tx.execute(sql`insert into sent_messages
      (sender_id, recipient_id, subject, body, created_at, message_id)
    values (${veteranId}, ${demoId}, ${subject}, ${body}, ${sent}, ${inbox!.id})`);
  await tx.execute(sql`insert into friendships (requester_id, addressee_id, created_at)
    values (${veteranId}, ${demoId}, ${new Date(sent.getTime() + 60_000)})`);
}
