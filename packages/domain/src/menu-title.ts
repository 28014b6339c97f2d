/**
 * A menu has no name of its own: it is shown as the list of what it contains, ordered by course
 * (Entrée, Plat principal, Dessert, Autre) then by name.
 */
import type { Plat } from './enums.js';
import type { Id, Ingredient, Menu, Recipe } from './entities.js';
import { compareItems } from './sorting.js';

/** A lookup by id, as a Map or as a plain object keyed by id. */
export type ById<T> = ReadonlyMap<Id, T> | Readonly<Record<Id, T>>;

/** One thing in a menu, as its chips show it ('receipe' is the contract's spelling). */
export interface MenuItem {
  kind: 'receipe' | 'ingredient';
  id: Id;
  name: string;
  plat: Plat;
}

function lookup<T>(rows: ById<T>, id: Id): T | undefined {
  if (rows instanceof Map) return rows.get(id);
  return Object.prototype.hasOwnProperty.call(rows, id)
    ? (rows as Readonly<Record<Id, T>>)[id]
    : undefined;
}

/**
 * The recipes and own ingredients of a menu in title order. Rows missing from the lookups (not
 * synced yet, or no longer readable) are skipped rather than shown blank. A menu ingredient
 * takes the course chosen in the menu, not one of its own.
 */
export function menuItems(
  menu: Pick<Menu, 'recipeIds' | 'ingredients'>,
  recipesById: ById<Pick<Recipe, 'name' | 'plat'>>,
  ingredientsById: ById<Pick<Ingredient, 'name'>>,
): MenuItem[] {
  const items: MenuItem[] = [];
  for (const id of menu.recipeIds) {
    const recipe = lookup(recipesById, id);
    if (recipe) items.push({ kind: 'receipe', id, name: recipe.name, plat: recipe.plat });
  }
  for (const { ingredientId, plat } of menu.ingredients) {
    const ingredient = lookup(ingredientsById, ingredientId);
    if (ingredient)
      items.push({ kind: 'ingredient', id: ingredientId, name: ingredient.name, plat });
  }
  // Same course and same name: recipes first, then by id, so the order never depends on input.
  return items.sort(
    (a, b) =>
      compareItems(a, b) || (a.kind === b.kind ? 0 : a.kind === 'receipe' ? -1 : 1) || a.id - b.id,
  );
}

/** The menu's title, e.g. 'Salade de tomates, Lasagnes, Pain'; '' for an empty menu. */
export function menuTitle(
  menu: Pick<Menu, 'recipeIds' | 'ingredients'>,
  recipesById: ById<Pick<Recipe, 'name' | 'plat'>>,
  ingredientsById: ById<Pick<Ingredient, 'name'>>,
): string {
  return menuItems(menu, recipesById, ingredientsById)
    .map((item) => item.name)
    .join(', ');
}
