import { sql } from 'drizzle-orm';
import { isoWeekKey, isoWeekStart, SOCIAL_CONFIG } from '@aleph/rules';
import { queryRows, type Db, type Executor } from '../db/client.js';
import { withRetry } from '../db/retry.js';
import { ChangeBook } from '../core/change-book.js';
import { writeMessages, type NewMessage } from '../core/inbox.js';
import { allianceStandings } from '../modules/alliances/board-standings.js';

const { board, goal } = SOCIAL_CONFIG.alliances;
const WEEK_MS = 7 * 86_400_000;

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface Payee {
  profileId: number;
  gold: number;
  cause: 'alliance_board' | 'alliance_goal';
  subject: string;
  body: string;
}

/** Every current member of the placed alliances, the place's gold each. */
async function boardPayees(tx: Executor, week: Date, key: string): Promise<Payee[]> {
  const placed = await allianceStandings(tx, week, board.rewardsGold.length);
  if (placed.length === 0) return [];
  const members = await queryRows<{ profile_id: number; alliance_id: number }>(
    tx,
    sql`select profile_id, alliance_id from alliance_members
        where alliance_id in (${sql.join(
          placed.map((p) => sql`${p.allianceId}`),
          sql`, `,
        )}) order by profile_id`,
  );
  return members.flatMap((m) => {
    const row = placed.find((p) => p.allianceId === Number(m.alliance_id))!;
    const gold = board.rewardsGold[row.rank - 1] ?? 0;
    if (gold <= 0) return [];
    const name = `[${escape(row.tag)}] ${escape(row.name)}`;
    return [
      {
        profileId: Number(m.profile_id),
        gold,
        cause: 'alliance_board' as const,
        subject: `Alliance board: place ${row.rank} in week ${key}`,
        body: `<p>Your alliance ${name} finished week ${key} of the alliance board in place <b>${row.rank}</b> with ${row.xp} XP.</p><p>Reward: <b>${gold} gold</b>.</p>`,
      },
    ];
  });
}

/** Each player who claimed gold towards a goal their alliance reached that week. */
async function goalPayees(tx: Executor, week: Date, key: string): Promise<Payee[]> {
  const rows = await queryRows<{ profile_id: number; gold: string; tag: string; name: string }>(
    tx,
    sql`select s.profile_id, s.gold, a.tag, a.name from alliance_scores s
        join (select alliance_id from alliance_scores where week_start = ${week}
              group by alliance_id having sum(gold) >= ${goal.gold}) r
          on r.alliance_id = s.alliance_id
        join alliances a on a.id = s.alliance_id
        where s.week_start = ${week} and s.gold > 0
        order by s.profile_id`,
  );
  return rows.map((r) => ({
    profileId: Number(r.profile_id),
    gold: goal.rewardGold,
    cause: 'alliance_goal' as const,
    subject: `Alliance goal reached in week ${key}`,
    body: `<p>Your alliance [${escape(r.tag)}] ${escape(r.name)} claimed ${goal.gold} gold together in week ${key}, and you gave ${Number(r.gold)} of it.</p><p>Reward: <b>${goal.rewardGold} gold</b>.</p>`,
  }));
}

/**
 * Pays the alliance rewards of the ISO week that closed last, once (docs/game-rules.md,
 * Alliances), as the Arena's weekly rewards are paid (modules/arena/weekly.ts): the insert of
 * the week's `alliance_weeks` row is the claim. A second process's insert waits for the first
 * transaction and then finds the row, so it pays nothing; a payer that fails rolls its claim
 * back with its payments. Board places pay every current member of the placed alliances; a
 * reached goal pays each member who claimed gold towards it. Gold through the change book
 * (causes 'alliance_board' and 'alliance_goal', the week's key), an inbox message to each.
 * Answers the payments made, or null when the week was already claimed.
 */
export async function payClosedAllianceWeek(db: Db, now: Date): Promise<number | null> {
  const week = new Date(isoWeekStart(now.getTime()) - WEEK_MS);
  const key = isoWeekKey(week.getTime());
  return withRetry(() =>
    db.transaction(async (tx) => {
      const claimed = await queryRows<{ week_start: string }>(
        tx,
        sql`insert into alliance_weeks (week_start, paid_at, rewarded) values (${week}, ${now}, 0)
            on conflict (week_start) do nothing returning week_start`,
      );
      if (claimed.length === 0) return null;
      const payees = [...(await boardPayees(tx, week, key)), ...(await goalPayees(tx, week, key))];
      const book = new ChangeBook();
      const messages: NewMessage[] = [];
      for (const p of payees) {
        book.profile(p.profileId, { gold: p.gold }, { cause: p.cause, causeId: key, at: now });
        messages.push({
          profileId: p.profileId,
          kind: 'system',
          at: now,
          subject: p.subject,
          body: p.body,
        });
      }
      await book.flush(tx, { at: now });
      await writeMessages(tx, messages);
      await queryRows(
        tx,
        sql`update alliance_weeks set rewarded = ${payees.length} where week_start = ${week}`,
      );
      return payees.length;
    }),
  );
}
