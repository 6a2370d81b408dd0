import type { UnknownAction } from 'redux';
import { action } from '../api/action';

/** Client-side UI state (docs/screens.md). The list of modes is open. */
export interface UiState {
  mode: string;
  selectedId: string | number | null;
}

const initialState: UiState = { mode: 'main', selectedId: null };

/** Choosing a mode sets the mode and clears the selected object. */
export const selectMode = action('ui/selectMode', (mode: string) => mode);
/** Choosing an object sets only selectedId. */
export const selectObject = action('ui/selectObject', (id: string | number | null) => id);

/** A plain reducer, as the auth state's (src/api/auth-slice.ts): every page loads it. */
export function uiReducer(state: UiState = initialState, a: UnknownAction): UiState {
  if (selectMode.match(a)) return { mode: a.payload, selectedId: null };
  if (selectObject.match(a)) return { ...state, selectedId: a.payload };
  return state;
}
