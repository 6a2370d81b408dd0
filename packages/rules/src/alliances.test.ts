import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkAllianceName,
  checkAllianceTag,
  compareAllianceStandings,
  mayAct,
  rankAlliances,
  successorOf,
  type AllianceAction,
  type AllianceMemberRole,
} from './alliances.js';

const nameChar = fc.constantFrom(..."abcXYZ09 -'".split(''));

describe('alliance names', () => {
  it("accepts letters, digits, single spaces and ' -, trimmed", () => {
    expect(checkAllianceName('  The Iron Oath  ')).toEqual({ ok: true, value: 'The Iron Oath' });
    expect(checkAllianceName("Sons' of-Aleph 7")).toEqual({ ok: true, value: "Sons' of-Aleph 7" });
  });

  it('refuses too short, too long, double spaces, other characters', () => {
    for (const bad of ['ab', 'x'.repeat(31), 'Iron  Oath', 'Iron_Oath', 'Ir<b>', 'Élan', "'-'"]) {
      expect(checkAllianceName(bad).ok, bad).toBe(false);
    }
    expect(checkAllianceName('x'.repeat(30)).ok).toBe(true);
  });

  it('any accepted name is trimmed, 3-30 long, of the allowed characters, without double spaces', () => {
    fc.assert(
      fc.property(
        fc.array(nameChar, { maxLength: 40 }).map((a) => a.join('')),
        (raw) => {
          const r = checkAllianceName(raw);
          if (!r.ok) return;
          expect(r.value).toBe(r.value.trim());
          expect(r.value.length).toBeGreaterThanOrEqual(3);
          expect(r.value.length).toBeLessThanOrEqual(30);
          expect(r.value).toMatch(/^[A-Za-z0-9' -]+$/);
          expect(r.value).not.toContain('  ');
          // Checking again changes nothing.
          expect(checkAllianceName(r.value)).toEqual(r);
        },
      ),
    );
  });

  it('any string with a character outside the set is refused', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.constantFrom('_', '<', '!', 'é', '\n', '.'),
        fc.string(),
        (a, c, b) => {
          expect(checkAllianceName(`abc${a}${c}${b}xyz`).ok).toBe(false);
        },
      ),
    );
  });
});

describe('alliance tags', () => {
  it('takes 2-5 letters or digits and shows them in capitals', () => {
    expect(checkAllianceTag(' ioa ')).toEqual({ ok: true, value: 'IOA' });
    for (const bad of ['I', 'ABCDEF', 'A-B', 'A B', ''])
      expect(checkAllianceTag(bad).ok).toBe(false);
  });

  it('any accepted tag is 2-5 capitals or digits; case does not matter', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 7 }), (raw) => {
        const r = checkAllianceTag(raw);
        if (r.ok) {
          expect(r.value).toMatch(/^[A-Z0-9]{2,5}$/);
          expect(checkAllianceTag(raw.toLowerCase())).toEqual(r);
        } else {
          expect(raw.trim().toUpperCase()).not.toMatch(/^[A-Z0-9]{2,5}$/);
        }
      }),
    );
  });
});

describe('who may do what to whom', () => {
  const roles: Array<AllianceMemberRole | null> = ['leader', 'officer', 'member', null];
  // [action, actor, target, allowed]; every other combination is refused.
  const allowed: Array<[AllianceAction, AllianceMemberRole, AllianceMemberRole | null]> = [
    ['invite', 'leader', null],
    ['invite', 'officer', null],
    ['accept', 'leader', null],
    ['accept', 'officer', null],
    ['refuse', 'leader', null],
    ['refuse', 'officer', null],
    ['kick', 'leader', 'officer'],
    ['kick', 'leader', 'member'],
    ['kick', 'officer', 'member'],
    ['promote', 'leader', 'member'],
    ['demote', 'leader', 'officer'],
    ['handOver', 'leader', 'officer'],
    ['handOver', 'leader', 'member'],
    ...roles.map((t) => ['deleteChat', 'leader', t] as [AllianceAction, AllianceMemberRole, null]),
    ...roles.map((t) => ['deleteChat', 'officer', t] as [AllianceAction, AllianceMemberRole, null]),
  ];
  const actions: AllianceAction[] = [
    'invite',
    'accept',
    'refuse',
    'kick',
    'promote',
    'demote',
    'handOver',
    'deleteChat',
  ];
  for (const action of actions) {
    for (const actor of roles) {
      for (const target of roles) {
        const expected = allowed.some(([a, b, c]) => a === action && b === actor && c === target);
        it(`${actor ?? 'outsider'} ${expected ? 'may' : 'may not'} ${action} ${target ?? 'a non-member'}`, () => {
          expect(mayAct(actor, action, target)).toBe(expected);
        });
      }
    }
  }
});

describe('leadership succession', () => {
  const m = (profileId: number, role: AllianceMemberRole, joinedAt: number) => ({
    profileId,
    role,
    joinedAt,
  });

  it('passes to the longest-serving officer, else the longest-serving member, else nobody', () => {
    const leader = m(1, 'leader', 0);
    expect(
      successorOf([leader, m(2, 'member', 1), m(3, 'officer', 5), m(4, 'officer', 3)], 1),
    ).toBe(4);
    expect(successorOf([leader, m(5, 'member', 9), m(2, 'member', 4)], 1)).toBe(2);
    expect(successorOf([leader, m(7, 'member', 4), m(6, 'member', 4)], 1)).toBe(6);
    expect(successorOf([leader], 1)).toBeNull();
  });

  it('always names a staying non-leader, an officer whenever one stays', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({
            profileId: fc.integer({ min: 2, max: 100 }),
            role: fc.constantFrom<AllianceMemberRole>('officer', 'member'),
            joinedAt: fc.nat(20),
          }),
          { selector: (r) => r.profileId },
        ),
        (rest) => {
          const next = successorOf([m(1, 'leader', 0), ...rest], 1);
          if (rest.length === 0) {
            expect(next).toBeNull();
            return;
          }
          const chosen = rest.find((r) => r.profileId === next)!;
          expect(chosen).toBeDefined();
          const pool = rest.some((r) => r.role === 'officer')
            ? rest.filter((r) => r.role === 'officer')
            : rest;
          if (rest.some((r) => r.role === 'officer')) expect(chosen.role).toBe('officer');
          for (const r of pool) expect(chosen.joinedAt <= r.joinedAt).toBe(true);
        },
      ),
    );
  });
});

describe('the alliance board order', () => {
  it('ranks by score, then who reached it first, then the lower id', () => {
    const s = (allianceId: number, score: number, reachedAt = 0) => ({
      allianceId,
      score,
      reachedAt,
    });
    const ranked = rankAlliances([s(3, 10, 5), s(1, 20, 9), s(2, 10, 5), s(4, 10, 1)]);
    expect(ranked.map((r) => [r.allianceId, r.rank])).toEqual([
      [1, 1],
      [4, 2],
      [2, 3],
      [3, 4],
    ]);
  });

  it('is total and independent of the input order', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({ allianceId: fc.nat(1000), score: fc.nat(30), reachedAt: fc.nat(4) }),
          { selector: (r) => r.allianceId },
        ),
        (rows) => {
          const ranked = [...rows].sort(compareAllianceStandings);
          expect([...rows].reverse().sort(compareAllianceStandings)).toEqual(ranked);
          ranked.forEach((r, i) => {
            const next = ranked[i + 1];
            if (next) expect(compareAllianceStandings(r, next)).toBeLessThan(0);
          });
        },
      ),
    );
  });
});
