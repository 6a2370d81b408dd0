import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type {
  AchievementList,
  MissionLogEntry,
  MissionLogPage,
  PublicProfile,
  RatingPage,
} from '@aleph/contracts';
import { playerPower, type Terrain } from '@aleph/rules';
import { queryRows } from '../src/db/client.js';
import { createTestContext, signedInPlayer, type TestContext } from './helpers.js';
import { client, DAY, starter, type Client } from './game-helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    accessTokenTtlSeconds: 10 * 365 * 86400,
    refreshTokenTtlSeconds: 20 * 365 * 86400,
  });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;

async function newPlayer(level = 0) {
  const p = await signedInPlayer(ctx);
  const api = client(ctx, p.cookie);
  const [row] = await queryRows<{ id: number }>(
    db(),
    sql`select id from users where login = ${p.login}`,
  );
  const profileId = row!.id;
  if (level > 0)
    await db().execute(sql`update profiles set level = ${level} where id = ${profileId}`);
  return { api, cookie: p.cookie, profileId, ...(await starter(api)) };
}

const put = (cookie: string, url: string, payload: object) =>
  ctx.app.inject({ method: 'PUT', url, headers: { cookie }, payload });

/** Finished missions straight into the table: `n` of them, one a minute, alternating outcome. */
async function settledMissions(profileId: number, heroId: number, landId: number, n: number) {
  await db().execute(sql`insert into missions
      (profile_id, hero_id, land_id, type, params, seed, reservation, started_at, eta, status, settled_at, result)
    select ${profileId}, ${heroId}, ${landId}, case when i % 3 = 0 then 'HUNTSEAL' else 'GOLDCLAIM' end,
      '{}'::jsonb, i, '{}'::jsonb, ${new Date('2026-01-01T00:00:00Z')}::timestamptz + (i * interval '1 minute'),
      ${new Date('2026-01-01T00:00:00Z')}::timestamptz + (i * interval '1 minute') + interval '30 minutes',
      'settled', now(),
      jsonb_build_object('type', 'GOLDCLAIM', 'success', i % 2 = 0, 'xp', 10, 'treasuryGold', i)
    from generate_series(1, ${n}) as i`);
}

describe('achievements', () => {
  it('answers 401 without a session and 403 below level three, naming the level', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/athar/achievements' })).statusCode).toBe(
      401,
    );
    const { api } = await newPlayer(2);
    const res = await api.get('/athar/achievements');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(
      'You need to upgrade your profile to at least level three to view achievements.',
    );
  });

  it('lists the catalogue with progress, goals, rewards and the date earned', async () => {
    const { api, profileId, land, homeless } = await newPlayer(3);
    ctx.clock.advance(DAY);
    const start = await api.post('/misaar/mission/start', {
      missionType: 'GOLDCLAIM',
      landid: land.landid,
      heroid: homeless.heroid,
    });
    ctx.clock.advance(start.body.minutes * 60_000);
    const res = await api.get('/athar/achievements');
    expect(res.status).toBe(200);
    const list = res.body as AchievementList;
    expect(list.total).toBeGreaterThanOrEqual(30);
    expect(list.earned).toBe(2);
    const first = list.achievements.find((a) => a.code === 'FIRST_MISSION')!;
    expect(first).toMatchObject({ progress: 1, goal: 1, xp: 100 });
    expect(first.earnedAt).not.toBeNull();
    expect(first.earners).toBeGreaterThanOrEqual(1);
    expect(list.achievements.find((a) => a.code === 'MISSIONS_10')).toMatchObject({
      progress: 1,
      goal: 10,
      earnedAt: null,
    });

    // A public profile shows the count and the three rarest, rarest first.
    const viewer = await newPlayer(3);
    const pub = await viewer.api.get(`/athar/publicprofiles/${profileId}`);
    expect(pub.status).toBe(200);
    const profile = pub.body as PublicProfile;
    expect(profile.achievements.earned).toBe(2);
    expect(profile.achievements.rarest).toHaveLength(2);
    const [a, b] = profile.achievements.rarest;
    expect(a!.earners).toBeLessThanOrEqual(b!.earners);
    expect(profile.frame).toBe('none');

    // The Mission Log links each mission to its report in the inbox.
    await db().execute(sql`update profiles set level = 4 where id = ${profileId}`);
    const log = (await api.get('/misaar/missions/log')).body as MissionLogPage;
    const inbox = (await api.get('/hatif/messages')).body as Array<{
      msgid: number;
      subject: string;
    }>;
    const report = inbox.find((m) => m.msgid === log.missions[0]!.reportid);
    expect(report?.subject).toMatch(/gold/i);
  });
});

describe('the Mission Log', () => {
  let api: Client;
  let cookie: string;
  let heroId: number;
  let landId: number;
  beforeAll(async () => {
    const p = await newPlayer(4);
    api = p.api;
    cookie = p.cookie;
    heroId = p.resident.heroid;
    landId = p.land.landid;
    await settledMissions(p.profileId, heroId, landId, 45);
    await settledMissions(p.profileId, p.homeless.heroid, landId, 5);
  });

  it('answers 403 below level four', async () => {
    const { api: low } = await newPlayer(3);
    const res = await low.get('/misaar/missions/log');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You need to upgrade your profile to at least level four.');
  });

  it('pages newest first by cursor, every mission once, with hero, land, duration and rewards', async () => {
    const seen: MissionLogEntry[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/misaar/missions/log?limit=20${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await api.get(url);
      expect(res.status).toBe(200);
      const page = res.body as MissionLogPage;
      expect(page.missions.length).toBeLessThanOrEqual(20);
      seen.push(...page.missions);
      cursor = page.next;
    } while (cursor);
    expect(seen).toHaveLength(50);
    expect(new Set(seen.map((m) => m.missionid)).size).toBe(50);
    const times = seen.map((m) => m.finishedAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(seen[0]).toMatchObject({ minutes: 30, landid: landId, xp: 10 });
    expect(seen[0]!.heroName.length).toBeGreaterThan(0);
    expect(seen[0]!.rewards).toContain('XP');
  });

  it('filters by type, hero, land and outcome', async () => {
    const get = async (q: string) =>
      ((await api.get(`/misaar/missions/log?limit=100&${q}`)).body as MissionLogPage).missions;
    expect((await get(`heroid=${heroId}`)).every((m) => m.heroid === heroId)).toBe(true);
    expect(await get(`heroid=${heroId}`)).toHaveLength(45);
    const hunts = await get('type=HUNTSEAL');
    expect(hunts.length).toBe(15 + 1);
    expect(hunts.every((m) => m.missionType === 'HUNTSEAL')).toBe(true);
    const wins = await get(`outcome=success&heroid=${heroId}`);
    expect(wins).toHaveLength(22);
    expect(wins.every((m) => m.outcome === 'success')).toBe(true);
    expect(await get(`landid=${landId}`)).toHaveLength(50);
    // Another player's hero finds nothing of theirs.
    expect(await get('heroid=2147483647')).toEqual([]);
  });

  it('refuses a bad cursor, limit or filter with 400 naming the field', async () => {
    for (const [q, field] of [
      ['cursor=bm90LWEtY3Vyc29y', 'cursor'],
      ['limit=101', 'limit'],
      ['type=NOPE', 'type'],
      ['outcome=maybe', 'outcome'],
      ['heroid=0', 'heroid'],
    ] as const) {
      const res = await api.get(`/misaar/missions/log?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.field, q).toBe(field);
    }
  });

  it('exports the whole filtered log as CSV', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/misaar/missions/log.csv?heroid=${heroId}&limit=5`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="mission-log.csv"/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^mission id,type,hero id,hero,/);
    // The whole filtered log, whatever the page limit says.
    expect(lines).toHaveLength(1 + 45);
  });
});

describe('frames', () => {
  it('refuses a frame the level has not unlocked, and shows the one chosen', async () => {
    const low = await newPlayer(4);
    const locked = await put(low.cookie, '/athar/profile/frame', { frame: 'silver' });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().message).toBe('You need to upgrade your profile to at least level five.');
    expect((await put(low.cookie, '/athar/profile/frame', { frame: 'gold' })).json().field).toBe(
      'frame',
    );

    const mid = await newPlayer(5);
    const legendary = await put(mid.cookie, '/athar/profile/frame', { frame: 'legendary' });
    expect(legendary.statusCode).toBe(403);
    expect(legendary.json().message).toBe(
      'You need to upgrade your profile to at least level ten.',
    );
    const ok = await put(mid.cookie, '/athar/profile/frame', { frame: 'silver' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().frame).toBe('silver');
    // The player's other pages hear of it (the refused choices above sent nothing).
    const pushed = await queryRows<{ frame: string | null }>(
      ctx.database.db,
      sql`select data->>'frame' as frame from player_events
          where profile_id in (${low.profileId}, ${mid.profileId}) and type = 'profile.changed'`,
    );
    expect(pushed).toEqual([{ frame: 'silver' }]);
    const frames = (await mid.api.get('/athar/profile/frame')).body;
    expect(frames.frames.map((f: { unlocked: boolean }) => f.unlocked)).toEqual([
      true,
      true,
      false,
    ]);

    const viewer = await newPlayer(3);
    const pub = await viewer.api.get(`/athar/publicprofiles/${mid.profileId}`);
    expect((pub.body as PublicProfile).frame).toBe('silver');
  });
});

describe('the profiles rating', () => {
  it('answers 403 below level seven', async () => {
    const { api } = await newPlayer(6);
    const res = await api.get('/athar/rating');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You need to upgrade your profile to at least level seven.');
  });

  it('keeps power by the rules formula as lands, towers, heroes and levels change', async () => {
    const { profileId, land } = await newPlayer(7);
    const power = async () => {
      const [row] = await queryRows<{ power: string }>(
        db(),
        sql`select power::text from profiles where id = ${profileId}`,
      );
      return Number(row!.power);
    };
    const expected = async () => {
      const [p] = await queryRows<{ level: number }>(
        db(),
        sql`select level from profiles where id = ${profileId}`,
      );
      const lands = await queryRows<{ terrain: Terrain; towers: number[] }>(
        db(),
        sql`select l.terrain, array_agg(e.tower_level order by e.element) as towers
            from lands l join land_elements e on e.land_id = l.id where l.owner_id = ${profileId} group by l.id`,
      );
      const heroes = await queryRows<{ skills: number[]; upskills: number[]; level: number }>(
        db(),
        sql`select skills, upskills, level from heroes where owner_id = ${profileId}`,
      );
      return playerPower(p!.level, lands, heroes);
    };
    expect(await power()).toBe(await expected());
    await db().execute(
      sql`update land_elements set tower_level = 3 where land_id = ${land.landid} and element = 2`,
    );
    await db().execute(
      sql`update heroes set level = 2, upskills = '{4,0,0,0,0,0,0,0}' where owner_id = ${profileId}`,
    );
    await db().execute(sql`update lands set terrain = 4 where id = ${land.landid}`);
    await db().execute(sql`update profiles set level = 8 where id = ${profileId}`);
    expect(await power()).toBe(await expected());
    await db().execute(sql`delete from heroes where owner_id = ${profileId}`);
    expect(await power()).toBe(await expected());
  });

  it('pages every player by power with places and always includes the caller', async () => {
    const me = await newPlayer(7);
    await newPlayer(9);
    await newPlayer(8);
    const [count] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from profiles`,
    );
    const rows: RatingPage['rows'] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/athar/rating?limit=4${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await me.api.get(url);
      expect(res.status).toBe(200);
      const page = res.body as RatingPage;
      expect(page.me.profileid).toBe(me.profileId);
      rows.push(...page.rows);
      cursor = page.next;
    } while (cursor);
    expect(rows).toHaveLength(count!.n);
    expect(rows.map((r) => r.place)).toEqual(rows.map((_, i) => i + 1));
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1]!, rows[i]!];
      expect(a.power > b.power || (a.power === b.power && a.profileid < b.profileid)).toBe(true);
    }
    const mine = rows.find((r) => r.profileid === me.profileId)!;
    const first = (await me.api.get('/athar/rating')).body as RatingPage;
    expect(first.me).toEqual(mine);
    expect((await me.api.get('/athar/rating?cursor=AAAA')).body.field).toBe('cursor');
  });
});

describe('forged cursors', () => {
  const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
  /** Decoded cursors a client could forge: numbers past every range, non-digits, wrong counts. */
  const FORGED = [
    '9007199254740991.1', // past the last valid date
    '8640000000000001.1',
    '8640000000000000.1', // a JavaScript date, but past the year 9999
    '253402300800000.1',
    '1.2147483648', // past the largest int
    '1.0',
    '1.-1',
    '.',
    '1.',
    '1.2.3',
    '1e3.1',
    ' 1.1',
    '0x10.1',
    '1.5.',
    '1.1.5',
  ];
  let log: Client;
  let rating: Client;
  beforeAll(async () => {
    const p = await newPlayer(4);
    await settledMissions(p.profileId, p.resident.heroid, p.land.landid, 3);
    log = p.api;
    rating = (await newPlayer(7)).api;
  });

  const expectRefusedOrServed = (
    res: { status: number; body: Record<string, unknown> },
    q: string,
  ) => {
    expect([200, 400], `${q}: ${JSON.stringify(res.body)}`).toContain(res.status);
    if (res.status === 400) {
      expect(res.body, q).toMatchObject({ statusCode: 400, error: 'Bad Request', field: 'cursor' });
      expect(typeof res.body.code, q).toBe('string');
      expect(typeof res.body.message, q).toBe('string');
    }
  };

  it('refuses a Mission Log cursor whose time is no date or whose id is no positive int with 400 on cursor', async () => {
    for (const text of FORGED) {
      for (const filter of ['', '&outcome=success']) {
        const res = await log.get(`/misaar/missions/log?cursor=${b64(text)}${filter}`);
        expect(res.status, text).toBe(400);
        expect(res.body, text).toMatchObject({ field: 'cursor', code: 'VALIDATION_ERROR' });
      }
    }
    // The extreme valid values still page: the end of the year 9999 and the largest int.
    for (const text of ['253402300799999.2147483647', '0.1']) {
      const edge = await log.get(`/misaar/missions/log?cursor=${b64(text)}`);
      expect(edge.status, text).toBe(200);
    }
  });

  it('refuses a rating cursor whose id or place is out of range with 400 on cursor', async () => {
    for (const text of ['0.2147483648.1', '0.1.0', '9007199254740992.1.1', '1.1', '0.1.1.1']) {
      const res = await rating.get(`/athar/rating?cursor=${b64(text)}`);
      expect(res.status, text).toBe(400);
      expect(res.body, text).toMatchObject({ field: 'cursor', code: 'VALIDATION_ERROR' });
    }
  });

  it('answers any string as a cursor with 200 or 400, never 500', async () => {
    const digits = fc.oneof(
      fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
      fc.double().map(String),
      fc.constantFrom('', '0', '2147483647', '2147483648', '8640000000000000', '8640000000000001'),
    );
    const forged = fc
      .array(digits, { minLength: 1, maxLength: 4 })
      .map((parts) => b64(parts.join('.')));
    const cursor = fc.oneof(fc.string({ maxLength: 60 }), forged, fc.string().map(b64));
    await fc.assert(
      fc.asyncProperty(cursor, fc.boolean(), async (value, onRating) => {
        const q = `cursor=${encodeURIComponent(value)}`;
        const res = onRating
          ? await rating.get(`/athar/rating?${q}`)
          : await log.get(`/misaar/missions/log?${q}`);
        expectRefusedOrServed(res, `${onRating ? 'rating' : 'log'} ${JSON.stringify(value)}`);
      }),
      { numRuns: 300, seed: 0xc0501 },
    );
  });
});
