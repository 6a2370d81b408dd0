/** The one Drizzle schema: accounts and sessions, then the game. */
export * from './account-schema.js';
export * from './game-schema.js';
export * from './market-schema.js';
export * from './map-schema.js';
export * from './arena-schema.js';
export * from './unique-schema.js';
export * from './records-schema.js';
export * from './economy-schema.js';
export * from './mail-schema.js';
export * from './staff-schema.js';
export * from './social-schema.js';
export * from './bazaar-schema.js';
export * from './push-schema.js';
