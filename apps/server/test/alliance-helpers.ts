import { sql } from 'drizzle-orm';
import { SOCIAL_CONFIG } from '@aleph/rules';
import { queryRows } from '../src/db/client.js';
import { grantToProfile, setProfileLevel } from '../src/modules/world/grants.js';
import { signedInPlayer, type TestContext } from './helpers.js';
import { client } from './game-helpers.js';

/** A signed-in player at the level alliances open at; `gold`: treasury gold granted. */
export async function allianceMember(ctx: TestContext, gold = 0) {
  const p = await signedInPlayer(ctx);
  const [row] = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`select id from users where login = ${p.login}`,
  );
  const id = Number(row!.id);
  await setProfileLevel(ctx.database.db, id, SOCIAL_CONFIG.alliances.minLevel, ctx.clock.now());
  if (gold > 0) await grantToProfile(ctx.database.db, id, { gold }, ctx.clock.now());
  return { ...p, id, api: client(ctx, p.cookie) };
}
export type AllianceTester = Awaited<ReturnType<typeof allianceMember>>;

let serial = 0;
/** A fresh name and tag no other alliance of the test run has. */
export function freshNames() {
  serial += 1;
  // Each test file has a database of its own: a counter is unique enough.
  return { name: `Oath ${serial}`, tag: `T${serial.toString(36).toUpperCase()}` };
}

/** A founder with an alliance of their own; answers both. */
export async function foundedAlliance(ctx: TestContext, open = true) {
  const leader = await allianceMember(ctx, SOCIAL_CONFIG.alliances.createCost);
  const names = freshNames();
  const res = await leader.api.post('/athar/alliances', { ...names, description: 'Hi', open });
  if (res.status !== 201)
    throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { leader, alliance: res.body as { id: number; name: string; tag: string } };
}

/** `n` bare accounts (no starter grant, no session) put straight into the alliance as members. */
export async function bareMembers(
  ctx: TestContext,
  allianceId: number,
  n: number,
): Promise<number[]> {
  serial += 1;
  const tag = `bm${process.pid % 1000}x${serial}x`;
  const rows = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`with u as (
        insert into users (login, login_lower, email, address, password_hash, created_at)
        select ${tag} || i, ${tag} || i, ${tag} || i || '@example.com',
          '0x' || lpad(to_hex(i), 8, '0') || ${tag}, 'x', ${ctx.clock.now()}
        from generate_series(1, ${n}) as i returning id, login),
      p as (insert into profiles (id, nickname, level, created_at)
        select id, login, 1, ${ctx.clock.now()} from u returning id)
      insert into alliance_members (profile_id, alliance_id, role, joined_at)
      select id, ${allianceId}, 'member', ${ctx.clock.now()} from p returning profile_id as id`,
  );
  await ctx.database.db.execute(
    sql`update alliances set member_count = member_count + ${n} where id = ${allianceId}`,
  );
  return rows.map((r) => Number(r.id));
}

/** The alliance's member count as stored and as counted from the rows. */
export async function memberCounts(ctx: TestContext, allianceId: number) {
  const [row] = await queryRows<{ stored: number; rows: number }>(
    ctx.database.db,
    sql`select member_count as stored,
          (select count(*)::int from alliance_members where alliance_id = ${allianceId}) as rows
        from alliances where id = ${allianceId}`,
  );
  return { stored: Number(row!.stored), rows: Number(row!.rows) };
}

/** Subjects of the player's inbox, newest first. */
export async function inboxSubjects(ctx: TestContext, profileId: number): Promise<string[]> {
  const rows = await queryRows<{ subject: string }>(
    ctx.database.db,
    sql`select subject from messages where profile_id = ${profileId} order by id desc`,
  );
  return rows.map((r) => r.subject);
}

/** `n` bare accounts (no starter grant, no session) in no alliance: their nicknames. */
export async function bareNicknames(ctx: TestContext, n: number): Promise<string[]> {
  serial += 1;
  const tag = `bn${process.pid % 1000}x${serial}x`;
  const rows = await queryRows<{ nickname: string }>(
    ctx.database.db,
    sql`with u as (
        insert into users (login, login_lower, email, address, password_hash, created_at)
        select ${tag} || i, ${tag} || i, ${tag} || i || '@example.com',
          '0x' || lpad(to_hex(i), 8, '0') || ${tag}, 'x', ${ctx.clock.now()}
        from generate_series(1, ${n}) as i returning id, login)
      insert into profiles (id, nickname, level, created_at)
      select id, login, 1, ${ctx.clock.now()} from u returning nickname`,
  );
  return rows.map((r) => r.nickname);
}
