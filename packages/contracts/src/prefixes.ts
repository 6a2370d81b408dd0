/**
 * The URL prefix of each API area (docs/api.md). The server mounts its route modules on
 * them and the web dev server proxies them; nothing else of this package may be imported here,
 * so that vite.config.ts can load this file on its own.
 */
export const API_PREFIXES = {
  auth: '/abwab',
  lands: '/ard',
  heroes: '/abtal',
  missions: '/misaar',
  profile: '/athar',
  boards: '/mirza',
  workflows: '/tartib',
  messages: '/hatif',
  dashboard: '/dashboard',
  market: '/market',
  /** The Greedy trader and the Secret market. */
  economy: '/souq',
  /** Timed events: the Lucky coin. */
  gameEvents: '/hadath',
  arena: '/halba',
  /** The operators' console (staff only; docs/api.md, "Operators"). */
  staff: '/diwan',
} as const;

/** Paths the server answers outside the API prefixes: the health check for the proxy too. */
export const HEALTH_PATH = '/health';

/** The signed-in player's Server-Sent Events stream (docs/api.md, "Push"). */
export const EVENTS_PATH = '/events';

/**
 * The response header of every signed-in request that names the player's last push event when
 * the request began (docs/api.md, "Push"): a page's first stream asks for the events after it.
 */
export const EVENT_SEQ_HEADER = 'x-event-seq';

/** The API reference page (docs/openapi.json shown), served in development (docs/api.md). */
export const API_DOCS_PATH = '/api/docs';
