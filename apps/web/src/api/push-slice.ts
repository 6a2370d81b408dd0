import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { useSelector } from 'react-redux';
import { sessionLost } from './session-lost';

/** Whether the push stream is open in this browser (docs/architecture.md, Web). */
export interface PushState {
  connected: boolean;
}

const initialState: PushState = { connected: false };

const pushSlice = createSlice({
  name: 'push',
  initialState,
  reducers: {
    pushConnectionChanged(state, action: PayloadAction<boolean>) {
      state.connected = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionLost, (state) => {
      state.connected = false;
    });
  },
});

export const { pushConnectionChanged } = pushSlice.actions;
export const pushReducer = pushSlice.reducer;

/** False until the signed-in frame has added the push state to the store, and while down. */
export const selectPushConnected = (state: { push: PushState | null }) =>
  state.push?.connected ?? false;

/**
 * A query's polling interval under docs/screens.md (Dashboard): none while the push stream is
 * open (its events keep the cache fresh), `ms` while it is down. Initial fetches happen either way.
 */
export function usePollingWhileStreamDown(ms: number): number {
  const connected = useSelector(selectPushConnected);
  return connected ? 0 : ms;
}
