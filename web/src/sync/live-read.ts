/**
 * Live reads over the device database: a read that runs again whenever a table it read changes,
 * in this tab or another one. Every screen's live read goes through here (useLocalQuery).
 *
 * Why not Dexie's liveQuery: it learns what a query read from Dexie's zone, which native
 * async/await carries only for about 100 promise jobs after each Dexie call (see boundTables in
 * @popote/sync-client). A read rule that awaits long enough between two reads (the domain's
 * loaders do) makes its later reads invisible: the query never runs again when their tables
 * change, and the screen shows stale data until a reload (issue 30, case 7). Here the query is
 * handed tables that record their own name when used, so what it read is known whatever its
 * awaits; it runs again on Dexie's global 'storagemutated' notice, which Dexie sends after every
 * committed write of this tab and relays from the other tabs of the browser.
 */
import { useEffect, useReducer, useRef } from 'react';
import { Dexie, type ObservabilitySet } from 'dexie';
import type { TableName } from '@popote/domain';
import { boundTables, DexieStore, type DeviceTables, type LocalDb } from '@popote/sync-client';
import { holdFirstData } from './first-data';

/** What a live read is handed: the domain's Store and the device's tables, both recording. */
export type LiveQuery<T> = (store: DexieStore, tables: DeviceTables) => Promise<T>;

/** The device's tables, each adding its name to `read` when it is used. */
export function recordingTables(db: LocalDb, read: Set<string>): DeviceTables {
  const noted = <V>(name: string, table: V): V => {
    read.add(name);
    return table;
  };
  return {
    get outbox() {
      return noted('outbox', db.outbox);
    },
    get base() {
      return noted('base', db.base);
    },
    get meta() {
      return noted('meta', db.meta);
    },
    get rejected() {
      return noted('rejected', db.rejected);
    },
    entityTable: (table) => noted(table, db.entityTable(table)),
  };
}

/**
 * Runs `read` in one read-only transaction over the entity tables `names`, with a store bound
 * to it, and notes those tables as read by the live query that was handed `tables` (the
 * recording ones): a live read whose reads depend on each other then costs one IndexedDB
 * transaction instead of one per read (issue 36). `read` must read only through the store it is
 * handed, and only `names`.
 */
export function readTogether<T>(
  db: LocalDb,
  tables: DeviceTables,
  names: readonly TableName[],
  read: (store: DexieStore) => Promise<T>,
): Promise<T> {
  for (const name of names) tables.entityTable(name);
  return db.transaction(
    'r',
    names.map((name) => db.table(name)),
    (tx) => read(new DexieStore(boundTables(tx))),
  );
}

/** Every table (all: true), or the tables of `dbName` that a 'storagemutated' notice names. */
export function changedTables(
  dbName: string,
  parts: ObservabilitySet,
): { all: true } | { all: false; tables: Set<string> } {
  const prefix = `idb://${dbName}/`;
  const tables = new Set<string>();
  for (const key of Object.keys(parts)) {
    // Dexie says 'all' when a page comes back from the back-forward cache: anything may differ.
    if (key === 'all') return { all: true };
    if (key.startsWith(prefix)) tables.add(key.slice(prefix.length).split('/')[0] ?? '');
  }
  return { all: false, tables };
}

export interface LiveReadHandlers<T> {
  value(value: T): void;
  error(error: unknown): void;
}

/**
 * Runs `query` now and again whenever a table it read changes, until the answered function is
 * called. A change made while the query runs makes it run once more when it ends (what it read
 * may predate the change); changes that arrive together cause one run.
 */
export function watchLiveRead<T>(
  db: LocalDb,
  query: LiveQuery<T>,
  on: LiveReadHandlers<T>,
): () => void {
  let stopped = false;
  let running = false;
  let scheduled = false;
  /** The tables the last finished run read. */
  let read = new Set<string>();
  /** Changes seen while a run was under way. */
  let changedDuringRun = new Set<string>();
  let allChangedDuringRun = false;
  const firstAnswer = holdFirstData();

  const run = async (): Promise<void> => {
    scheduled = false;
    running = true;
    changedDuringRun = new Set();
    allChangedDuringRun = false;
    const reading = new Set<string>();
    const tables = recordingTables(db, reading);
    try {
      // Outside any transaction whose notice started this run.
      const value = await Dexie.ignoreTransaction(() => query(new DexieStore(tables), tables));
      if (!stopped) on.value(value);
    } catch (error) {
      if (!stopped) on.error(error);
    }
    firstAnswer();
    running = false;
    read = reading;
    if (allChangedDuringRun || [...changedDuringRun].some((t) => read.has(t))) schedule();
  };
  const schedule = (): void => {
    if (stopped || scheduled) return;
    scheduled = true;
    // A macrotask: a pull's pages and a mutation's writes, notified together, cause one run.
    setTimeout(() => {
      if (!stopped) void run();
    }, 0);
  };
  const onMutated = (parts: ObservabilitySet): void => {
    const changed = changedTables(db.name, parts);
    if (running) {
      if (changed.all) allChangedDuringRun = true;
      else for (const table of changed.tables) changedDuringRun.add(table);
    } else if (changed.all || [...changed.tables].some((t) => read.has(t))) {
      schedule();
    }
  };

  Dexie.on('storagemutated', onMutated);
  void run();
  return () => {
    stopped = true;
    firstAnswer();
    Dexie.on.storagemutated.unsubscribe(onMutated);
  };
}

/**
 * `query`'s answer, kept up to date (see watchLiveRead): `initial` until the first answer; when
 * `deps` change, the previous answer until the new one comes. An error thrown by the query is
 * thrown here, for the screen's error boundary.
 */
export function useLiveRead<T, I = undefined>(
  db: LocalDb,
  query: LiveQuery<T>,
  deps: readonly unknown[],
  initial?: I,
): T | I {
  const state = useRef<{ result: T | I; error: unknown }>({
    result: initial as I,
    error: undefined,
  });
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(
    () =>
      watchLiveRead(db, query, {
        value: (value) => {
          if (state.current.error === undefined && Object.is(state.current.result, value)) return;
          state.current = { result: value, error: undefined };
          rerender();
        },
        error: (error) => {
          state.current = { ...state.current, error };
          rerender();
        },
      }),
    // The query is a new function at each render: the caller's deps say when it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [db, ...deps],
  );
  if (state.current.error !== undefined) throw state.current.error;
  return state.current.result;
}
