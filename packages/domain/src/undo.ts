/**
 * What 'Annuler' puts back after a destructive action. Before the action runs, the rows it may
 * touch (its scope) are read; after it, the same scope is read again; the difference is the
 * restoreSnapshot mutation that undoes it exactly, ids included.
 */
import type { Id, Meal, Row, TableName } from './entities.js';
import type { MutationArgs, MutationName } from './mutators/index.js';
import type { RestorableTable, RestoreSnapshotArgs, RestoredRow } from './mutators/restore.js';
import { RESTORE_ORDER } from './mutators/restore.js';
import type { ReadStore } from './store.js';

/** The actions that offer 'Annuler'. */
export const UNDOABLE_MUTATIONS = [
  'deleteMeal',
  'swapMealMenus',
  'runMealWizard',
  'deleteStay',
  'deleteGroup',
  'removeMenuItem',
  'deleteRecipe',
  'deleteMenu',
  'deleteIngredient',
  'deleteProfile',
  'deleteSupplier',
  'deleteShopList',
  'deleteStock',
  'removeMealAlternative',
] as const satisfies readonly MutationName[];

export type UndoableMutation = (typeof UNDOABLE_MUTATIONS)[number];

export const isUndoable = (name: MutationName): name is UndoableMutation =>
  (UNDOABLE_MUTATIONS as readonly string[]).includes(name);

export interface RowRef {
  table: RestorableTable;
  id: Id;
}

const isRestorable = (table: TableName): table is RestorableTable =>
  (RESTORE_ORDER as readonly string[]).includes(table);

/** A meal's menu is part of the meal when it is the user's private one. */
async function mealRefs(store: ReadStore, userId: Id, meals: readonly Meal[]): Promise<RowRef[]> {
  const refs: RowRef[] = meals.map((m) => ({ table: 'meals', id: m.id }));
  const menus = await store.getMany('menus', [...new Set(meals.map((m) => m.menuId))]);
  for (const menu of menus) {
    if (menu.owner === userId && !menu.isFavorite) refs.push({ table: 'menus', id: menu.id });
  }
  return refs;
}

/** The rows an action may change, read in the state the store is in now. */
export async function undoScope<N extends UndoableMutation>(
  store: ReadStore,
  userId: Id,
  name: N,
  args: MutationArgs<N>,
): Promise<RowRef[]> {
  const a = args as Record<string, unknown>;
  switch (name) {
    case 'deleteMeal': {
      const meal = await store.get('meals', a.id as Id);
      return meal ? mealRefs(store, userId, [meal]) : [];
    }
    case 'swapMealMenus':
      return [
        { table: 'meals', id: a.mealId1 as Id },
        { table: 'meals', id: a.mealId2 as Id },
      ];
    case 'runMealWizard':
      return mealRefs(store, userId, await store.where('meals', 'stayId', a.stayId as Id));
    case 'deleteStay': {
      const stayId = a.id as Id;
      const groups = await store.whereIds('groups', 'stayId', stayId);
      const stock = await store.whereIds('stock', 'stayId', stayId);
      const lists = await store.whereIds('shopLists', 'stayId', stayId);
      return [
        { table: 'stays', id: stayId },
        ...groups.map((id): RowRef => ({ table: 'groups', id })),
        ...stock.map((id): RowRef => ({ table: 'stock', id })),
        ...lists.map((id): RowRef => ({ table: 'shopLists', id })),
        ...(await mealRefs(store, userId, await store.where('meals', 'stayId', stayId))),
      ];
    }
    case 'deleteGroup': {
      const group = await store.get('groups', a.id as Id);
      if (!group) return [];
      const meals = await store.where('meals', 'stayId', group.stayId);
      return [
        { table: 'groups', id: group.id },
        ...meals
          .filter((m) => m.groupIds.includes(group.id))
          .map((m): RowRef => ({ table: 'meals', id: m.id })),
      ];
    }
    case 'removeMenuItem':
      return [{ table: 'menus', id: a.menuId as Id }];
    case 'deleteRecipe':
      return [{ table: 'recipes', id: a.id as Id }];
    case 'deleteMenu':
      return [{ table: 'menus', id: a.id as Id }];
    case 'deleteIngredient':
      return [{ table: 'ingredients', id: a.id as Id }];
    case 'deleteProfile': {
      const profileId = a.id as Id;
      const suppliers = await store.whereIds('suppliers', 'profileId', profileId);
      const stays = await store.where('stays', 'profileId', profileId);
      return [
        { table: 'profiles', id: profileId },
        ...suppliers.map((id): RowRef => ({ table: 'suppliers', id })),
        ...stays
          .filter((s) => s.owner === userId)
          .map((s): RowRef => ({ table: 'stays', id: s.id })),
      ];
    }
    case 'removeMealAlternative':
      return [{ table: 'meals', id: a.mealId as Id }];
    case 'deleteShopList':
      return [{ table: 'shopLists', id: a.id as Id }];
    case 'deleteStock':
      return [{ table: 'stock', id: a.id as Id }];
    case 'deleteSupplier': {
      const supplier = await store.get('suppliers', a.id as Id);
      return supplier
        ? [
            { table: 'suppliers', id: supplier.id },
            { table: 'profiles', id: supplier.profileId },
          ]
        : [];
    }
  }
  return [];
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
