import { SOCIAL_CONFIG } from './config-social.js';

/**
 * Alliances' pure rules (docs/game-rules.md, Alliances): what a name and a tag may be, who may
 * do what to whom, who leads when the leader leaves, and the weekly alliance board's order.
 */

export type AllianceMemberRole = 'leader' | 'officer' | 'member';

export type AllianceAction =
  'invite' | 'accept' | 'refuse' | 'kick' | 'promote' | 'demote' | 'handOver' | 'deleteChat';

export type NameCheck = { ok: true; value: string } | { ok: false; message: string };

const { name: NAME, tag: TAG } = SOCIAL_CONFIG.alliances;

/**
 * An alliance's name: trimmed, 3-30 characters of ASCII letters, digits, spaces, ' and -, no
 * two spaces in a row. ASCII only, so "the same name without regard to case" means the same on
 * every database (lower() of other scripts depends on the collation) and no look-alike letters.
 */
export function checkAllianceName(raw: string): NameCheck {
  const value = raw.trim();
  if (value.length < NAME.min || value.length > NAME.max) {
    return { ok: false, message: `The name must be ${NAME.min} to ${NAME.max} characters long.` };
  }
  if (!/^[A-Za-z0-9' -]+$/.test(value)) {
    return {
      ok: false,
      message: "The name may hold letters, digits, spaces, ' and - only.",
    };
  }
  if (value.includes('  '))
    return { ok: false, message: 'The name may not hold two spaces in a row.' };
  if (!/[A-Za-z0-9]/.test(value)) {
    return { ok: false, message: 'The name needs at least one letter or digit.' };
  }
  return { ok: true, value };
}

/** A tag: 2-5 ASCII letters or digits, trimmed and shown in capitals. */
export function checkAllianceTag(raw: string): NameCheck {
  const value = raw.trim().toUpperCase();
  if (value.length < TAG.min || value.length > TAG.max || !/^[A-Z0-9]+$/.test(value)) {
    return {
      ok: false,
      message: `The tag must be ${TAG.min} to ${TAG.max} letters or digits.`,
    };
  }
  return { ok: true, value };
}

const STAFF: ReadonlySet<AllianceMemberRole> = new Set(['leader', 'officer']);

/**
 * Whether `actor` (null: not a member of this alliance) may do `action` to a player of
 * `target`'s role (null: not a member, e.g. an applicant or an invitee). Identity (acting on
 * oneself) is the caller's check; with one leader per alliance a leader target is the leader.
 */
export function mayAct(
  actor: AllianceMemberRole | null,
  action: AllianceAction,
  target: AllianceMemberRole | null,
): boolean {
  if (actor === null) return false;
  switch (action) {
    case 'invite':
    case 'accept':
    case 'refuse':
      return STAFF.has(actor) && target === null;
    case 'kick':
      if (actor === 'leader') return target === 'officer' || target === 'member';
      return actor === 'officer' && target === 'member';
    case 'promote':
      return actor === 'leader' && target === 'member';
    case 'demote':
      return actor === 'leader' && target === 'officer';
    case 'handOver':
      return actor === 'leader' && (target === 'officer' || target === 'member');
    case 'deleteChat':
      // Any line, including a former member's (target null).
      return STAFF.has(actor);
  }
}

export interface AllianceMemberTenure {
  profileId: number;
  role: AllianceMemberRole;
  /** When the player joined (ms); earlier serves longer. */
  joinedAt: number;
}

const longestServing = (a: AllianceMemberTenure, b: AllianceMemberTenure) =>
  a.joinedAt - b.joinedAt || a.profileId - b.profileId;

/**
 * Who leads when the leader `leavingId` leaves: the longest-serving officer, else the
 * longest-serving member (ties: the lower id); null when nobody stays (the alliance dissolves).
 */
export function successorOf(
  members: readonly AllianceMemberTenure[],
  leavingId: number,
): number | null {
  const staying = members.filter((m) => m.profileId !== leavingId && m.role !== 'leader');
  const officers = staying.filter((m) => m.role === 'officer').sort(longestServing);
  const pick = officers[0] ?? [...staying].sort(longestServing)[0];
  return pick?.profileId ?? null;
}

export interface AllianceStanding {
  allianceId: number;
  score: number;
  /** When the alliance reached its score (ms): earlier ranks higher on a tie. */
  reachedAt: number;
}

/** The weekly alliance board's order: score desc, then who reached it first, then lower id. */
export function compareAllianceStandings(a: AllianceStanding, b: AllianceStanding): number {
  return b.score - a.score || a.reachedAt - b.reachedAt || a.allianceId - b.allianceId;
}

/** The standings in board order with their places (1 = first). */
export function rankAlliances<T extends AllianceStanding>(
  rows: readonly T[],
): Array<T & { rank: number }> {
  return [...rows].sort(compareAllianceStandings).map((r, i) => ({ ...r, rank: i + 1 }));
}
