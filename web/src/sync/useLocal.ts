/** Live queries over the device database for screens: they re-render on every change. */
import { useCallback } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { ReadStore } from '@popote/domain';
import { DexieStore, type LocalDb } from '@popote/sync-client';
import { useSync } from './SyncProvider';

/**
 * Runs `query` against the domain's Store over the local database and re-runs it whenever a
 * table it read changes (in this tab or another). Undefined while loading.
 */
export function useLocalQuery<T>(
  query: (store: DexieStore, db: LocalDb) => Promise<T>,
  deps: readonly unknown[],
): T | undefined {
  const { db } = useSync();
  return useLiveQuery(() => query(new DexieStore(db), db), [db, ...deps]);
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
