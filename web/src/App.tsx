import { Navigate, Route, Routes } from 'react-router';
import { AgendaScreen } from './screens/agenda/AgendaScreen';
import { LibraryScreen } from './screens/library/LibraryScreen';
import { LoginScreen } from './screens/login/LoginScreen';
import { OrderScreen } from './screens/order/OrderScreen';
import { SejoursScreen } from './screens/sejours/SejoursScreen';
import { SettingsScreen } from './screens/settings/SettingsScreen';
import { useSession } from './session/useSession';
import { LoggedOutShell, Shell } from './shell/Shell';
import { SyncProvider } from './sync/SyncProvider';

/** The router view exists only for a logged-in user; otherwise only the login screen shows. */
export function App() {
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
        <Routes>
          <Route path="/" element={<SejoursScreen />} />
          <Route path="/agenda" element={<AgendaScreen />} />
          <Route path="/order" element={<OrderScreen />} />
          <Route path="/library" element={<LibraryScreen />} />
          <Route path="/settings" element={<SettingsScreen />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </Shell>
    </SyncProvider>
  );
}
