/**
 * What 'Annuler' puts back after a destructive action. Before the action runs, the rows it may
 * touch (its scope, declared with its mutator) are read; after it, the same scope is read
 * again; the difference is the restoreSnapshot mutation that undoes it exactly, ids included.
 */
import type { Id, Row, TableName } from './entities.js';
import { MUTATORS, type MutationArgs, type MutationName } from './mutators/index.js';
import { checkArgs, type MutatorDef } from './mutators/define.js';
import type { RowRef } from './mutators/undo-scope.js';
import type { RestorableTable, RestoreSnapshotArgs, RestoredRow } from './mutators/restore.js';
import { RESTORE_ORDER } from './mutators/restore.js';
import type { ReadStore } from './store.js';

/** The actions that offer 'Annuler': those declared with an undo scope. */
export type UndoableMutation = {
  [N in MutationName]: (typeof MUTATORS)[N]['undo'] extends null ? never : N;
}[MutationName];

export const UNDOABLE_MUTATIONS = (Object.keys(MUTATORS) as MutationName[]).filter(
  (name): name is UndoableMutation => MUTATORS[name].undo !== null,
);

export const isUndoable = (name: MutationName): name is UndoableMutation =>
  MUTATORS[name].undo !== null;

const isRestorable = (table: TableName): table is RestorableTable =>
  (RESTORE_ORDER as readonly string[]).includes(table);

/** The rows an action may change, read in the state the store is in now. */
export async function undoScope<N extends UndoableMutation>(
  store: ReadStore,
  userId: Id,
  name: N,
  args: MutationArgs<N>,
): Promise<RowRef[]> {
  const def = MUTATORS[name] as MutatorDef;
  return def.undo === null ? [] : def.undo(store, userId, checkArgs(def.schema, args));
}

const keyOf = (ref: { table: TableName; id: Id }): string => `${ref.table}:${ref.id}`;

export type ScopeRows = Map<string, { table: RestorableTable; row: Row }>;

/** Reads the rows of a scope as they are now (missing rows are left out). */
export async function readScope(store: ReadStore, refs: readonly RowRef[]): Promise<ScopeRows> {
  const rows: ScopeRows = new Map();
  for (const ref of refs) {
    if (!isRestorable(ref.table) || rows.has(keyOf(ref))) continue;
    const row = await store.get(ref.table, ref.id);
    if (row) rows.set(keyOf(ref), { table: ref.table, row });
  }
  return rows;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The mutation that brings `after` back to `before`: the rows that changed or went, as they
 * were, and the meals and menus that the action created. Null when the action changed nothing.
 */
export function undoArgs(before: ScopeRows, after: ScopeRows): RestoreSnapshotArgs | null {
  const put: RestoredRow[] = [];
  for (const [key, was] of before) {
    const now = after.get(key);
    if (!now || !same(now.row, was.row))
      put.push({ table: was.table, row: was.row } as RestoredRow);
  }
  const remove: RestoreSnapshotArgs['remove'] = [];
  for (const [key, now] of after) {
    if (before.has(key)) continue;
    if (now.table === 'meals' || now.table === 'menus')
      remove.push({ table: now.table, id: now.row.id });
  }
  return put.length === 0 && remove.length === 0 ? null : { put, remove };
}

/**
 * Runs an action so that it can be undone: reads its scope, runs it, reads the scope again
 * (the rows the action created included) and returns what undoes it.
 */
export async function runUndoable<N extends UndoableMutation>(
  store: ReadStore,
  userId: Id,
  name: N,
  args: MutationArgs<N>,
  run: () => Promise<void>,
): Promise<RestoreSnapshotArgs | null> {
  const beforeRefs = await undoScope(store, userId, name, args);
  const before = await readScope(store, beforeRefs);
  await run();
  const afterRefs = [...beforeRefs, ...(await undoScope(store, userId, name, args))];
  return undoArgs(before, await readScope(store, afterRefs));
}
