/** The one Drizzle schema: accounts and sessions, then the game. */
export * from './account-schema.js';
export * from './game-schema.js';
export * from './market-schema.js';
