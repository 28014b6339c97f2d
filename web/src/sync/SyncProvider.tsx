/**
 * Opens the logged-in user's local database and runs the sync loop for as long as the user is
 * logged in. Screens get the database and `mutate` through the hooks below. The loop's code
 * (sync-runtime.ts) is loaded after the first paint.
 */
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import type { Id } from '@popote/domain';
import { LocalDb, dbNameForUser } from '@popote/sync-client';
import { afterFirstData } from './first-data';
import { loadSyncRuntime } from './load-sync-runtime';

export interface SyncHandle {
  db: LocalDb;
  userId: Id;
}

const SyncContext = createContext<SyncHandle | null>(null);

/** The database opened as the page starts (openDatabaseEarly), until a SyncProvider takes it. */
let early: { userId: Id; db: LocalDb; failed: boolean } | null = null;

/** The user whose session the page opened with: their sync waits for the first screen. */
let openedWith: Id | null = null;

/** The longest the sync loop waits for the first screen's data (a hidden tab paints nothing). */
const SYNC_START_MAX_WAIT_MS = 3000;

/**
 * Starts opening the user's local database at once, as the page starts, for the session the
 * device already holds (issue 36): IndexedDB's open then runs while the screen's code loads
 * and renders, instead of after it, on the screen's first read. The SyncProvider of that user
 * takes it; a failed open is left for the provider to retry as before (its first read opens).
 */
export function openDatabaseEarly(userId: Id): void {
  if (early !== null) return;
  openedWith = userId;
  const db = new LocalDb(dbNameForUser(userId));
  const opening = { userId, db, failed: false };
  early = opening;
  db.open().catch(() => {
    opening.failed = true;
  });
}

/** The user's database: the one opened early when it is theirs (and did not fail), or a new one. */
function takeDatabase(userId: Id): LocalDb {
  const taken = early;
  early = null;
  if (taken !== null && taken.userId === userId && !taken.failed) return taken.db;
  if (taken !== null) taken.db.close();
  return new LocalDb(dbNameForUser(userId));
}

export function SyncProvider({ userId, children }: { userId: Id; children: ReactNode }) {
  const handle = useMemo<SyncHandle>(() => ({ db: takeDatabase(userId), userId }), [userId]);

  // The sync loop's code is loaded after the first paint (issue 36); on a page opened with the
  // user's session, the loop starts once the screen has shown the device's data (right after
  // a login, at once: the first sync is what the user waits for). A write does not wait: it
  // loads the same code (useMutate) and the loop sends it when it starts.
  useEffect(() => {
    let stop: (() => void) | null = null;
    let ended = false;
    const waited = openedWith === userId;
    openedWith = null;
    (waited ? afterFirstData(SYNC_START_MAX_WAIT_MS) : Promise.resolve())
      .then(loadSyncRuntime)
      .then(
        (runtime) => {
          if (!ended) stop = runtime.startUserSync(handle.db, userId);
        },
        // The app's own chunk could not be had (a broken cache): the next start tries again;
        // nothing is lost, the outbox keeps what was written.
        (e: unknown) => console.error(e),
      );
    return () => {
      ended = true;
      stop?.();
    };
  }, [handle, userId]);

  useEffect(() => () => handle.db.close(), [handle]);

  return <SyncContext.Provider value={handle}>{children}</SyncContext.Provider>;
}

export function useSync(): SyncHandle {
  const handle = useContext(SyncContext);
  if (!handle) throw new Error('useSync must be used inside <SyncProvider>');
  return handle;
}
