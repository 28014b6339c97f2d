import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { useSession } from './session/useSession';
import { ScreenErrorBoundary } from './shell/ScreenErrorBoundary';
import { LoggedOutShell, Shell } from './shell/Shell';
import { AccountDeletedNotice } from './components/AccountDeletedNotice';
import { SyncProvider } from './sync/SyncProvider';
import {
  isJoinPage,
  JOIN_PAGE,
  joinPagePath,
  PATHS,
  routeNameOf,
  SHOP_SESSION_PAGE,
  type RouteName,
} from './navigation/routes';
import { pendingInvitation } from './session/pending-invitation';
import { ScreenLoading } from './shell/ScreenLoading';

// Each screen is its own chunk: the first paint only needs the shell. The service worker
// precaches every chunk, so screens still open offline.
const screenModules = {
  stays: () => import('./screens/stays/StaysScreen'),
  agenda: () => import('./screens/agenda/AgendaScreen'),
  library: () => import('./screens/library/LibraryScreen'),
  export: () => import('./screens/export/ExportScreen'),
  kitchen: () => import('./screens/kitchen/KitchenScreen'),
  register: () => import('./screens/register/RegisterScreen'),
  shopping: () => import('./screens/shopping/ShoppingScreen'),
  settings: () => import('./screens/settings/SettingsScreen'),
  journal: () => import('./screens/journal/JournalScreen'),
} satisfies Record<RouteName, () => Promise<unknown>>;

/**
 * The chunk of the screen the page opens on starts loading as the app starts (issue 36), while
 * the shell renders and the database opens, instead of once React reaches the screen.
 */
export function preloadStartScreen(pathname: string): void {
  const base = import.meta.env.BASE_URL.replace(/\/$/, '');
  const path = pathname.startsWith(base) ? pathname.slice(base.length) || '/' : pathname;
  if (path.startsWith(SHOP_SESSION_PAGE) || isJoinPage(path)) return;
  const trimmed = path.replace(/\/+$/, '') || '/';
  const route = routeNameOf(trimmed);
  // An unknown address goes to the stays screen; only a screen's own address is preloaded.
  if (PATHS[route] === trimmed) void screenModules[route]().catch(() => undefined);
}

/** The login screen: a device that holds a session never loads it (issue 36). */
export const loadLoginScreen = () => import('./screens/login/LoginScreen');
const LoginScreen = lazy(() => loadLoginScreen().then((m) => ({ default: m.LoginScreen })));

const StaysScreen = lazy(() => screenModules.stays().then((m) => ({ default: m.StaysScreen })));
const AgendaScreen = lazy(() => screenModules.agenda().then((m) => ({ default: m.AgendaScreen })));
const LibraryScreen = lazy(() =>
  screenModules.library().then((m) => ({ default: m.LibraryScreen })),
);
const ExportScreen = lazy(() => screenModules.export().then((m) => ({ default: m.ExportScreen })));
const KitchenScreen = lazy(() =>
  screenModules.kitchen().then((m) => ({ default: m.KitchenScreen })),
);
const RegisterScreen = lazy(() =>
  screenModules.register().then((m) => ({ default: m.RegisterScreen })),
);
const ShoppingScreen = lazy(() =>
  screenModules.shopping().then((m) => ({ default: m.ShoppingScreen })),
);
const GuestShopScreen = lazy(() =>
  import('./screens/guest/GuestShopScreen').then((m) => ({ default: m.GuestShopScreen })),
);
const JoinScreen = lazy(() =>
  import('./screens/join/JoinScreen').then((m) => ({ default: m.JoinScreen })),
);
const InvitationPreview = lazy(() =>
  import('./screens/join/JoinScreen').then((m) => ({ default: m.InvitationPreview })),
);
const JournalScreen = lazy(() =>
  screenModules.journal().then((m) => ({ default: m.JournalScreen })),
);
const SettingsScreen = lazy(() =>
  screenModules.settings().then((m) => ({ default: m.SettingsScreen })),
);

const loading = <ScreenLoading />;

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

/**
 * Once signed in, an invitation followed before the login (kept on the device by the join
 * page) opens its page again, wherever the login happened (issue 32).
 */
function PendingInvitationRedirect() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    const token = pendingInvitation();
    if (token !== null && !isJoinPage(pathname)) void navigate(joinPagePath(token));
    // Once per login: the join page forgets the token.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}

/**
 * The router view exists only for a logged-in user; otherwise only the login screen shows
 * (under the invitation on the page of an invitation's link).
 */
function UserApp() {
  const session = useSession();
  const { pathname } = useLocation();
  if (session === null) {
    return (
      <LoggedOutShell>
        {isJoinPage(pathname) && (
          <Suspense fallback={loading}>
            <InvitationPreview />
          </Suspense>
        )}
        <AccountDeletedNotice />
        <Suspense fallback={loading}>
          <LoginScreen />
        </Suspense>
      </LoggedOutShell>
    );
  }
  return (
    // Keyed by user: another user's login opens their own database and sync loop.
    <SyncProvider key={session.idUser} userId={session.idUser}>
      <Shell pseudo={session.pseudo}>
        <PendingInvitationRedirect />
        <ScreenBoundary>
          <Suspense fallback={loading}>
            <Routes>
              <Route path={PATHS.stays} element={<StaysScreen />} />
              <Route path={PATHS.agenda} element={<AgendaScreen />} />
              <Route path={PATHS.export} element={<ExportScreen />} />
              <Route path={PATHS.library} element={<LibraryScreen />} />
              <Route path={PATHS.kitchen} element={<KitchenScreen />} />
              <Route path={PATHS.register} element={<RegisterScreen />} />
              <Route path={PATHS.shopping} element={<ShoppingScreen />} />
              <Route path={PATHS.settings} element={<SettingsScreen />} />
              <Route path={PATHS.journal} element={<JournalScreen />} />
              <Route path={JOIN_PAGE} element={<JoinScreen />} />
              <Route path="*" element={<Navigate to={PATHS.stays} replace />} />
            </Routes>
          </Suspense>
        </ScreenBoundary>
      </Shell>
    </SyncProvider>
  );
}
