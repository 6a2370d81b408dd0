import { configureStore } from '@reduxjs/toolkit';
import { api } from '../api/api';
import { push } from '../api/push-slot';
import { authReducer } from './auth-slice';
import { uiReducer } from './ui-slice';

/** A factory so that every test gets a fresh store; main.tsx makes the app's one store. */
export function createAppStore() {
  return configureStore({
    reducer: {
      [api.reducerPath]: api.reducer,
      auth: authReducer,
      ui: uiReducer,
      push,
    },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
