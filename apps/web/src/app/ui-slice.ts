import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Client-side UI state (docs/screens.md). The list of modes is open. */
export interface UiState {
  mode: string;
  selectedId: string | number | null;
}

const initialState: UiState = { mode: 'main', selectedId: null };

const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    /** Choosing a mode sets the mode and clears the selected object. */
    selectMode(state, action: PayloadAction<string>) {
      state.mode = action.payload;
      state.selectedId = null;
    },
    /** Choosing an object sets only selectedId. */
    selectObject(state, action: PayloadAction<string | number | null>) {
      state.selectedId = action.payload;
    },
  },
});

export const { selectMode, selectObject } = uiSlice.actions;
export const uiReducer = uiSlice.reducer;
