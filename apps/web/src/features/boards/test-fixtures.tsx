import type {
  AllianceBoardResponse,
  BoardResponse,
  BoardRow,
  PublicProfile,
} from '@aleph/contracts';
import { fakeFetch, json } from '../../test/fake-fetch';
import { renderWithStore, signedInStore } from '../../test/render';
import { TopBoards } from './top-boards';

export const row = (
  rank: number,
  profileid: number,
  profilename: string,
  score: number,
  frame: BoardRow['frame'] = 'none',
) => ({ rank, profileid, profilename, score, frame }) satisfies BoardRow;

export function board(data: BoardRow[], profileData: BoardRow | null = null): BoardResponse {
  return { board: 'TOP_XP_GAINERS', weekStart: '2026-11-16T00:00:00.000Z', data, profileData };
}

export const OTHER: PublicProfile = {
  profileid: 42,
  nickname: 'Zara',
  level: 4,
  vip: 2,
  lands: 3,
  heroes: 7,
  frame: 'silver',
  achievements: {
    earned: 5,
    rarest: [
      {
        code: 'GOLD_1M',
        name: 'Gold Baron',
        description: 'Claim 1,000,000 gold in all.',
        earners: 1,
      },
    ],
  },
};

interface Setup {
  features?: string[];
  gold?: BoardResponse | { status: number; body: unknown };
  xp?: BoardResponse | { status: number; body: unknown };
  profile?: (id: string) => { status: number; body: unknown };
  alliances?: AllianceBoardResponse;
}

const EMPTY_ALLIANCES: AllianceBoardResponse = {
  weekStart: '2026-11-16T00:00:00.000Z',
  rows: [],
  mine: null,
};

const reply = (value: BoardResponse | { status: number; body: unknown }) =>
  'board' in value ? json(value) : value;

/** Both boards with a fake server; unanswered routes fail the test through 404s. */
export function renderBoards(setup: Setup = {}) {
  const server = fakeFetch({
    'GET /athar/features': () => json(setup.features ?? ['profileLevel1', 'profileLevel2']),
    'GET /mirza/boards/TOP_GOLD_CLAIMERS/last': () => reply(setup.gold ?? board([])),
    'GET /mirza/boards/TOP_XP_GAINERS/last': () => reply(setup.xp ?? board([])),
    'GET /mirza/alliances/last': () => json(setup.alliances ?? EMPTY_ALLIANCES),
    'GET /athar/publicprofiles/42': () => setup.profile?.('42') ?? json(OTHER),
  });
  return { ...server, ...renderWithStore(<TopBoards />, signedInStore()) };
}
