import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { BrowserRouter } from 'react-router';
// Bundled with the app (weights 100-900): no font is ever fetched from a third party.
import '@fontsource-variable/roboto';
import '@mantine/core/styles.css';
import './theme/touch.css';
import { App, preloadLoginScreen, preloadStartScreen } from './App';
import { ErrorSnackbar } from './feedback/ErrorSnackbar';
import { SuccessList } from './feedback/SuccessList';
import { UpdatePrompt } from './pwa/UpdatePrompt';
import { cssVariablesResolver, theme } from './theme/theme';
import { getSession } from './session/session';
import { openDatabaseEarly } from './sync/SyncProvider';
import { SHOP_SESSION_PAGE } from './navigation/routes';

// The device already holds a session: its database opens while the app's screens load (the
// shared list's guest page has no use of it).
const session = getSession();
if (session !== null && !window.location.pathname.startsWith(SHOP_SESSION_PAGE)) {
  openDatabaseEarly(session.idUser);
  preloadStartScreen(window.location.pathname);
} else if (session === null) {
  void preloadLoginScreen().catch(() => undefined);
}

const root = document.getElementById('root');
if (root === null) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <BrowserRouter basename={import.meta.env.BASE_URL}>
        <App />
      </BrowserRouter>
      <SuccessList />
      <ErrorSnackbar />
      <UpdatePrompt />
    </MantineProvider>
  </StrictMode>,
);
