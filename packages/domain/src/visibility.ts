/**
 * Who may read what (ARCHITECTURE.md, "Who may read and write what"). The server applies these
 * rules to every pull and every REST read; devices apply them to drop rows that stopped being
 * readable. They are the single definition of visibility.
 *
 * - users (pseudonyms), ingredients, profiles and suppliers: readable by everyone.
 * - stays, groups, meals, the larder, shopping lists and purchases (packs and prices): their
 *   owner only (a helper ticks a shared list through its link, on the server, never by reading
 *   the row).
 * - menus: owner, everyone once published, and any user whose own meal uses the menu.
 * - recipes: owner, everyone once published, and a user who may read a menu containing it when
 *   that menu is the user's own or belongs to the recipe's owner.
 *
 * Not transitive: a menu shares only its owner's recipes. A recipe of someone else that a user
 * put in their own menu stays readable to that user (so a plan never breaks), but a third user
 * who reads that menu (published, or used by their meal) sees only its id, shown as a
 * placeholder, never its content.
 */
import type { Id, Meal, Menu, Recipe, Row, TableName } from './entities.js';
import type { ReadStore } from './store.js';

const PUBLIC_TABLES: ReadonlySet<TableName> = new Set([
  'users',
  'ingredients',
  'profiles',
  'suppliers',
]);
const OWNER_ONLY_TABLES: ReadonlySet<TableName> = new Set([
  'stays',
  'groups',
  'meals',
  'stock',
  'shopLists',
  'purchases',
]);

export const isPublicTable = (table: TableName): boolean => PUBLIC_TABLES.has(table);
export const isOwnerOnlyTable = (table: TableName): boolean => OWNER_ONLY_TABLES.has(table);
/** Menus and recipes: readable by others once published (or through a relation). */
export const isPublishableTable = (table: TableName): boolean =>
  !isPublicTable(table) && !isOwnerOnlyTable(table);

export async function canReadMenu(store: ReadStore, userId: Id, menu: Menu): Promise<boolean> {
  if (menu.owner === userId || menu.isPublished) return true;
  const meals = await store.where('meals', 'menuId', menu.id);
  return meals.some((m) => m.owner === userId);
}

/**
 * Whether a menu the user may read shares this recipe with them: only the user's own menus and
 * the menus of the recipe's own owner do (never a third user's menu).
 */
export const menuSharesRecipe = (userId: Id, menu: Menu, recipe: Recipe): boolean =>
  menu.recipeIds.includes(recipe.id) && (menu.owner === userId || menu.owner === recipe.owner);

export async function canReadRecipe(
  store: ReadStore,
  userId: Id,
  recipe: Recipe,
): Promise<boolean> {
  if (recipe.owner === userId || recipe.isPublished) return true;
  const menus = await store.where('menus', 'recipeIds', recipe.id);
  for (const menu of menus) {
    if (menuSharesRecipe(userId, menu, recipe) && (await canReadMenu(store, userId, menu))) {
      return true;
    }
  }
  return false;
}

/** The recipes of readable menus that those menus share with the user (see menuSharesRecipe). */
async function recipesSharedBy(
  store: ReadStore,
  userId: Id,
  menus: readonly Menu[],
): Promise<Id[]> {
  const ids = [...new Set(menus.flatMap((m) => m.recipeIds))];
  const byId = new Map((await store.getMany('recipes', ids)).map((r) => [r.id, r]));
  const shared = new Set<Id>();
  for (const menu of menus) {
    for (const id of menu.recipeIds) {
      const recipe = byId.get(id);
      if (recipe && (recipe.isPublished || menuSharesRecipe(userId, menu, recipe))) shared.add(id);
    }
  }
  return [...shared];
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
  const stockIds: Id[] = [];
  for (const stayId of stayIds) {
    groupIds.push(...(await store.whereIds('groups', 'stayId', stayId)));
    meals.push(...(await store.where('meals', 'stayId', stayId)));
    stockIds.push(...(await store.whereIds('stock', 'stayId', stayId)));
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
  // Recipes shared by a readable menu: the user's own menus, and the menus of the recipe's
  // owner (published, or used by one of this user's meals).
  const menus = await store.getMany('menus', [...menuIds]);
  for (const id of await recipesSharedBy(store, userId, menus)) recipeIds.add(id);
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
    stock: stockIds,
    shopLists: await store.whereIds('shopLists', 'owner', userId),
    purchases: await store.whereIds('purchases', 'owner', userId),
  };
}

/**
 * Rows that become readable because this one is: a readable menu makes the recipes it shares
 * readable, a user's meal makes its menu (and so the recipes that menu shares) readable. A pull
 * sends them along with the changed row, since they may not have changed themselves. `row` must
 * be readable by the user.
 */
export async function readableDependents(
  store: ReadStore,
  userId: Id,
  table: TableName,
  row: Row,
): Promise<{ menus: Id[]; recipes: Id[] }> {
  if (table === 'menus') {
    return { menus: [], recipes: await recipesSharedBy(store, userId, [row as Menu]) };
  }
  if (table === 'meals' && (row as Meal).owner === userId) {
    const menu = await store.get('menus', (row as Meal).menuId);
    if (!menu) return { menus: [], recipes: [] };
    return { menus: [menu.id], recipes: await recipesSharedBy(store, userId, [menu]) };
  }
  return { menus: [], recipes: [] };
}
