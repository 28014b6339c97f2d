/**
 * A reader's view of a store: the rows one user may read, and nothing else (issue 30). Every
 * read the server makes on behalf of a user (the REST views, the compile behind /api, the
 * files) goes through it, so that what /api answers is what a pull sends: a row the pull would
 * not send is missing from the view, exactly as it is missing from that user's device.
 *
 * The decision is visibility.ts's (canReadMenu, canReadRecipe), taken on the raw store; the
 * view only filters what a read returns, and remembers each decision for its lifetime (one
 * request), so that a list of thousands of menus decides each recipe once. Own and published
 * rows are decided without a read; only another user's unpublished row costs a look at the
 * menus (and their meals) that could share it.
 *
 * A menu may name a recipe its reader cannot read (another user's recipe unpublished since it
 * was put in the menu, see visibility.ts "Not transitive"): the view leaves it out and the
 * answers show it as the placeholder HIDDEN_RECIPE, as the web app does (unreadable.ts), with
 * its quantities not counted (HIDDEN_NOT_COUNTED).
 */
import type { Id, Meal, Menu, Recipe, TableName, Tables } from './entities.js';
import type { IndexName, IndexValue, ReadStore } from './store.js';
import {
  canReadMenu,
  canReadRecipe,
  isOwnerOnlyTable,
  isPublicTable,
  isStayMember,
  isStayTable,
  stayIdOf,
} from './visibility.js';

/** The name shown for a recipe its reader may not read (the web app's 'Recette non publiée'). */
export const HIDDEN_RECIPE = 'Recette non publiée';

/**
 * The row shown in place of a recipe its reader may not read, where an answer must list the
 * menu's recipes as rows (the contract's Receipes, the phone's export): its id and nothing of
 * it (no owner, course, text, date nor ingredient).
 */
export const hiddenRecipe = (id: Id): Recipe => ({
  id,
  owner: 0,
  name: HIDDEN_RECIPE,
  plat: 0,
  description: '',
  isPublished: false,
  updated: '1970-01-01T00:00:00.000Z',
  ingredients: [],
});

/** Said wherever quantities are listed and a hidden recipe's were left out. */
export function hiddenNotCounted(recipes: number): string {
  return recipes === 1
    ? 'Recette non publiée : ses quantités ne sont pas comptées.'
    : `${recipes} recettes non publiées : leurs quantités ne sont pas comptées.`;
}

/**
 * The store as `userId` may read it: get, getMany, where, whereIds, all and allIds leave out
 * the rows of menus, recipes and owner-only tables that the read rules refuse this user.
 * Decisions are kept for the view's lifetime: make one per request, not one per server.
 */
export function readableBy(store: ReadStore, userId: Id): ReadStore {
  const menus = new Map<Id, Promise<boolean>>();
  const recipes = new Map<Id, Promise<boolean>>();
  const memberOf = new Map<Id, Promise<boolean>>();
  const remember = (memo: Map<Id, Promise<boolean>>, id: Id, decide: () => Promise<boolean>) => {
    let decision = memo.get(id);
    if (decision === undefined) {
      decision = decide();
      memo.set(id, decision);
    }
    return decision;
  };
  const allowed = async <T extends TableName>(table: T, row: Tables[T]): Promise<boolean> => {
    if (isPublicTable(table)) return true;
    if (isOwnerOnlyTable(table) && (row as Meal).owner === userId) return true;
    if (isStayTable(table)) {
      // A stay's rows: also its members' (issue 32), decided once per stay.
      const stayId = stayIdOf(table, row);
      if (stayId === null) return false;
      return remember(memberOf, stayId, () => isStayMember(store, stayId, userId));
    }
    if (isOwnerOnlyTable(table)) return false;
    const shared = row as Menu | Recipe;
    // Own and published rows need no read (the common case of a library list).
    if (shared.owner === userId || shared.isPublished) return true;
    return table === 'menus'
      ? remember(menus, shared.id, () => canReadMenu(store, userId, shared as Menu))
      : remember(recipes, shared.id, () => canReadRecipe(store, userId, shared as Recipe));
  };
  const keep = async <T extends TableName>(table: T, rows: Tables[T][]): Promise<Tables[T][]> => {
    if (isPublicTable(table)) return rows;
    const verdicts = await Promise.all(rows.map((row) => allowed(table, row)));
    return rows.filter((_, i) => verdicts[i]);
  };
  const ids = (rows: readonly { id: Id }[]): Id[] => rows.map((r) => r.id);
  return {
    async get<T extends TableName>(table: T, id: Id) {
      const row = await store.get(table, id);
      return row !== undefined && (await allowed(table, row)) ? row : undefined;
    },
    async getMany<T extends TableName>(table: T, wanted: readonly Id[]) {
      return keep(table, await store.getMany(table, wanted));
    },
    async where<T extends TableName>(table: T, index: IndexName<T>, value: IndexValue) {
      return keep(table, await store.where(table, index, value));
    },
    async whereIds<T extends TableName>(table: T, index: IndexName<T>, value: IndexValue) {
      // The user's own rows and the published ones are readable by rule: ids alone will do.
      const ownOrPublished =
        (index === 'owner' && value === userId) || (index === 'published' && value === 1);
      if (isPublicTable(table) || ownOrPublished) return store.whereIds(table, index, value);
      return ids(await keep(table, await store.where(table, index, value)));
    },
    async all<T extends TableName>(table: T) {
      return keep(table, await store.all(table));
    },
    async allIds(table: TableName) {
      if (isPublicTable(table)) return store.allIds(table);
      return ids(await keep(table, await store.all(table)));
    },
  };
}

/**
 * The recipes a menu names that are missing from what its reader read: in a reader's view,
 * the recipes it may not read, shown as HIDDEN_RECIPE (one per recipe, in the menu's order).
 */
export function hiddenRecipeIds(
  menu: Pick<Menu, 'recipeIds'>,
  recipesById: ReadonlyMap<Id, unknown>,
): Id[] {
  return [...new Set(menu.recipeIds)].filter((id) => !recipesById.has(id));
}

/** A menu's title (its readable items) followed by one HIDDEN_RECIPE per hidden recipe. */
export function titleWithHidden(title: string, hidden: number): string {
  const parts = title === '' ? [] : [title];
  for (let i = 0; i < hidden; i++) parts.push(HIDDEN_RECIPE);
  return parts.join(', ');
}

/**
 * The hidden recipes of the meals of the chosen days (menus only: alternatives hold the user's
 * own recipes), distinct: what a compile read through a reader's view could not count.
 */
export function hiddenRecipesOfMeals(input: {
  meals: readonly Pick<Meal, 'menuId' | 'day'>[];
  menus: readonly Menu[];
  recipes: readonly Pick<Recipe, 'id'>[];
  days?: readonly number[];
}): Id[] {
  const days = input.days === undefined ? null : new Set(input.days);
  const menusById = new Map(input.menus.map((m) => [m.id, m]));
  const recipesById = new Map(input.recipes.map((r) => [r.id, r]));
  const hidden = new Set<Id>();
  for (const meal of input.meals) {
    if (days !== null && !days.has(meal.day)) continue;
    const menu = menusById.get(meal.menuId);
    if (menu) for (const id of hiddenRecipeIds(menu, recipesById)) hidden.add(id);
  }
  return [...hidden];
}
