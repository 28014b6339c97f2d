/**
 * The rows the library reads, in one live query each, so that the list, its search and its
 * menu titles work from rows read once per change rather than once per keystroke.
 */
import { useMemo } from 'react';
import {
  addableItems,
  type AddableItem,
  type Id,
  type Ingredient,
  type Menu,
  type Recipe,
} from '@popote/domain';
import { useLocalQuery } from '../../sync/useLocal';

export interface LibraryRows {
  /** The user's own menus and the published ones (meals' private menus included: filtered later). */
  menus: Menu[];
  /** Every recipe the device holds: the user may read them all. */
  recipes: Recipe[];
  ingredients: Ingredient[];
}

export function useLibraryRows(userId: Id): LibraryRows | undefined {
  return useLocalQuery(
    async (store) => {
      const [own, published, recipes, ingredients] = await Promise.all([
        store.where('menus', 'owner', userId),
        store.where('menus', 'published', 1),
        store.all('recipes'),
        store.all('ingredients'),
      ]);
      const menus = new Map<Id, Menu>();
      for (const menu of [...own, ...published]) menus.set(menu.id, menu);
      return { menus: [...menus.values()], recipes, ingredients };
    },
    [userId],
  );
}

/** What the search selectors of the menu and recipe views can add. */
export function useAddableItems(
  userId: Id,
  what: 'recipes-and-ingredients' | 'ingredients',
): { items: AddableItem[]; ingredients: Ingredient[] } | undefined {
  const rows = useLocalQuery(
    async (store) => ({
      recipes: what === 'ingredients' ? [] : await store.all('recipes'),
      ingredients: await store.all('ingredients'),
    }),
    [what],
  );
  return useMemo(
    () =>
      rows && {
        items: addableItems(rows.recipes, rows.ingredients, userId),
        ingredients: rows.ingredients,
      },
    [rows, userId],
  );
}
