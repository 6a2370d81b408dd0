import type { UnknownAction } from '@reduxjs/toolkit';
import type { PushState } from './push-slice';

type PushReducer = (state: PushState | undefined, action: UnknownAction) => PushState;
let pushReducer: PushReducer | undefined;

/**
 * The store's `push` state. Its reducer arrives with the signed-in frame, which sets it when it
 * loads (`setPushReducer`): the signed-out pages carry none of the push code. Until then the
 * state is null, which reads as "stream down".
 */
export function push(state: PushState | null = null, action: UnknownAction): PushState | null {
  return pushReducer ? pushReducer(state ?? undefined, action) : state;
}

export function setPushReducer(reducer: PushReducer) {
  pushReducer = reducer;
}
