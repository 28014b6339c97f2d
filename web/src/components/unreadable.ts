/**
 * Recipes a menu names that this device cannot read: another user's unpublished recipe in a
 * menu the user may read (published by a third user, or used by their meal). The device holds
 * only the id; the screens show each as the placeholder 'Recette non publiée', never a content
 * (ARCHITECTURE.md, 'Who may read and write what'). The rule is the domain's, shared with the
 * server's answers and files (reader-view.ts).
 */
import { hiddenRecipeIds, titleWithHidden, type Id, type Menu } from '@popote/domain';

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
  return firstSyncDone ? hiddenRecipeIds(menu, recipesById) : [];
}

/** A menu's title (its readable items) followed by one placeholder per unreadable recipe. */
export const titleWithUnreadable = titleWithHidden;
