import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { setupListeners } from '@reduxjs/toolkit/query/react';
import { AppRouter } from './app-router';
import { AppProviders } from './providers';
import { checkSession } from './session';
import { createAppStore } from './store';

const store = createAppStore();
setupListeners(store.dispatch);
void store.dispatch(checkSession());

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders store={store}>
      <BrowserRouter>
        <AppRouter />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
