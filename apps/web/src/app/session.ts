import { fetchSession } from '../api/session-requests';
import { sessionChecked } from '../api/auth-slice';
import type { AppDispatch } from './store';

/**
 * First-load session check (docs/screens.md); a failure is logged and leaves the player out.
 * A plain request, not RTK Query, which the login page does not load (docs/architecture.md, Web).
 * `settled`: the answer is applied once it has settled (a prerendered page's hydration, which
 * a change of route table in its midst would throw away).
 */
export function checkSession(settled?: Promise<unknown>) {
  return async (dispatch: AppDispatch) => {
    let session = false;
    try {
      ({ session } = await fetchSession());
    } catch (error) {
      console.error('Session check failed', error);
    }
    await settled;
    dispatch(sessionChecked(session));
  };
}
