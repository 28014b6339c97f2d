/**
 * Logging out never drops pending changes: they stay in this user's database on this device
 * and are sent at the next login. With changes pending, the user is asked first.
 */
import { useState, type ReactElement } from 'react';
import { lazyComponent } from '../components/lazy-component';
import { logout } from '../session/session';
import { useSync } from './SyncProvider';

// The question is a modal, whose code the first paint does not need (issue 36).
const LogoutConfirm = lazyComponent(() => import('./LogoutConfirm').then((m) => m.default));

export function useLogout(): { requestLogout: () => void; dialog: ReactElement } {
  const { db } = useSync();
  const [pending, setPending] = useState(0);
  const requestLogout = () => {
    void db.outbox.count().then((n) => (n > 0 ? setPending(n) : logout()));
  };
  const dialog = (
    <>{pending > 0 && <LogoutConfirm pending={pending} onClose={() => setPending(0)} />}</>
  );
  return { requestLogout, dialog };
}
