import type { FastifyInstance } from 'fastify';
import { API_PREFIXES } from '../lib/prefixes.js';
import { arenaRoutes } from '../modules/arena/routes.js';
import { requireSession } from '../core/session.js';
import { boardRoutes } from '../modules/boards/routes.js';
import { dashboardRoutes } from '../modules/dashboard/routes.js';
import { economyRoutes, gameEventRoutes } from '../modules/economy/routes.js';
import { heroRoutes } from '../modules/heroes/routes.js';
import { landRoutes } from '../modules/lands/routes.js';
import { mapRoutes } from '../modules/map/routes.js';
import { worldStatsRoutes } from '../modules/map/stats-routes.js';
import { marketRoutes } from '../modules/market/routes.js';
import { messageRoutes } from '../modules/messages/routes.js';
import { missionRoutes } from '../modules/missions/routes.js';
import { profileRoutes } from '../modules/profile/routes.js';
import { questRoutes } from '../modules/quests/routes.js';
import { missionLogRoutes, recordsProfileRoutes } from '../modules/records/routes.js';
import { uniqueRoutes } from '../modules/unique/routes.js';
import { workflowRoutes } from '../modules/workflows/routes.js';
import { settleBeforeHandling } from './settle-first.js';
import { limitWritesPerPlayer } from './write-gate.js';
import { accountRoutes } from '../modules/auth/account-routes.js';
import { twoFactorRoutes } from '../modules/auth/two-factor-routes.js';
import { reportRoutes } from '../modules/reports/routes.js';
import { allianceBoardRoutes } from '../modules/alliances/board-routes.js';
import { allianceChatRoutes } from '../modules/alliances/chat-routes.js';
import { allianceRoutes } from '../modules/alliances/routes.js';
import { friendRoutes } from '../modules/social/friend-routes.js';
import { playerMessageRoutes } from '../modules/social/message-routes.js';
import { peopleRoutes } from '../modules/social/people-routes.js';
import { bazaarRoutes } from '../modules/bazaar/routes.js';
import { pushRoutes } from '../modules/push/routes.js';

/**
 * The signed-in player's routes, in one scope whose hooks are registered once: every request
 * needs a session, a player's writes beyond a few at once wait their turn, and (except for
 * starting a workflow) has the player's due missions and workflows settled before it is
 * answered (docs/architecture.md).
 */
export async function playerRoutes(app: FastifyInstance) {
  requireSession(app);
  // A few of a player's writes at a time take a database connection; the rest wait in memory.
  limitWritesPerPlayer(app);
  await app.register(workflowRoutes, { prefix: API_PREFIXES.workflows });
  // The world's map and numbers are the same for everyone: nothing of the caller to settle.
  await app.register(mapRoutes, { prefix: API_PREFIXES.lands });
  await app.register(worldStatsRoutes, { prefix: API_PREFIXES.profile });
  // Account settings read and change the account, not the game: nothing to settle first.
  await app.register(accountRoutes, { prefix: API_PREFIXES.profile });
  await app.register(twoFactorRoutes, { prefix: API_PREFIXES.profile });
  // A report concerns another player: nothing of the reporter's to settle first.
  await app.register(reportRoutes, { prefix: API_PREFIXES.profile });
  // Web push devices and choices concern the browser, not the game: nothing to settle first.
  await app.register(pushRoutes, { prefix: API_PREFIXES.profile });
  await app.register(async (settled) => {
    settleBeforeHandling(settled);
    await settled.register(profileRoutes, { prefix: API_PREFIXES.profile });
    await settled.register(questRoutes, { prefix: API_PREFIXES.profile });
    await settled.register(recordsProfileRoutes, { prefix: API_PREFIXES.profile });
    await settled.register(landRoutes, { prefix: API_PREFIXES.lands });
    await settled.register(heroRoutes, { prefix: API_PREFIXES.heroes });
    await settled.register(missionRoutes, { prefix: API_PREFIXES.missions });
    await settled.register(missionLogRoutes, { prefix: API_PREFIXES.missions });
    await settled.register(uniqueRoutes, { prefix: API_PREFIXES.missions });
    await settled.register(dashboardRoutes, { prefix: API_PREFIXES.dashboard });
    await settled.register(boardRoutes, { prefix: API_PREFIXES.boards });
    await settled.register(messageRoutes, { prefix: API_PREFIXES.messages });
    await settled.register(marketRoutes, { prefix: API_PREFIXES.market });
    await settled.register(economyRoutes, { prefix: API_PREFIXES.economy });
    await settled.register(gameEventRoutes, { prefix: API_PREFIXES.gameEvents });
    await settled.register(arenaRoutes, { prefix: API_PREFIXES.arena });
    // Players meet (docs/api.md, "Player messages", "Friends", "Alliances").
    await settled.register(playerMessageRoutes, { prefix: API_PREFIXES.messages });
    await settled.register(peopleRoutes, { prefix: API_PREFIXES.profile });
    await settled.register(friendRoutes, { prefix: API_PREFIXES.profile });
    await settled.register(allianceRoutes, { prefix: API_PREFIXES.profile });
    await settled.register(allianceChatRoutes, { prefix: API_PREFIXES.profile });
    await settled.register(allianceBoardRoutes, { prefix: API_PREFIXES.boards });
    // The players' market (docs/api.md, "Bazaar").
    await settled.register(bazaarRoutes, { prefix: API_PREFIXES.economy });
  });
}
