/**
 * Recipes a menu names that this device cannot read: another user's unpublished recipe in a
 * menu the user may read (published by a third user, or used by their meal). The device holds
 * only the id; the screens show each as the placeholder 'Recette non publiée', never a content
 * (ARCHITECTURE.md, 'Who may read and write what').
 */
import type { Id, Menu } from '@popote/domain';
import { COMMON } from '../strings';

/**
 * The recipe ids of a menu missing from what the device read. Until the first sync of the
 * device is done, a missing recipe may only be on its way: pass `firstSyncDone` false to show
 * none.
 */
export function unreadableRecipeIds(
  menu: Pick<Menu, 'recipeIds'>,
  recipesById: ReadonlyMap<Id, unknown>,
  firstSyncDone = true,
): Id[] {
  return firstSyncDone ? menu.recipeIds.filter((id) => !recipesById.has(id)) : [];
}

/** A menu's title (its readable items) followed by one placeholder per unreadable recipe. */
export function titleWithUnreadable(title: string, unreadable: number): string {
  const parts = title === '' ? [] : [title];
  for (let i = 0; i < unreadable; i++) parts.push(COMMON.unpublishedRecipe);
  return parts.join(', ');
}
