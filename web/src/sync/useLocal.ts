/** Live queries over the device database for screens: they re-render on every change. */
import { useCallback } from 'react';
import type { ReadStore } from '@popote/domain';
import { DexieStore } from '@popote/sync-client';
import { useLiveRead, type LiveQuery } from './live-read';
import { useSync } from './SyncProvider';

/**
 * Runs `query` against the domain's Store over the local database and re-runs it whenever a
 * table it read changes (in this tab or another), however its awaits are chained: the one way
 * a screen reads the device database live (see live-read.ts). Read only through the store and
 * the tables it is handed: they record what the query read. Undefined (or `initial`) while
 * loading.
 */
export function useLocalQuery<T>(query: LiveQuery<T>, deps: readonly unknown[]): T | undefined;
export function useLocalQuery<T>(query: LiveQuery<T>, deps: readonly unknown[], initial: T): T;
export function useLocalQuery<T>(
  query: LiveQuery<T>,
  deps: readonly unknown[],
  initial?: T,
): T | undefined {
  const { db } = useSync();
  return useLiveRead(db, query, deps, initial);
}

/**
 * A one-off read of the local database through the domain's Store, for what an action checks
 * when it is taken (not a view that must follow changes: that is useLocalQuery).
 */
export function useLocalRead(): <T>(query: (store: ReadStore) => Promise<T>) => Promise<T> {
  const { db } = useSync();
  return useCallback(
    <T>(query: (store: ReadStore) => Promise<T>) => query(new DexieStore(db)),
    [db],
  );
}
