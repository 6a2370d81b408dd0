import { describe, expect, it } from 'vitest';
import { mentions } from '../src/modules/alliances/chat-service.js';
import { composePush, composeSummary, quietUntil } from '../src/modules/push/compose.js';

/** What a push says and when quiet hours end (docs/game-rules.md, Notifications). */
const AT = new Date('2026-03-28T12:00:00.000Z');
const hhmm = (h: number, m = 0) => h * 60 + m;

describe('quiet hours', () => {
  it('holds inside hours that pass midnight and ends them on the player’s clock', () => {
    const quiet = { start: hhmm(22), end: hhmm(7) };
    // 23:30 in Paris (UTC+1 in winter) is 22:30 UTC; the end is 07:00 Paris, 06:00 UTC.
    expect(quietUntil(quiet, 'Europe/Paris', new Date('2026-01-10T22:30:00Z'))).toEqual(
      new Date('2026-01-11T06:00:00Z'),
    );
    // 06:59:30 Paris is still quiet, 07:00 is not.
    expect(quietUntil(quiet, 'Europe/Paris', new Date('2026-01-11T05:59:30Z'))).toEqual(
      new Date('2026-01-11T06:00:00Z'),
    );
    expect(quietUntil(quiet, 'Europe/Paris', new Date('2026-01-11T06:00:00Z'))).toBeNull();
    expect(quietUntil(quiet, 'Europe/Paris', new Date('2026-01-10T20:59:00Z'))).toBeNull();
    expect(quietUntil(null, 'UTC', AT)).toBeNull();
  });

  it('ends at 07:00 on the wall clock across the night summer time begins', () => {
    // Paris moves from UTC+1 to UTC+2 at 02:00 on 29 March 2026: 07:00 is then 05:00 UTC.
    const quiet = { start: hhmm(22), end: hhmm(7) };
    expect(quietUntil(quiet, 'Europe/Paris', new Date('2026-03-28T22:00:00Z'))).toEqual(
      new Date('2026-03-29T05:00:00Z'),
    );
  });

  it('holds inside hours within one day', () => {
    const quiet = { start: hhmm(13), end: hhmm(14, 30) };
    expect(quietUntil(quiet, 'UTC', new Date('2026-05-01T13:10:00Z'))).toEqual(
      new Date('2026-05-01T14:30:00Z'),
    );
    expect(quietUntil(quiet, 'UTC', new Date('2026-05-01T14:30:00Z'))).toBeNull();
    expect(quietUntil(quiet, 'UTC', new Date('2026-05-01T12:59:59Z'))).toBeNull();
  });
});

describe('push texts', () => {
  const sale = {
    listingid: 9,
    kind: 'hero' as const,
    title: 'Aram',
    currency: 'platinum' as const,
    amount: 12000,
  };

  it('tells one event as it happened, with the page to open', () => {
    expect(composePush('bazaar.outbid', [sale], AT)).toEqual({
      kind: 'bazaar.outbid',
      title: 'Outbid on the Bazaar',
      body: 'Aram: the leading bid is now 12,000 platinum. Your bid is released.',
      url: '/bazaar/9',
      tag: 'bazaar.outbid',
      count: 1,
      at: AT.toISOString(),
    });
    const mention = { allianceId: 3, lineId: 1, from: 'Bel', text: `@you ${'x'.repeat(200)}` };
    const said = composePush('alliance.mention', [mention], AT);
    expect(said).toMatchObject({ title: 'Bel mentioned you', url: '/alliances/3' });
    expect(said.body.length).toBe(120);
    expect(said.body.endsWith('…')).toBe(true);
  });

  it('folds a burst into one push that counts it', () => {
    const from = (name: string) => ({ messageId: 1, from: name, subject: 's', unread: 1 });
    expect(composePush('message.new', [from('Ada'), from('Ada'), from('Bo')], AT)).toMatchObject({
      title: '3 new messages',
      body: 'From Ada and Bo.',
      count: 3,
    });
    const attack = (held: boolean) => ({ attacker: 'Zed', held, change: 0, rating: 1000 });
    expect(composePush('arena.attacked', [attack(true), attack(false)], AT)).toMatchObject({
      title: 'Attacked 2 times in the Arena',
      body: 'Your defence held 1 and fell 1.',
    });
  });

  it('sums up what quiet hours held, most pressing first', () => {
    const summary = composeSummary(
      [
        { kind: 'mission.finished', data: {} },
        { kind: 'bazaar.outbid', data: sale },
        { kind: 'mission.finished', data: {} },
        { kind: 'arena.attacked', data: {} },
      ],
      AT,
    );
    expect(summary).toMatchObject({
      kind: 'summary',
      title: 'While you were away',
      body: 'Attacked once in the Arena, outbid once on the Bazaar, 2 missions finished.',
      url: '/',
      count: 4,
    });
  });
});

describe('alliance chat mentions', () => {
  it('finds @nickname in any case, not as the start of a longer name', () => {
    expect(mentions('well done @Aram!', 'aram')).toBe(true);
    expect(mentions('@aram', 'Aram')).toBe(true);
    expect(mentions('@Aramis, hello', 'Aram')).toBe(false);
    expect(mentions('@Aramis and @aram', 'Aram')).toBe(true);
    expect(mentions('Aram, hello', 'Aram')).toBe(false);
  });
});
