/**
 * Opens the logged-in user's local database and runs the sync loop for as long as the user is
 * logged in. Screens get the database and `mutate` through the hooks below.
 */
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import type { Id } from '@popote/domain';
import { getSession, subscribeSession } from '../session/session';
import { endDeletedAccount } from '../session/account-deleted';
import { ACCOUNT_DELETION } from '../strings';
import {
  LocalDb,
  dbNameForUser,
  SyncEngine,
  listenServerHints,
  startSyncLoop,
  httpTransport,
  TransportError,
  type SyncTransport,
} from '@popote/sync-client';

export interface SyncHandle {
  db: LocalDb;
  userId: Id;
  engine: SyncEngine;
}

const SyncContext = createContext<SyncHandle | null>(null);

const currentToken = (): string | null => getSession()?.token ?? null;

/** The `online` event, as the transport listens for it. */
function onNetworkBack(callback: () => void): () => void {
  window.addEventListener('online', callback);
  return () => window.removeEventListener('online', callback);
}

/** Resolves when the stored token changes (the user logged in again). */
function waitForNewToken(signal: AbortSignal): Promise<void> {
  const before = currentToken();
  return new Promise((resolve) => {
    const stop = subscribeSession(() => {
      if (currentToken() !== before) done();
    });
    function done() {
      stop();
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * The transport, with a watch on its answers: the account was deleted (on another device,
 * issue 33) ends the session here and clears the user's local database.
 */
function watchAccountDeleted(transport: SyncTransport, userId: Id): SyncTransport {
  const watched =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await call(...args);
      } catch (e) {
        if (e instanceof TransportError && e.failure === 'accountDeleted') {
          void endDeletedAccount(userId, ACCOUNT_DELETION.deletedElsewhere);
        }
        throw e;
      }
    };
  return {
    ids: watched((request) => transport.ids(request)),
    push: watched((request) => transport.push(request)),
    pull: watched((request) => transport.pull(request)),
  };
}

/** The database opened as the page starts (openDatabaseEarly), until a SyncProvider takes it. */
let early: { userId: Id; db: LocalDb; failed: boolean } | null = null;

/**
 * Starts opening the user's local database at once, as the page starts, for the session the
 * device already holds (issue 36): IndexedDB's open then runs while the screen's code loads
 * and renders, instead of after it, on the screen's first read. The SyncProvider of that user
 * takes it; a failed open is left for the provider to retry as before (its first read opens).
 */
export function openDatabaseEarly(userId: Id): void {
  if (early !== null) return;
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
  const handle = useMemo<SyncHandle>(() => {
    const db = takeDatabase(userId);
    const engine = new SyncEngine(
      db,
      userId,
      watchAccountDeleted(
        httpTransport('', currentToken, { onNetworkBack: onNetworkBack }),
        userId,
      ),
    );
    return { db, userId, engine };
  }, [userId]);

  useEffect(() => {
    const stop = startSyncLoop({
      engine: handle.engine,
      userId,
      listenHints: (onPoke, signal, onOpen) =>
        listenServerHints(currentToken, onPoke, signal, onOpen),
      waitForNewToken,
    });
    return () => {
      stop();
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
