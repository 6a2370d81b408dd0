import { sql, type SQL } from 'drizzle-orm';
import { SOCIAL_CONFIG } from '@aleph/rules';
import { queryRows } from '../src/db/client.js';
import { grantToProfile } from '../src/modules/world/grants.js';
import { newPlayer, type Call, type Player } from './abuse-players.js';
import type { TestContext } from './helpers.js';

type Role = 'leader' | 'officer' | 'member';

/**
 * For each POST, PUT and DELETE route of alliances (create and membership), a request that
 * succeeds when it comes from the site (abuse-origin.test.ts): each factory is called once per
 * header set, so each call answers a fresh request that succeeds (a `cookie` of the player it
 * acts for). The players and alliances are made once; each factory first puts back the state
 * its request needs, which is the state they start in (so a refused request leaves nothing to
 * put back and the row counts stay as they were).
 */
export async function allianceOriginCases(
  ctx: TestContext,
): Promise<Array<[string, () => Promise<Call>]>> {
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const run = (q: SQL) => db.execute(q);
  const players = async (n: number) => {
    const list: Player[] = [];
    for (let i = 0; i < n; i++) list.push(await newPlayer(ctx));
    await run(sql`update profiles set level = ${SOCIAL_CONFIG.alliances.minLevel}
      where id = any(${`{${list.map((p) => p.id).join(',')}}`}::int[])`);
    return list;
  };
  const [founder, leader, joiner, applicant, accepted, refused, invitee] = await players(7);
  const [leaver, kicked, promoted, demoted, heir, closedLeader, thirdLeader] = await players(7);
  // Enough gold for every successful creation.
  await grantToProfile(db, founder!.id, { gold: 10 * SOCIAL_CONFIG.alliances.createCost }, now);
  const found = async (name: string, tag: string, open: boolean) => {
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`insert into alliances (name, tag, open, created_at)
          values (${name}, ${tag}, ${open}, ${now}) returning id`,
    );
    return Number(row!.id);
  };
  const open = await found('Origin Open', 'ORO', true);
  const closed = await found('Origin Closed', 'ORC', false);
  const third = await found('Origin Third', 'ORT', true);
  const recount = () =>
    run(sql`update alliances a set member_count =
      (select count(*) from alliance_members m where m.alliance_id = a.id)
      where a.id in (${open}, ${closed}, ${third})`);
  /** Puts the player (back) into the alliance in this role, with no wait pending. */
  const seat = async (p: Player, allianceId: number, role: Role) => {
    await run(sql`delete from alliance_departures where profile_id = ${p.id}`);
    await run(sql`insert into alliance_members (profile_id, alliance_id, role, joined_at)
      values (${p.id}, ${allianceId}, ${role}, ${now})
      on conflict (profile_id) do update set role = excluded.role`);
    await recount();
  };
  /** Takes the player out of every alliance, with no wait pending. */
  const unseat = async (p: Player) => {
    await run(sql`delete from alliance_members where profile_id = ${p.id}`);
    await run(sql`delete from alliance_departures where profile_id = ${p.id}`);
    await recount();
  };
  const request = (p: Player, kind: 'application' | 'invitation') =>
    run(sql`insert into alliance_requests (alliance_id, profile_id, kind, created_at)
      values (${closed}, ${p.id}, ${kind}, ${now}) on conflict do nothing`);
  const dropRequest = (p: Player) =>
    run(sql`delete from alliance_requests where alliance_id = ${closed} and profile_id = ${p.id}`);

  await seat(leader!, open, 'leader');
  await seat(leaver!, open, 'member');
  await seat(kicked!, open, 'member');
  await seat(promoted!, open, 'member');
  await seat(demoted!, open, 'officer');
  await seat(closedLeader!, closed, 'leader');
  await seat(thirdLeader!, third, 'leader');
  await seat(heir!, third, 'member');
  await request(accepted!, 'application');
  await request(refused!, 'application');

  const post = (p: Player, url: string, body?: object): Call => ({
    method: 'POST',
    url: `/athar/alliances${url}`,
    cookie: p.cookie,
    ...(body ? { body } : {}),
  });
  let made = 0;
  return [
    [
      'POST /athar/alliances',
      async () => {
        await run(sql`delete from alliances where id in
          (select alliance_id from alliance_members where profile_id = ${founder!.id})`);
        await unseat(founder!);
        made += 1;
        return post(founder!, '', { name: `Made Here ${made}`, tag: `MH${made}`, open: true });
      },
    ],
    [
      'POST /athar/alliances/:id/join',
      async () => {
        await unseat(joiner!);
        return post(joiner!, `/${open}/join`);
      },
    ],
    [
      'POST /athar/alliances/:id/apply',
      async () => {
        await dropRequest(applicant!);
        return post(applicant!, `/${closed}/apply`, { text: 'From the site.' });
      },
    ],
    [
      'POST /athar/alliances/:id/applications/:profileid/accept',
      async () => {
        await unseat(accepted!);
        await request(accepted!, 'application');
        return post(closedLeader!, `/${closed}/applications/${accepted!.id}/accept`);
      },
    ],
    [
      'POST /athar/alliances/:id/applications/:profileid/refuse',
      async () => {
        await request(refused!, 'application');
        return post(closedLeader!, `/${closed}/applications/${refused!.id}/refuse`);
      },
    ],
    [
      'POST /athar/alliances/:id/invite',
      async () => {
        await dropRequest(invitee!);
        return post(closedLeader!, `/${closed}/invite`, { nickname: invitee!.login });
      },
    ],
    [
      'POST /athar/alliances/:id/leave',
      async () => {
        await seat(leaver!, open, 'member');
        return post(leaver!, `/${open}/leave`);
      },
    ],
    [
      'POST /athar/alliances/:id/members/:profileid/kick',
      async () => {
        await seat(kicked!, open, 'member');
        return post(leader!, `/${open}/members/${kicked!.id}/kick`);
      },
    ],
    [
      'POST /athar/alliances/:id/members/:profileid/promote',
      async () => {
        await seat(promoted!, open, 'member');
        return post(leader!, `/${open}/members/${promoted!.id}/promote`);
      },
    ],
    [
      'POST /athar/alliances/:id/members/:profileid/demote',
      async () => {
        await seat(demoted!, open, 'officer');
        return post(leader!, `/${open}/members/${demoted!.id}/demote`);
      },
    ],
    [
      'POST /athar/alliances/:id/leader',
      async () => {
        // The heir steps down first: one leader per alliance.
        await seat(heir!, third, 'member');
        await seat(thirdLeader!, third, 'leader');
        return post(thirdLeader!, `/${third}/leader`, { profileid: heir!.id });
      },
    ],
  ];
}
