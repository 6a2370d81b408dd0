import { action } from './action';

/** The refresh-on-401 base query gave up: the session is gone. The auth slice signs out on it. */
export const sessionLost = action('api/sessionLost');
