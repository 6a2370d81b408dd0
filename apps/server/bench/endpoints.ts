import type { EndpointSpec } from './http.js';
import type { BenchPlayer } from './players.js';
import { messageSend, type MessageSenders } from './message-senders.js';

/** The trivial JSON route measured in the same run: every figure is a ratio to it. */
export const BASELINE: EndpointSpec = {
  name: 'baseline GET /health/live',
  method: 'GET',
  path: '/health/live',
  auth: false,
};

export function gameEndpoints(
  players: readonly BenchPlayer[],
  senders?: MessageSenders,
): EndpointSpec[] {
  return [
    { name: 'GET /dashboard/stat', method: 'GET', path: '/dashboard/stat', auth: true },
    { name: 'GET /ard/lands', method: 'GET', path: '/ard/lands', auth: true },
    { name: 'GET /abtal/heroes', method: 'GET', path: '/abtal/heroes', auth: true },
    {
      name: 'GET /hatif/messages/countunread',
      method: 'GET',
      path: '/hatif/messages/countunread',
      auth: true,
    },
    {
      name: 'GET /mirza/boards/TOP_XP_GAINERS/last',
      method: 'GET',
      path: '/mirza/boards/TOP_XP_GAINERS/last',
      auth: true,
    },
    {
      // The dashboard's TOP tab reads both boards: half the players read each, at once.
      name: 'GET /mirza/boards/{both}/last',
      method: 'GET',
      path: (i) => `/mirza/boards/${i % 2 ? 'TOP_GOLD_CLAIMERS' : 'TOP_XP_GAINERS'}/last`,
      auth: true,
    },
    {
      name: 'POST /misaar/mission/check',
      method: 'POST',
      path: '/misaar/mission/check',
      auth: true,
      body: (i) => {
        const p = players[i % players.length]!;
        return { missionType: 'SEARCHELEMENT', landid: p.landid, heroid: p.heroid, elemid: 0 };
      },
    },
    // A player's message: each request another sender's (the hour's limit is per sender). The
    // variant with a link (messageSend(senders, true)) is left out of the mix: its first request
    // loads the HTML sanitiser's DOM, which alone takes the server past the part's memory target
    // (docs/performance.md, "Player messages").
    ...(senders ? [messageSend(senders)] : []),
  ];
}
