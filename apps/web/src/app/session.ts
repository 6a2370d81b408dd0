import { sessionApi } from '../api/session-endpoints';
import { sessionChecked } from './auth-slice';
import type { AppDispatch } from './store';

/** First-load session check (docs/screens.md); a failure is logged and leaves the player out. */
export function checkSession() {
  return async (dispatch: AppDispatch) => {
    const result = await dispatch(
      sessionApi.endpoints.checkSession.initiate(undefined, {
        subscribe: false,
        forceRefetch: true,
      }),
    );
    if (result.data) {
      dispatch(sessionChecked(result.data.session));
    } else {
      console.error('Session check failed', result.error);
      dispatch(sessionChecked(false));
    }
  };
}
