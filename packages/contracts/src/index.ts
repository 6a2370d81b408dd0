export * from './errors.js';
export * from './auth.js';
export * from './profile.js';
export * from './game.js';
export * from './html-policy.js';
export * from './social.js';
export * from './market.js';
export * from './prefixes.js';
