/**
 * What 'Annuler' may have to put back after an action: the rows it may touch (its undo scope),
 * declared with each undoable mutator (MutatorDef.undo) and read by undo.ts before and after the
 * action runs.
 */
import type { Id, Meal } from '../entities.js';
import type { ReadStore } from '../store.js';
import type { RestorableTable } from './restore.js';

export interface RowRef {
  table: RestorableTable;
  id: Id;
}

/** The rows an action with these arguments may change, read in the state the store is in. */
export type UndoScope<A> = (store: ReadStore, userId: Id, args: A) => Promise<RowRef[]>;

/** A meal's menu is part of the meal when it is the user's private one. */
export async function mealRefs(
  store: ReadStore,
  userId: Id,
  meals: readonly Meal[],
): Promise<RowRef[]> {
  const refs: RowRef[] = meals.map((m) => ({ table: 'meals', id: m.id }));
  const menus = await store.getMany('menus', [...new Set(meals.map((m) => m.menuId))]);
  // A private menu is its meal's: the user's, or the owner's of a stay the user plans.
  const mealOwners = new Set(meals.map((m) => m.owner));
  for (const menu of menus) {
    if (!menu.isFavorite && (menu.owner === userId || mealOwners.has(menu.owner))) {
      refs.push({ table: 'menus', id: menu.id });
    }
  }
  return refs;
}
