import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession } from './session';
import type { Session } from './session';

/** The current session, or null when logged out; re-renders on login, logout and changes. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
