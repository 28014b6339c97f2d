/**
 * Who may read what (ARCHITECTURE.md, "Who may read and write what"). The server applies these
 * rules to every pull and every REST read; devices apply them to drop rows that stopped being
 * readable. They are the single definition of visibility.
 *
 * - users (pseudonyms), ingredients, profiles and suppliers: readable by everyone.
 * - stays, groups, meals: their owner only.
 * - menus: owner, everyone once published, and any user whose meal uses the menu.
 * - recipes: owner, everyone once published, and any user who may read a menu containing it.
 */
import type { Id, Meal, Menu, Recipe, Row, TableName } from './entities.js';
import type { ReadStore } from './store.js';

const PUBLIC_TABLES: ReadonlySet<TableName> = new Set([
  'users',
  'ingredients',
  'profiles',
  'suppliers',
]);
const OWNER_ONLY_TABLES: ReadonlySet<TableName> = new Set(['stays', 'groups', 'meals']);

export const isPublicTable = (table: TableName): boolean => PUBLIC_TABLES.has(table);
export const isOwnerOnlyTable = (table: TableName): boolean => OWNER_ONLY_TABLES.has(table);

export async function canReadMenu(store: ReadStore, userId: Id, menu: Menu): Promise<boolean> {
  if (menu.owner === userId || menu.isPublished) return true;
  const meals = await store.where('meals', 'menuId', menu.id);
  return meals.some((m) => m.owner === userId);
}

export async function canReadRecipe(
  store: ReadStore,
  userId: Id,
  recipe: Recipe,
): Promise<boolean> {
  if (recipe.owner === userId || recipe.isPublished) return true;
  const menus = await store.where('menus', 'recipeIds', recipe.id);
  for (const menu of menus) if (await canReadMenu(store, userId, menu)) return true;
  return false;
}

export async function canReadRow<T extends TableName>(
  store: ReadStore,
  userId: Id,
  table: T,
  row: Row<T>,
): Promise<boolean> {
  if (isPublicTable(table)) return true;
  if (isOwnerOnlyTable(table)) return (row as Row<'stays'>).owner === userId;
  if (table === 'menus') return canReadMenu(store, userId, row as Menu);
  return canReadRecipe(store, userId, row as Recipe);
}

/** Every id a user may read, per table: what a first sync sends. */
export async function readableIds(store: ReadStore, userId: Id): Promise<Record<TableName, Id[]>> {
  const stayIds = await store.whereIds('stays', 'owner', userId);
  const groupIds: Id[] = [];
  const meals: Meal[] = [];
  for (const stayId of stayIds) {
    groupIds.push(...(await store.whereIds('groups', 'stayId', stayId)));
    meals.push(...(await store.where('meals', 'stayId', stayId)));
  }
  const menuIds = new Set<Id>([
    ...(await store.whereIds('menus', 'owner', userId)),
    ...(await store.whereIds('menus', 'published', 1)),
    ...meals.map((m) => m.menuId),
  ]);
  const recipeIds = new Set<Id>([
    ...(await store.whereIds('recipes', 'owner', userId)),
    ...(await store.whereIds('recipes', 'published', 1)),
  ]);
  // Recipes are readable through any readable menu, including other users' private ones
  // that one of this user's meals uses.
  for (const menu of await store.getMany('menus', [...menuIds])) {
    for (const r of menu.recipeIds) recipeIds.add(r);
  }
  return {
    users: await store.allIds('users'),
    ingredients: await store.allIds('ingredients'),
    profiles: await store.allIds('profiles'),
    suppliers: await store.allIds('suppliers'),
    stays: stayIds,
    groups: groupIds,
    meals: meals.map((m) => m.id),
    menus: [...menuIds],
    recipes: [...recipeIds],
  };
}

/**
 * Rows that become readable because this one is: a readable menu makes its recipes readable,
 * a user's meal makes its menu (and so that menu's recipes) readable. A pull sends them along
 * with the changed row, since they may not have changed themselves.
 */
export async function readableDependents(
  store: ReadStore,
  userId: Id,
  table: TableName,
  row: Row,
): Promise<{ menus: Id[]; recipes: Id[] }> {
  if (table === 'menus') return { menus: [], recipes: [...(row as Menu).recipeIds] };
  if (table === 'meals' && (row as Meal).owner === userId) {
    const menu = await store.get('menus', (row as Meal).menuId);
    return { menus: menu ? [menu.id] : [], recipes: menu ? [...menu.recipeIds] : [] };
  }
  return { menus: [], recipes: [] };
}

/**
 * On a device, after a pull: the menus and recipes that no longer pass the read rules given
 * the device's own rows (the device holds exactly what the user may read, so the rules can be
 * evaluated locally). Pure, over plain arrays.
 */
export function unreadableLocalRows(
  userId: Id,
  menus: readonly Menu[],
  recipes: readonly Recipe[],
  meals: readonly Meal[],
): { menus: Id[]; recipes: Id[] } {
  const usedByMyMeals = new Set(meals.filter((m) => m.owner === userId).map((m) => m.menuId));
  const readableMenus = menus.filter(
    (m) => m.owner === userId || m.isPublished || usedByMyMeals.has(m.id),
  );
  const inReadableMenus = new Set(readableMenus.flatMap((m) => m.recipeIds));
  const readableMenuIds = new Set(readableMenus.map((m) => m.id));
  return {
    menus: menus.filter((m) => !readableMenuIds.has(m.id)).map((m) => m.id),
    recipes: recipes
      .filter((r) => !(r.owner === userId || r.isPublished || inReadableMenus.has(r.id)))
      .map((r) => r.id),
  };
}
