import { notFound } from '../lib/errors.js';

/**
 * The refusals of a land or a hero the player does not own: missing or another player's, both
 * answer 404 with the same code, so nobody learns from them which ids exist.
 */
export const landNotFound = () => notFound('Land not found.', 'LAND_NOT_FOUND');
export const heroNotFound = () => notFound('Hero not found.', 'HERO_NOT_FOUND');
