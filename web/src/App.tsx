import { useEffect, type ReactNode } from 'react';
import { lazyComponent, type LazyComponent } from './components/lazy-component';
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

const loading = <ScreenLoading />;

// Each screen is its own chunk: the first paint only needs the shell. The service worker
// precaches every chunk, so screens still open offline.
const screens = {
  stays: lazyComponent(
    () => import('./screens/stays/StaysScreen').then((m) => m.StaysScreen),
    loading,
  ),
  agenda: lazyComponent(
    () => import('./screens/agenda/AgendaScreen').then((m) => m.AgendaScreen),
    loading,
  ),
  library: lazyComponent(
    () => import('./screens/library/LibraryScreen').then((m) => m.LibraryScreen),
    loading,
  ),
  export: lazyComponent(
    () => import('./screens/export/ExportScreen').then((m) => m.ExportScreen),
    loading,
  ),
  kitchen: lazyComponent(
    () => import('./screens/kitchen/KitchenScreen').then((m) => m.KitchenScreen),
    loading,
  ),
  register: lazyComponent(
    () => import('./screens/register/RegisterScreen').then((m) => m.RegisterScreen),
    loading,
  ),
  shopping: lazyComponent(
    () => import('./screens/shopping/ShoppingScreen').then((m) => m.ShoppingScreen),
    loading,
  ),
  settings: lazyComponent(
    () => import('./screens/settings/SettingsScreen').then((m) => m.SettingsScreen),
    loading,
  ),
  journal: lazyComponent(
    () => import('./screens/journal/JournalScreen').then((m) => m.JournalScreen),
    loading,
  ),
} satisfies Record<RouteName, LazyComponent<object>>;

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
  if (PATHS[route] === trimmed) void screens[route].preload().catch(() => undefined);
}

/** The login screen: a device that holds a session never loads it (issue 36). */
const LoginScreen = lazyComponent(
  () => import('./screens/login/LoginScreen').then((m) => m.LoginScreen),
  loading,
);
export const preloadLoginScreen = () => LoginScreen.preload();

const GuestShopScreen = lazyComponent(
  () => import('./screens/guest/GuestShopScreen').then((m) => m.GuestShopScreen),
  loading,
);
const JoinScreen = lazyComponent(
  () => import('./screens/join/JoinScreen').then((m) => m.JoinScreen),
  loading,
);
const InvitationPreview = lazyComponent(
  () => import('./screens/join/JoinScreen').then((m) => m.InvitationPreview),
  loading,
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
      <Route path={SHOP_SESSION_PAGE} element={<GuestShopScreen />} />
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
        {isJoinPage(pathname) && <InvitationPreview />}
        <AccountDeletedNotice />
        <LoginScreen />
      </LoggedOutShell>
    );
  }
  return (
    // Keyed by user: another user's login opens their own database and sync loop.
    <SyncProvider key={session.idUser} userId={session.idUser}>
      <Shell pseudo={session.pseudo}>
        <PendingInvitationRedirect />
        <ScreenBoundary>
          <Routes>
            <Route path={PATHS.stays} element={<screens.stays />} />
            <Route path={PATHS.agenda} element={<screens.agenda />} />
            <Route path={PATHS.export} element={<screens.export />} />
            <Route path={PATHS.library} element={<screens.library />} />
            <Route path={PATHS.kitchen} element={<screens.kitchen />} />
            <Route path={PATHS.register} element={<screens.register />} />
            <Route path={PATHS.shopping} element={<screens.shopping />} />
            <Route path={PATHS.settings} element={<screens.settings />} />
            <Route path={PATHS.journal} element={<screens.journal />} />
            <Route path={JOIN_PAGE} element={<JoinScreen />} />
            <Route path="*" element={<Navigate to={PATHS.stays} replace />} />
          </Routes>
        </ScreenBoundary>
      </Shell>
    </SyncProvider>
  );
}
