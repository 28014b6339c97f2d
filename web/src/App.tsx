import { lazy, Suspense, type ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { LoginScreen } from './screens/login/LoginScreen';
import { useSession } from './session/useSession';
import { ScreenErrorBoundary } from './shell/ScreenErrorBoundary';
import { LoggedOutShell, Shell } from './shell/Shell';
import { SyncProvider } from './sync/SyncProvider';
import { PATHS, SHOP_SESSION_PAGE } from './navigation/routes';

// Each screen is its own chunk: the first paint only needs the shell. The service worker
// precaches every chunk, so screens still open offline.
const StaysScreen = lazy(() =>
  import('./screens/stays/StaysScreen').then((m) => ({ default: m.StaysScreen })),
);
const AgendaScreen = lazy(() =>
  import('./screens/agenda/AgendaScreen').then((m) => ({ default: m.AgendaScreen })),
);
const LibraryScreen = lazy(() =>
  import('./screens/library/LibraryScreen').then((m) => ({ default: m.LibraryScreen })),
);
const ExportScreen = lazy(() =>
  import('./screens/export/ExportScreen').then((m) => ({ default: m.ExportScreen })),
);
const KitchenScreen = lazy(() =>
  import('./screens/kitchen/KitchenScreen').then((m) => ({ default: m.KitchenScreen })),
);
const ShoppingScreen = lazy(() =>
  import('./screens/shopping/ShoppingScreen').then((m) => ({ default: m.ShoppingScreen })),
);
const GuestShopScreen = lazy(() =>
  import('./screens/guest/GuestShopScreen').then((m) => ({ default: m.GuestShopScreen })),
);
const SettingsScreen = lazy(() =>
  import('./screens/settings/SettingsScreen').then((m) => ({ default: m.SettingsScreen })),
);

const loading = (
  <Center py="xl">
    <Loader />
  </Center>
);

/** One boundary per screen: another address starts afresh. */
function ScreenBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ScreenErrorBoundary key={pathname}>{children}</ScreenErrorBoundary>;
}

/**
 * A shared shopping list opens for anyone with its link, logged in or not, outside the shell;
 * every other address is the app's.
 */
export function App() {
  return (
    <Routes>
      <Route
        path={SHOP_SESSION_PAGE}
        element={
          <Suspense fallback={loading}>
            <GuestShopScreen />
          </Suspense>
        }
      />
      <Route path="*" element={<UserApp />} />
    </Routes>
  );
}

/** The router view exists only for a logged-in user; otherwise only the login screen shows. */
function UserApp() {
  const session = useSession();
  if (session === null) {
    return (
      <LoggedOutShell>
        <LoginScreen />
      </LoggedOutShell>
    );
  }
  return (
    // Keyed by user: another user's login opens their own database and sync loop.
    <SyncProvider key={session.idUser} userId={session.idUser}>
      <Shell pseudo={session.pseudo}>
        <ScreenBoundary>
          <Suspense fallback={loading}>
            <Routes>
              <Route path={PATHS.stays} element={<StaysScreen />} />
              <Route path={PATHS.agenda} element={<AgendaScreen />} />
              <Route path={PATHS.export} element={<ExportScreen />} />
              <Route path={PATHS.library} element={<LibraryScreen />} />
              <Route path={PATHS.kitchen} element={<KitchenScreen />} />
              <Route path={PATHS.shopping} element={<ShoppingScreen />} />
              <Route path={PATHS.settings} element={<SettingsScreen />} />
              <Route path="*" element={<Navigate to={PATHS.stays} replace />} />
            </Routes>
          </Suspense>
        </ScreenBoundary>
      </Shell>
    </SyncProvider>
  );
}
