import { drawSeed } from '../../lib/seed-source.js';
import { sql } from 'drizzle-orm';
import { EconomyErrorCode, type LuckyCoinState, type LuckyToss } from '@aleph/contracts';
import {
  createRng,
  drawLuckyPrize,
  ELEMENT_NAMES,
  luckyEventState,
  type EventWindow,
  type LuckyPrize,
  type LuckyPrizeKind,
  GAME_CONFIG,
} from '@aleph/rules';
import { queryRows, type Db, type Executor } from '../../db/client.js';
import { conflict } from '../../lib/errors.js';
import { uncached, type Cached } from '../../lib/profile-cache.js';
import { countAndNotify } from '../../core/achievements.js';
import { ChangeBook } from '../../core/change-book.js';
import { recordStaffAction, type StaffRecord } from '../../core/staff-log.js';
import { EncodedAnswer } from '../../lib/encoded-answer.js';
import { GLOBAL_TTL_MS, perDatabase, ProcessCache } from '../../lib/process-cache.js';
import { itemBalance, onceByKey, ownLand } from './requests.js';

const LUCKY = GAME_CONFIG.economy.luckyCoin;
const COIN = LUCKY.itemCode;

/** Operator openings that have not closed yet (the weekend is the rules' to know). */
export async function operatorWindows(db: Executor, now: Date): Promise<EventWindow[]> {
  const rows = await queryRows<{ opens_at: string; closes_at: string }>(
    db,
    sql`select opens_at, closes_at from lucky_events where closes_at > ${now} order by opens_at`,
  );
  return rows.map((r) => ({
    opensAt: new Date(r.opens_at).getTime(),
    closesAt: new Date(r.closes_at).getTime(),
  }));
}

export function prizeText(kind: LuckyPrizeKind, amount: number, element: number | null): string {
  switch (kind) {
    case 'gold':
      return `${amount} gold`;
    case 'platinum':
      return `${amount} platinum`;
    case 'shards':
      return `${amount} ${ELEMENT_NAMES[element ?? 0] ?? ''} shards`;
    case 'skill_pot':
      return `${amount} Skill Pot`;
    case 'tower_stone':
      return `${amount} Tower Stone`;
  }
}

interface TossRow {
  id: string;
  land_id: number;
  prize: LuckyPrizeKind;
  amount: number;
  element: number | null;
  created_at: string | Date;
}

const tossView = (r: TossRow): LuckyToss => ({
  id: Number(r.id),
  landid: Number(r.land_id),
  prize: {
    kind: r.prize,
    amount: Number(r.amount),
    elemid: r.element === null ? null : Number(r.element),
    text: prizeText(r.prize, Number(r.amount), r.element),
  },
  at: new Date(r.created_at).toISOString(),
});

/**
 * The operator openings as of at most a second ago, for the event's page (a toss reads them
 * itself): those not closed a day before the clock of the request that loaded them, so a
 * later request finds every opening not yet closed for it. This process's openings and
 * closings apply at once.
 */
const openingsCache = perDatabase(
  (db) =>
    new ProcessCache(async (now: Date) => {
      const from = now.getTime() - 86_400_000;
      return { from, windows: await operatorWindows(db, new Date(from)) };
    }, GLOBAL_TTL_MS),
);

/** The player's lands with their coins and latest tosses: what their page shows besides the state. */
interface LuckyRows {
  lands: LuckyCoinState['lands'];
  tosses: LuckyToss[];
  /** The last answer built from these rows, by the event's state it showed. */
  last?: { state: string; answer: EncodedAnswer };
}

async function luckyRows(db: Db, profileId: number): Promise<LuckyRows> {
  // One round trip: the lands with their coins, the latest tosses.
  const [row] = await queryRows<{
    lands: Array<{ id: number; name: string | null; coins: string | number | null }> | null;
    tosses: TossRow[] | null;
  }>(
    db,
    sql`select
      (select json_agg(json_build_object('id', l.id, 'name', l.name, 'coins', i.balance) order by l.id)
         from lands l left join land_items i on i.land_id = l.id and i.item_code = ${COIN}
         where l.owner_id = ${profileId}) as lands,
      (select json_agg(t) from (
         select id, land_id, prize, amount, element, created_at from lucky_tosses
         where profile_id = ${profileId} order by created_at desc, id desc
         limit ${LUCKY.recentTosses}) t) as tosses`,
  );
  return {
    lands: (row?.lands ?? []).map((l) => ({
      landid: Number(l.id),
      name: l.name ?? `Land #${l.id}`,
      coins: Number(l.coins ?? 0),
    })),
    tosses: (row?.tosses ?? []).map(tossView),
  };
}

/**
 * The event's state, the coins on each of the player's lands, and their latest tosses. The
 * rows are kept by the player's state version (a toss spends a coin, which moves it; so does a
 * land's rename or a coin received) and the openings for a second; only the state is worked
 * out from the clock each time, and the answer is encoded again only when it changed.
 */
export async function luckyCoinAnswer(
  db: Db,
  profileId: number,
  now: Date,
  cached: Cached = uncached,
): Promise<EncodedAnswer> {
  const [{ windows }, rows] = await Promise.all([
    // Loaded again if this request's clock is before the loaded ones' start (tests move it).
    openingsCache(db).get(now, (kept) => kept.from <= now.getTime()),
    cached('lucky-rows', () => luckyRows(db, profileId)),
  ]);
  const state = luckyEventState(now.getTime(), windows);
  const head = {
    open: state.open,
    endsAt: state.open ? new Date(state.endsAt).toISOString() : null,
    nextStartAt: state.open ? null : new Date(state.nextStartAt).toISOString(),
  };
  const key = JSON.stringify(head);
  if (rows.last?.state !== key) {
    const answer: LuckyCoinState = { ...head, lands: rows.lands, tosses: rows.tosses };
    rows.last = { state: key, answer: new EncodedAnswer(answer) };
  }
  return rows.last.answer;
}

function bookPrize(
  book: ChangeBook,
  profileId: number,
  landId: number,
  prize: LuckyPrize,
  why: {
    cause: string;
    causeId: number;
    at: Date;
  },
) {
  if (prize.kind === 'gold') book.profile(profileId, { gold: prize.amount }, why);
  else if (prize.kind === 'platinum') book.profile(profileId, { platinum: prize.amount }, why);
  else if (prize.kind === 'shards') book.shards(landId, prize.element ?? 0, prize.amount, why);
  else if (prize.itemCode) book.items(landId, { [prize.itemCode]: prize.amount }, why);
}

/** Tosses one Lucky Coin of a land while the event is open; the prize is drawn from a stored seed. */
export function tossCoin(
  db: Db,
  profileId: number,
  landId: number,
  key: string,
  now: Date,
): Promise<LuckyToss> {
  return onceByKey(db, profileId, key, 'lucky_toss', { landid: landId }, now, async (tx) => {
    const state = luckyEventState(now.getTime(), await operatorWindows(tx, now));
    if (!state.open) {
      throw conflict(EconomyErrorCode.eventClosed, 'The Lucky coin event is closed right now.');
    }
    const land = await ownLand(tx, profileId, landId);
    if ((await itemBalance(tx, land.id, COIN)) < 1) {
      throw conflict(EconomyErrorCode.noCoins, 'This land holds no Lucky Coin to toss.', 'landid');
    }
    const seed = drawSeed();
    const prize = drawLuckyPrize(createRng(seed), land.element);
    const [row] = await queryRows<TossRow>(
      tx,
      sql`insert into lucky_tosses (profile_id, land_id, seed, prize, amount, item_code, element, created_at)
          values (${profileId}, ${land.id}, ${seed}, ${prize.kind}, ${prize.amount}, ${prize.itemCode},
                  ${prize.element}, ${now})
          returning id, land_id, prize, amount, element, created_at`,
    );
    if (!row) throw new Error('toss insert returned no row');
    const book = new ChangeBook([land]);
    const why = { cause: 'lucky_coin', causeId: Number(row.id), at: now };
    book.items(land.id, { [COIN]: -1 }, why);
    bookPrize(book, profileId, land.id, prize, why);
    await countAndNotify(tx, book, [{ profileId, metric: 'lucky_coin_tosses', amount: 1 }], now);
    await book.flush(tx, { at: now });
    return tossView(row);
  });
}

/**
 * Operator: opens the event now for `hours`; answers the window. Staff's opening (`staff`) is
 * written to the staff log in the same transaction.
 */
export async function openLuckyEvent(
  db: Db,
  now: Date,
  hours: number,
  note: string | null,
  staff?: StaffRecord,
) {
  const closes = new Date(now.getTime() + hours * 3_600_000);
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into lucky_events (opens_at, closes_at, note) values (${now}, ${closes}, ${note})`,
    );
    if (staff) {
      await recordStaffAction(tx, {
        ...staff,
        action: 'luckycoin.open',
        details: { hours, opensAt: now.toISOString(), closesAt: closes.toISOString(), note },
        at: now,
      });
    }
  });
  openingsCache(db).wrote();
  return { opensAt: now, closesAt: closes };
}

/** Operator: ends every operator opening now (the weekend opening is the rules'). Answers how many. */
export async function closeLuckyEvents(db: Db, now: Date, staff?: StaffRecord): Promise<number> {
  const closed = await db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`update lucky_events set closes_at = greatest(opens_at, ${now}) where closes_at > ${now} returning id`,
    );
    if (staff) {
      await recordStaffAction(tx, {
        ...staff,
        action: 'luckycoin.close',
        details: { closed: rows.map((r) => Number(r.id)) },
        at: now,
      });
    }
    return rows.length;
  });
  openingsCache(db).wrote();
  return closed;
}
