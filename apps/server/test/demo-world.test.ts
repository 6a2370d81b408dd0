import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { featuresFor, isoWeekStart, Rarity } from '@aleph/rules';
import { decodeMap, type LuckyCoinState } from '@aleph/contracts';
import { queryRows } from '../src/db/client.js';
import { auditLedger } from '../src/core/audit.js';
import { runCommand } from '../src/cli/command.js';
import { demo as demoCommand } from '../src/cli/commands/demo.js';
import { demoBanner, ensureDemoWorld, type DemoWorld } from '../src/seed/demo.js';
import { cookiesFrom, createTestContext, type TestContext } from './helpers.js';
import { client, DAY, type Client } from './game-helpers.js';

let ctx: TestContext;
let world: DemoWorld;
let api: Client;
let demoId: number;
let password: string;
let veteranPassword: string;
let veteran: Client;
let veteranId: number;
let veteranCookie: string;
let operatorPassword: string;

const count = async (query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: number }>(ctx.database.db, query))[0]?.n);

const logIn = (pass: string, username = 'demo') =>
  ctx.app.inject({
    method: 'POST',
    url: '/abwab/login',
    payload: { username, password: pass },
  });

/** The tables where some row, read as text, contains `text`. */
async function tablesContaining(text: string): Promise<string[]> {
  const tables = await queryRows<{ name: string }>(
    ctx.database.db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const found: string[] = [];
  for (const { name } of tables) {
    const hits = await count(
      sql`select count(*)::int as n from ${sql.identifier(name)} t
          where strpos(t::text, ${text}) > 0`,
    );
    if (hits > 0) found.push(name);
  }
  return found;
}

beforeAll(async () => {
  ctx = await createTestContext();
  world = await ensureDemoWorld(ctx.database.db, ctx.clock.now());
  // Only the call that creates the world knows the password.
  password = world.created ? world.password : '';
  const res = await logIn(password);
  if (res.statusCode !== 200) throw new Error(`demo login failed: ${res.statusCode} ${res.body}`);
  api = client(ctx, cookiesFrom(res));
  demoId = await count(sql`select id as n from users where login = 'demo'`);
  veteranPassword = world.created ? (world.veteran?.password ?? '') : '';
  const vet = await logIn(veteranPassword, 'veteran');
  if (vet.statusCode !== 200)
    throw new Error(`veteran login failed: ${vet.statusCode} ${vet.body}`);
  veteranCookie = cookiesFrom(vet);
  veteran = client(ctx, veteranCookie);
  veteranId = await count(sql`select id as n from users where login = 'veteran'`);
  operatorPassword = world.created ? (world.operator?.password ?? '') : '';
  // Its speed is the bench's (first-start), never a test's: a busy machine may take a while.
}, 180_000);
afterAll(() => ctx.close());

describe('the demo world', () => {
  it('is created once: a second call changes nothing and knows no password', async () => {
    expect(world).toMatchObject({ login: 'demo', created: true });
    expect(password.length).toBeGreaterThanOrEqual(12);
    const users = await count(sql`select count(*)::int as n from users`);
    const ledger = await count(sql`select count(*)::int as n from ledger`);
    const again = await ensureDemoWorld(ctx.database.db, ctx.clock.now());
    expect(again).toEqual({
      login: 'demo',
      created: false,
      veteran: { login: 'veteran' },
      operator: { login: 'operator' },
    });
    expect(await count(sql`select count(*)::int as n from users`)).toBe(users);
    expect(await count(sql`select count(*)::int as n from ledger`)).toBe(ledger);
  });

  it('keeps the passwords nowhere in the database, only their hashes', async () => {
    expect(veteranPassword.length).toBeGreaterThanOrEqual(12);
    expect(veteranPassword).not.toBe(password);
    expect(await tablesContaining(password)).toEqual([]);
    expect(await tablesContaining(veteranPassword)).toEqual([]);
    const hashes = await queryRows<{ hash: string }>(
      ctx.database.db,
      sql`select password_hash as hash from users where login in ('demo', 'veteran')`,
    );
    expect(hashes).toHaveLength(2);
    for (const { hash } of hashes) expect(hash).toMatch(/^\$argon2id\$/);
  });

  it('prints the passwords on the start that creates the world, and only then', () => {
    expect(demoBanner(world).split('\n')).toEqual([
      `Demo account: demo / ${password}`,
      `Veteran account: veteran / ${veteranPassword}`,
      `Operator account: operator / ${operatorPassword} (an admin: the console is at /admin)`,
    ]);
    const later = demoBanner({
      login: 'demo',
      created: false,
      veteran: { login: 'veteran' },
      operator: { login: 'operator' },
    });
    expect(later).not.toContain(password);
    expect(later).not.toContain(veteranPassword);
    expect(later).not.toContain(operatorPassword);
    const [demoLine, veteranLine, operatorLine] = later.split('\n');
    expect(demoLine).toMatch(/^Demo account: demo \(.*`npm run admin -- demo`/);
    expect(veteranLine).toMatch(/^Veteran account: veteran \(.*`npm run admin -- demo`/);
    expect(operatorLine).toMatch(/^Operator account: operator \(.*`npm run admin -- demo`/);
    // A world made before the veteran and the operator existed has one line.
    expect(
      demoBanner({ login: 'demo', created: false, veteran: null, operator: null }),
    ).not.toContain('\n');
  });

  it('makes the operator an admin of the console, with no lands or heroes', async () => {
    expect(operatorPassword.length).toBeGreaterThanOrEqual(12);
    expect(await tablesContaining(operatorPassword)).toEqual([]);
    const res = await logIn(operatorPassword, 'operator');
    expect(res.statusCode).toBe(200);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/diwan/me',
      headers: { cookie: cookiesFrom(res) },
    });
    expect(me.json()).toMatchObject({ login: 'operator', role: 'admin' });
    // The players of the demo world are players: the console is not theirs.
    expect((await veteran.get('/diwan/me')).status).toBe(404);
    const owned = await count(
      sql`select (select count(*) from lands l where l.owner_id = u.id)
          + (select count(*) from heroes h where h.owner_id = u.id) as n
        from users u where u.login = 'operator'`,
    );
    expect(owned).toBe(0);
  });

  it('lets the demo player log in over HTTP and unlock profile level 1', async () => {
    const profile = await api.get('/athar/profile');
    expect(profile.status).toBe(200);
    expect(profile.body.level).toMatchObject({ level: 0, upgradable: true });
    expect(profile.body.level.profilePoints).toBeGreaterThan(19_412);
    expect(profile.body.treasury.gold).toBeGreaterThan(0);
  });

  it('gives the demo player three lands, one on Beth, and seven heroes', async () => {
    const lands = await api.lands();
    expect(lands).toHaveLength(3);
    expect(lands.filter((l) => l.continent === 1)).toHaveLength(1);
    expect(new Set(lands.map((l) => l.terrain_type)).size).toBe(3);
    // Created two days ago: every land has gold waiting.
    expect(lands.every((l) => l.gold.leftover > 0)).toBe(true);
    const heroes = await api.heroes();
    // The starter grant's three Common heroes and four of rising rarity.
    expect(heroes).toHaveLength(7);
    expect(heroes.filter((h) => h.residenceid === null)).toHaveLength(2);
    expect(new Set(heroes.map((h) => h.rarity))).toEqual(
      new Set([Rarity.Common, Rarity.Uncommon, Rarity.Rare, Rarity.Epic, Rarity.Legendary]),
    );
    expect(heroes.filter((h) => h.busy)).toHaveLength(2);
  });

  it('has items and elementals on the lands and two missions running', async () => {
    const items = await count(
      sql`select coalesce(sum(i.balance), 0)::int as n from land_items i
          join lands l on l.id = i.land_id where l.owner_id = ${demoId}`,
    );
    expect(items).toBeGreaterThan(5);
    const lands = await api.lands();
    expect(lands.some((l) => l.vault.volume.some((v) => v > 0))).toBe(true);
    const running = await api.get('/misaar/missions/status/running');
    expect(running.status).toBe(200);
    const types = (running.body as { missionType: string }[]).map((m) => m.missionType).sort();
    expect(types).toEqual(['GOLDCLAIM', 'SEARCHELEMENT']);
  });

  it('fills the inbox: welcome, two announcements, reports read and unread', async () => {
    const rows = await queryRows<{ kind: string; read: boolean }>(
      ctx.database.db,
      sql`select kind, read_at is not null as read from messages where profile_id = ${demoId}`,
    );
    const kinds = rows.map((r) => r.kind);
    expect(kinds.filter((k) => k === 'welcome')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'announcement')).toHaveLength(2);
    expect(kinds.filter((k) => k === 'mission').length).toBeGreaterThanOrEqual(2);
    expect(rows.some((r) => r.read)).toBe(true);
    expect(rows.some((r) => !r.read)).toBe(true);
    const stat = await api.get('/dashboard/stat');
    expect(stat.body.announces).toHaveLength(2);
  });

  it('puts fifty other players on both weekly boards, the demo player mid-table', async () => {
    expect(await count(sql`select count(*)::int as n from profiles`)).toBeGreaterThanOrEqual(51);
    const week = new Date(isoWeekStart(ctx.clock.now().getTime()));
    for (const board of ['TOP_XP_GAINERS', 'TOP_GOLD_CLAIMERS']) {
      const rows = await queryRows<{ profile_id: number; score: number }>(
        ctx.database.db,
        sql`select profile_id, score from board_scores
            where board = ${board} and week_start = ${week}
            order by score desc, reached_at, profile_id`,
      );
      expect(rows.length).toBeGreaterThanOrEqual(30);
      expect(new Set(rows.map((r) => Number(r.score))).size).toBeGreaterThan(20);
      const rank = rows.findIndex((r) => Number(r.profile_id) === demoId) + 1;
      expect(rank).toBeGreaterThan(5);
      expect(rank).toBeLessThan(rows.length - 5);
    }
  });

  it('has a veteran at profile level 10 with every feature of the level table', async () => {
    const profile = await veteran.get('/athar/profile');
    expect(profile.status).toBe(200);
    expect(profile.body.level).toMatchObject({ level: 10, upgradable: false });
    expect(profile.body.level.profilePoints).toBeGreaterThanOrEqual(746_275);
    expect(profile.body.treasury.gold).toBeGreaterThan(100_000);
    expect(profile.body.treasury.platinum).toBeGreaterThan(0);
    expect(profile.body.vip.vipLevel).toBeGreaterThanOrEqual(3);
    const features = await veteran.get('/athar/features');
    expect(features.body).toEqual(featuresFor(10));
    expect(features.body).toHaveLength(10);
    // Level-gated screens answer: another player's profile needs level 3, the gold board 2.
    expect((await veteran.get(`/athar/publicprofiles/${demoId}`)).status).toBe(200);
    expect((await veteran.get('/mirza/boards/TOP_GOLD_CLAIMERS/last')).status).toBe(200);
  });

  it("develops the veteran's kingdom: lands on both continents, upgraded, full, stocked", async () => {
    const lands = await veteran.lands();
    expect(lands.length).toBeGreaterThanOrEqual(12);
    expect(lands.length).toBeLessThanOrEqual(20);
    expect(new Set(lands.map((l) => l.continent))).toEqual(new Set([0, 1]));
    expect(new Set(lands.map((l) => l.terrain_type)).size).toBe(5);
    const developed = lands.filter((l) => l.elements.some((t) => t >= 5));
    expect(developed.length).toBeGreaterThanOrEqual(10);
    expect(lands.filter((l) => l.vault.seals.some((s) => s >= 3)).length).toBeGreaterThan(5);
    // Full vaults, but where a mission running now took its elementals.
    const vaults = lands.flatMap((l) => l.vault.volume.map((v, el) => v === l.vault.cap[el]));
    expect(vaults.filter(Boolean).length).toBeGreaterThanOrEqual(vaults.length - 8);
    expect(lands.filter((l) => l.shards.some((s) => s > 0)).length).toBeGreaterThanOrEqual(12);
    const items = await count(
      sql`select coalesce(sum(i.balance), 0)::int as n from land_items i
          join lands l on l.id = i.land_id where l.owner_id = ${veteranId}`,
    );
    expect(items).toBeGreaterThan(150);
  });

  it('gives the veteran heroes of every rarity, a few on missions and most idle', async () => {
    const heroes = await veteran.heroes();
    expect(heroes.length).toBeGreaterThanOrEqual(10);
    expect(new Set(heroes.map((h) => h.rarity))).toEqual(
      new Set([Rarity.Common, Rarity.Uncommon, Rarity.Rare, Rarity.Epic, Rarity.Legendary]),
    );
    const busy = heroes.filter((h) => h.busy);
    expect(busy.length).toBeGreaterThanOrEqual(2);
    expect(busy.length).toBeLessThan(heroes.length / 2);
    const running = await veteran.get('/misaar/missions/status/running');
    expect(running.body).toHaveLength(busy.length);
  });

  it("grows the veteran's heroes: levels 3 to 5, upskills, points left, a pot, improved seals", async () => {
    const heroes = await veteran.heroes();
    expect(heroes.filter((h) => h.level >= 3 && h.level <= 5).length).toBeGreaterThanOrEqual(4);
    expect(heroes.some((h) => h.level > 0 && h.pointsLeft > 0)).toBe(true);
    for (const h of heroes) {
      expect(h.upskills.reduce((a, b) => a + b, 0) + h.pointsLeft).toBe(8 * h.level);
      h.baseSkills.forEach((base, i) => expect(base + h.upskills[i]!).toBeLessThanOrEqual(100));
    }
    expect(heroes.some((h) => h.level < 5 && h.xpToNext === 0 && !h.busy)).toBe(true);
    const potted = heroes.filter((h) => h.pot !== null);
    expect(potted).toHaveLength(1);
    expect(Date.parse(potted[0]!.pot!.until)).toBeGreaterThan(ctx.clock.now().getTime());
    const lands = await veteran.lands();
    expect(lands.some((l) => l.vault.steps.some((s) => s > 0))).toBe(true);
    const pots = await Promise.all(
      lands.map(
        async (l) =>
          (await veteran.get(`/ard/lands/${l.landid}/balances`)).body as Array<{
            item_code: string;
            balance: number;
          }>,
      ),
    );
    expect(pots.flat().some((i) => i.item_code === 'SKILL_POT' && i.balance > 0)).toBe(true);
  });

  it("keeps the veteran's history: finished missions with their reports, read", async () => {
    const settled = await queryRows<{ type: string }>(
      ctx.database.db,
      sql`select type from missions where profile_id = ${veteranId} and status = 'settled'`,
    );
    expect(settled.length).toBeGreaterThanOrEqual(8);
    expect(new Set(settled.map((m) => m.type))).toEqual(
      new Set(['DAILYREWARD', 'GOLDCLAIM', 'SEARCHELEMENT', 'HUNTSEAL', 'UNIQUE']),
    );
    const reports = await queryRows<{ read: boolean }>(
      ctx.database.db,
      sql`select read_at is not null as read from messages
          where profile_id = ${veteranId} and kind = 'mission'`,
    );
    expect(reports.length).toBe(settled.length);
    expect(reports.every((r) => r.read)).toBe(true);
    // The mission causes are in the ledger: the history was settled, not described.
    const causes = await count(
      sql`select count(distinct cause)::int as n from ledger
          where profile_id = ${veteranId} and cause like 'mission:%'`,
    );
    expect(causes).toBeGreaterThanOrEqual(4);
  });

  it('has the veteran back from last week’s unique mission and able to join the open one', async () => {
    const joined = await queryRows<{ name: string; places_left: number; status: string }>(
      ctx.database.db,
      sql`select e.name, e.places_left, m.status from unique_entries u
          join unique_events e on e.id = u.event_id join missions m on m.id = u.mission_id
          where u.profile_id = ${veteranId}`,
    );
    expect(joined).toEqual([{ name: 'The Sunken Vault', places_left: 9, status: 'settled' }]);
    const res = await veteran.get('/misaar/unique');
    expect(res.status).toBe(200);
    const [open] = res.body as Array<{
      eventid: number;
      status: string;
      joined: unknown;
      requirement: { skill: number; min: number };
    }>;
    expect(open).toMatchObject({ status: 'open', joined: null });
    const heroes = (await veteran.heroes()).filter(
      (h) =>
        !h.busy &&
        h.residenceid !== null &&
        h.skills[open!.requirement.skill]! >= open!.requirement.min,
    );
    expect(heroes.length).toBeGreaterThan(0);
    const check = await veteran.post('/misaar/mission/check', {
      missionType: 'UNIQUE',
      landid: heroes[0]!.residenceid,
      heroid: heroes[0]!.heroid,
      eventid: open!.eventid,
    });
    expect(check.body).toMatchObject({ ok: true });
  });

  it('puts the veteran on both boards this week and has the first steps done and dismissed', async () => {
    const week = new Date(isoWeekStart(ctx.clock.now().getTime()));
    for (const board of ['TOP_XP_GAINERS', 'TOP_GOLD_CLAIMERS']) {
      const score = await count(
        sql`select score::int as n from board_scores
            where board = ${board} and week_start = ${week} and profile_id = ${veteranId}`,
      );
      expect(score).toBeGreaterThan(0);
    }
    const quests = await veteran.get('/athar/quests');
    expect(quests.body).toMatchObject({ dismissed: true, done: 6, total: 6, next: null });
  });

  it("spreads thousands of the other players' lands over both continents, shown to the veteran", async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/ard/map/1',
      headers: { cookie: veteranCookie },
    });
    expect(res.statusCode).toBe(200);
    expect(decodeMap(res.rawPayload).count).toBeGreaterThan(1_900);
    const [row] = await queryRows<{ lands: number; owners: number }>(
      ctx.database.db,
      sql`select count(*)::int as lands, count(distinct owner_id)::int as owners
          from lands where continent = 0`,
    );
    expect(row!.lands).toBeGreaterThan(1_900);
    expect(row!.owners).toBeGreaterThanOrEqual(50);
    const stats = await veteran.get('/athar/worldstats');
    expect(stats.status).toBe(200);
    expect(stats.body.players).toBeGreaterThan(50);
    expect(stats.body.landsByTerrain.flat().reduce((a: number, b: number) => a + b, 0)).toBe(
      await count(sql`select count(*)::int as n from lands`),
    );
  });

  it('gives the veteran Lucky Coins to toss in an open event and sales to the trader', async () => {
    const lucky = (await veteran.get('/hadath/luckycoin')).body as LuckyCoinState;
    expect(lucky.open).toBe(true);
    expect(Date.parse(lucky.endsAt ?? '')).toBeGreaterThan(ctx.clock.now().getTime() + 6 * DAY);
    expect(Math.max(...lucky.lands.map((l) => l.coins))).toBeGreaterThanOrEqual(5);
    const sales = await count(
      sql`select count(*)::int as n from trader_trades where profile_id = ${veteranId}`,
    );
    expect(sales).toBe(2);
    expect((await veteran.get('/souq/secret')).status).toBe(200);
  });

  it('has the veteran lead an alliance with a week of chat, and write to the demo player', async () => {
    const [wardens] = await queryRows<{ id: number; member_count: number }>(
      ctx.database.db,
      sql`select a.id, a.member_count from alliances a
        join alliance_members m on m.alliance_id = a.id
        where m.profile_id = ${veteranId} and m.role = 'leader'`,
    );
    expect(wardens, 'the veteran leads an alliance').toBeDefined();
    const members = await queryRows<{ role: string }>(
      ctx.database.db,
      sql`select role from alliance_members where alliance_id = ${wardens!.id}`,
    );
    expect(members.length).toBe(Number(wardens!.member_count));
    expect(members.length).toBeGreaterThanOrEqual(5);
    expect(members.filter((m) => m.role === 'officer').length).toBeGreaterThanOrEqual(1);
    const [chat] = await queryRows<{ n: number; days: number }>(
      ctx.database.db,
      sql`select count(*)::int as n,
          extract(epoch from max(created_at) - min(created_at))::float8 / 86400 as days
        from alliance_chat where alliance_id = ${wardens!.id}`,
    );
    expect(chat!.n).toBeGreaterThanOrEqual(10);
    expect(chat!.days).toBeGreaterThan(6);
    const inbox = (await api.get('/hatif/messages')).body as { sender_name: string }[];
    expect(inbox.map((m) => m.sender_name)).toContain('veteran');
  });

  it('keeps the books exact', async () => {
    expect(await auditLedger(ctx.database.db)).toEqual([]);
  });

  it('gets new passwords from `admin demo`; the old ones stop working', async () => {
    const chunks: string[] = [];
    const out = { write: (text: string) => chunks.push(text) };
    await runCommand(demoCommand, { db: ctx.database.db, now: ctx.clock.now(), out }, []);
    const printed = /^Demo account: demo \/ (\S+)$/m.exec(chunks.join(''));
    const printedVeteran = /^Veteran account: veteran \/ (\S+)$/m.exec(chunks.join(''));
    const printedOperator = /^Operator account: operator \/ (\S+) /m.exec(chunks.join(''));
    expect(chunks.join('')).toContain('The demo world already exists.');
    const fresh = printed?.[1] ?? '';
    const freshVeteran = printedVeteran?.[1] ?? '';
    expect(fresh.length).toBeGreaterThanOrEqual(12);
    expect(freshVeteran.length).toBeGreaterThanOrEqual(12);
    expect(fresh).not.toBe(password);
    expect(freshVeteran).not.toBe(veteranPassword);
    expect((await logIn(fresh)).statusCode).toBe(200);
    expect((await logIn(password)).statusCode).toBe(401);
    expect((await logIn(freshVeteran, 'veteran')).statusCode).toBe(200);
    expect((await logIn(veteranPassword, 'veteran')).statusCode).toBe(401);
    expect(await tablesContaining(fresh)).toEqual([]);
    expect(await tablesContaining(freshVeteran)).toEqual([]);
    const freshOperator = printedOperator?.[1] ?? '';
    expect(freshOperator.length).toBeGreaterThanOrEqual(12);
    expect((await logIn(freshOperator, 'operator')).statusCode).toBe(200);
    expect((await logIn(operatorPassword, 'operator')).statusCode).toBe(401);
  });
});
