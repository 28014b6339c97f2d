/**
 * Who may read what (ARCHITECTURE.md, "Who may read and write what"). The server applies these
 * rules to every pull and every REST read; devices apply them to drop rows that stopped being
 * readable. They are the single definition of visibility.
 *
 * - users (pseudonyms), ingredients, profiles and suppliers: readable by everyone.
 * - stays and the rows of a stay (groups, meals, the larder, its shopping lists, its members):
 *   the stay's owner and its members, whatever their role (issue 32). A shopping list without
 *   a stay: its owner only (a helper ticks a shared list through its link, on the server, never
 *   by reading the row).
 * - purchases (packs and prices): their owner, and the members of their owner's stays, whose
 *   costs are counted with the stay owner's prices (every member sees the same costs).
 * - menus: owner, everyone once published, and anyone who may read a meal that uses the menu.
 * - recipes: owner, everyone once published, and a user who may read a menu containing it when
 *   that menu is the user's own, belongs to the recipe's owner, or is the menu of a meal of a
 *   stay whose team (owner and members) the recipe's owner is part of.
 *
 * Not transitive: a menu shares only its owner's recipes (and, for a stay's meal, its team's).
 * A recipe of someone else that a user put in their own menu stays readable to that user (so a
 * plan never breaks), but a third user who reads that menu (published, or used by their meal)
 * sees only its id, shown as a placeholder, never its content.
 */
import {
  TABLE_NAMES,
  type Id,
  type Meal,
  type Menu,
  type Recipe,
  type Row,
  type Stay,
  type TableName,
} from './entities.js';
import { inWindow, type IdWindow, type ReadStore } from './store.js';

const PUBLIC_TABLES: ReadonlySet<TableName> = new Set([
  'users',
  'ingredients',
  'profiles',
  'suppliers',
]);
/** The tables whose rows belong to one stay (its `stayId`), with their stay's owner. */
export const STAY_ROW_TABLES = [
  'groups',
  'meals',
  'stock',
  'shopLists',
  'stayMembers',
  'stayJournal',
  'register',
] as const;
export type StayRowTable = (typeof STAY_ROW_TABLES)[number];

/** The rows of a stay: read by the stay's team. */
const STAY_TABLES: ReadonlySet<TableName> = new Set(['stays', ...STAY_ROW_TABLES]);
/** Rows with an owner column: the stay tables (the stay's owner) and purchases. */
const OWNER_ONLY_TABLES: ReadonlySet<TableName> = new Set([
  ...STAY_TABLES,
  'purchases',
  // A stay's invitations are its owner's alone: their tokens open the stay.
  'stayInvitations',
]);

export const isPublicTable = (table: TableName): boolean => PUBLIC_TABLES.has(table);
/**
 * Tables whose rows carry their owner (a stay's rows: the stay's owner) and are read by their
 * owner, and, for a stay's rows, by the stay's members (isStayTable).
 */
export const isOwnerOnlyTable = (table: TableName): boolean => OWNER_ONLY_TABLES.has(table);
export const isStayTable = (table: TableName): boolean => STAY_TABLES.has(table);

/** The stay a row of a stay table belongs to; null for a shopping list without a stay. */
export function stayIdOf(table: TableName, row: Row): Id | null {
  if (table === 'stays') return row.id;
  return (row as { stayId?: Id | null }).stayId ?? null;
}

/** Whether `userId` is a member of the stay (not its owner: see canReadStay). */
export async function isStayMember(store: ReadStore, stayId: Id, userId: Id): Promise<boolean> {
  return (await store.whereIds('stayMembers', 'stayUser', `${stayId}:${userId}`)).length > 0;
}

/** Whether `userId` may read the stay: its owner or one of its members. */
export async function canReadStay(store: ReadStore, userId: Id, stay: Stay): Promise<boolean> {
  return stay.owner === userId || isStayMember(store, stay.id, userId);
}

/** The stay's team: its owner and its members. */
export async function stayTeam(store: ReadStore, stay: Stay): Promise<Set<Id>> {
  const members = await store.where('stayMembers', 'stayId', stay.id);
  return new Set([stay.owner, ...members.map((m) => m.userId)]);
}

/** A row of a stay: its owner (the stay's), or a member of its stay. */
async function canReadStayRow(
  store: ReadStore,
  userId: Id,
  table: TableName,
  row: Row,
): Promise<boolean> {
  if ((row as { owner: Id }).owner === userId) return true;
  const stayId = stayIdOf(table, row);
  return stayId !== null && isStayMember(store, stayId, userId);
}
/** Menus and recipes: readable by others once published (or through a relation). */
export const isPublishableTable = (table: TableName): boolean =>
  !isPublicTable(table) && !isOwnerOnlyTable(table);

export async function canReadMenu(store: ReadStore, userId: Id, menu: Menu): Promise<boolean> {
  if (menu.owner === userId || menu.isPublished) return true;
  const meals = await store.where('meals', 'menuId', menu.id);
  for (const meal of meals) if (await canReadStayRow(store, userId, 'meals', meal)) return true;
  return false;
}

/**
 * Whether a stay's meal shares the recipes of its menu with its team: a meal's own menu (not a
 * favourite) holds the team's recipes, which every member reads (issue 32).
 */
async function teamShares(store: ReadStore, menu: Menu, recipe: Recipe): Promise<boolean> {
  if (menu.isFavorite || !menu.recipeIds.includes(recipe.id)) return false;
  for (const meal of await store.where('meals', 'menuId', menu.id)) {
    const stay = await store.get('stays', meal.stayId);
    if (stay && (await stayTeam(store, stay)).has(recipe.owner)) return true;
  }
  return false;
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
    const shares =
      menuSharesRecipe(userId, menu, recipe) || (await teamShares(store, menu, recipe));
    if (shares && (await canReadMenu(store, userId, menu))) return true;
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
      if (!recipe) continue;
      if (
        recipe.isPublished ||
        menuSharesRecipe(userId, menu, recipe) ||
        (await teamShares(store, menu, recipe))
      ) {
        shared.add(id);
      }
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
  if (isStayTable(table)) return canReadStayRow(store, userId, table, row);
  if (table === 'purchases') return readsPricesOf(store, userId, (row as Row<'purchases'>).owner);
  if (isOwnerOnlyTable(table)) return (row as Row<'stayInvitations'>).owner === userId;
  if (table === 'menus') return canReadMenu(store, userId, row as Menu);
  return canReadRecipe(store, userId, row as Recipe);
}

/**
 * Whether `userId` reads the packs and prices of `owner`: their own, or those of the owner of a
 * stay they are a member of (its costs are counted with them).
 */
export async function readsPricesOf(store: ReadStore, userId: Id, owner: Id): Promise<boolean> {
  if (owner === userId) return true;
  return (await store.where('stayMembers', 'userId', userId)).some((m) => m.owner === owner);
}

/** The owners of the stays a user is a member of (not the user). */
export async function teamOwnersOf(store: ReadStore, userId: Id): Promise<Set<Id>> {
  const joined = await store.where('stayMembers', 'userId', userId);
  return new Set(joined.map((m) => m.owner).filter((owner) => owner !== userId));
}

/** The stays a user may read: their own and those they are a member of. */
export async function readableStayIds(store: ReadStore, userId: Id): Promise<Id[]> {
  const own = await store.whereIds('stays', 'owner', userId);
  const joined = (await store.where('stayMembers', 'userId', userId)).map((m) => m.stayId);
  return [...new Set([...own, ...joined])];
}

/** Every id a user may read, per table, in id order: what a first sync sends. */
export async function readableIds(store: ReadStore, userId: Id): Promise<Record<TableName, Id[]>> {
  const readable = readableIdReader(store, userId);
  const ids = {} as Record<TableName, Id[]>;
  for (const table of TABLE_NAMES) ids[table] = await readable(table);
  return ids;
}

/**
 * The ids a user may read, one table at a time (what readableIds answers for each table), in
 * id order; with a window, only that window of them: a page of a first sync computes the
 * tables it sends, and reads no more of their ids than it sends. What several tables depend on
 * (the readable stays, their rows, the readable menus) is read once per reader: make one per
 * snapshot, never across two (access may change between them).
 */
export function readableIdReader(
  store: ReadStore,
  userId: Id,
): (table: TableName, window?: IdWindow) => Promise<Id[]> {
  const stayIds = once(() => readableStayIds(store, userId));
  const ofStays = once(async () => stayRowIds(store, await stayIds()));
  const menuIds = once(
    async () =>
      new Set<Id>([
        ...(await store.whereIds('menus', 'owner', userId)),
        ...(await store.whereIds('menus', 'published', 1)),
        ...(await ofStays()).menus,
      ]),
  );
  // Recipes shared by a readable menu: the user's own menus, the menus of the recipe's owner
  // (published, or used by a meal this user reads) and the menus of a team's meals.
  const sharedRecipeIds = once(async () =>
    recipesSharedBy(store, userId, await store.getMany('menus', [...(await menuIds())])),
  );
  return async (table, window) => {
    if (isPublicTable(table)) return inWindow(await store.allIds(table, window), window);
    switch (table) {
      case 'stays':
        return inWindow(await stayIds(), window);
      case 'menus':
        return inWindow([...(await menuIds())], window);
      case 'recipes': {
        const ids = new Set<Id>([
          ...(await store.whereIds('recipes', 'owner', userId, window)),
          ...(await store.whereIds('recipes', 'published', 1, window)),
          ...(await sharedRecipeIds()),
        ]);
        return inWindow([...ids], window);
      }
      case 'shopLists': {
        const own = await store.whereIds('shopLists', 'owner', userId, window);
        return inWindow([...new Set([...own, ...(await ofStays()).shopLists])], window);
      }
      case 'purchases': {
        const ids = [...(await store.whereIds('purchases', 'owner', userId, window))];
        for (const owner of await teamOwnersOf(store, userId)) {
          ids.push(...(await store.whereIds('purchases', 'owner', owner, window)));
        }
        return inWindow(ids, window);
      }
      case 'stayInvitations':
        return inWindow(await store.whereIds('stayInvitations', 'owner', userId, window), window);
      case 'groups':
      case 'meals':
      case 'stock':
      case 'stayMembers':
      case 'stayJournal':
      case 'register':
        return inWindow((await ofStays())[table], window);
      default:
        return unknownTable(table);
    }
  };
}

function unknownTable(table: TableName): never {
  throw new Error(`No read rule for table ${table}`);
}

/** A read done on its first call only, its answer kept for the next ones. */
function once<T>(read: () => Promise<T>): () => Promise<T> {
  let answer: Promise<T> | undefined;
  return () => (answer ??= read());
}

/** The rows of these stays, per table, and the menus of their meals. */
async function stayRowIds(
  store: ReadStore,
  stayIds: readonly Id[],
): Promise<Record<StayRowTable | 'menus', Id[]>> {
  const ids: Record<StayRowTable | 'menus', Id[]> = {
    groups: [],
    meals: [],
    stock: [],
    shopLists: [],
    stayMembers: [],
    stayJournal: [],
    register: [],
    menus: [],
  };
  for (const stayId of stayIds) {
    ids.groups.push(...(await store.whereIds('groups', 'stayId', stayId)));
    const meals = await store.where('meals', 'stayId', stayId);
    ids.meals.push(...meals.map((m) => m.id));
    ids.menus.push(...meals.map((m) => m.menuId));
    ids.stock.push(...(await store.whereIds('stock', 'stayId', stayId)));
    ids.shopLists.push(...(await store.whereIds('shopLists', 'stayId', stayId)));
    ids.stayMembers.push(...(await store.whereIds('stayMembers', 'stayId', stayId)));
    ids.stayJournal.push(...(await store.whereIds('stayJournal', 'stayId', stayId)));
    ids.register.push(...(await store.whereIds('register', 'stayId', stayId)));
  }
  return ids;
}

/**
 * Rows that become readable because this one is: a readable menu makes the recipes it shares
 * readable, a meal the user reads makes its menu (and so the recipes that menu shares)
 * readable, and the user's own membership of a stay makes the whole stay readable, with its
 * owner's prices (issue 32).
 * A pull sends them along with the changed row, since they may not have changed themselves.
 * `row` must be readable by the user.
 */
export async function readableDependents(
  store: ReadStore,
  userId: Id,
  table: TableName,
  row: Row,
): Promise<Partial<Record<TableName, Id[]>>> {
  if (table === 'menus') {
    return { recipes: await recipesSharedBy(store, userId, [row as Menu]) };
  }
  if (table === 'meals' && (await canReadStayRow(store, userId, 'meals', row))) {
    const menu = await store.get('menus', (row as Meal).menuId);
    if (!menu) return {};
    return { menus: [menu.id], recipes: await recipesSharedBy(store, userId, [menu]) };
  }
  if (table === 'stayMembers' && (row as Row<'stayMembers'>).userId === userId) {
    const { stayId, owner } = row as Row<'stayMembers'>;
    const ofStay = await stayRowIds(store, [stayId]);
    const menus = await store.getMany('menus', ofStay.menus);
    return {
      stays: [stayId],
      groups: ofStay.groups,
      meals: ofStay.meals,
      stock: ofStay.stock,
      shopLists: ofStay.shopLists,
      stayMembers: ofStay.stayMembers,
      stayJournal: ofStay.stayJournal,
      register: ofStay.register,
      menus: ofStay.menus,
      recipes: await recipesSharedBy(store, userId, menus),
      purchases: await store.whereIds('purchases', 'owner', owner),
    };
  }
  return {};
}
