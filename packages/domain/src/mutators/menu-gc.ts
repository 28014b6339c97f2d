/**
 * A non-favourite menu belongs to the one meal that uses it; when no meal uses it any more it
 * is deleted (reference page, "Every meal owns a menu").
 */
import type { Id, Meal } from '../entities.js';
import type { MutationContext } from './define.js';

export function menusOfMeals(meals: readonly Meal[]): Id[] {
  return [...new Set(meals.map((m) => m.menuId))];
}

/**
 * Deletes the menu if it is a private menu of `owner` (the owner of the meal that used it: the
 * user, or the owner of a stay the user plans, issue 32) that no meal uses any more.
 */
export async function collectPrivateMenu(
  ctx: MutationContext,
  menuId: Id,
  owner: Id,
): Promise<void> {
  const menu = await ctx.store.get('menus', menuId);
  if (!menu || menu.isFavorite || menu.owner !== owner) return;
  const users = await ctx.store.whereIds('meals', 'menuId', menuId);
  if (users.length === 0) await ctx.store.delete('menus', menuId);
}
