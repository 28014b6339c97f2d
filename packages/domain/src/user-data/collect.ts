/**
 * What 'Télécharger mes données' puts in the file (format.ts): every row the user owns, and
 * nothing of anyone else. Rows are taken by their owner; a stay's groups, meals, larder and
 * lists and register are its owner's rows (a member's work in someone else's stay is that stay's, and goes
 * with its owner's data). Secrets are left out: a stay's export-link secret and a shopping
 * list's share token are emptied (null); a stay's team (its members, invitations and journal)
 * is not exported, being about other people. The ingredients and recipes of others that the
 * user's rows use are named in `references` (their name only), read through the user's own
 * read rules, so that nothing the user may not read is named.
 */
import { Value } from '@sinclair/typebox/value';
import type { Id, Menu, Tables } from '../entities.js';
import { readableBy } from '../reader-view.js';
import type { ReadStore } from '../store.js';
import {
  emptyRows,
  USER_DATA_FORMAT,
  USER_DATA_ROW_SCHEMAS,
  USER_DATA_TABLES,
  USER_DATA_VERSION,
  type UserData,
  type UserDataRows,
  type UserDataTable,
} from './format.js';

export interface UserDataOrigin {
  mail: string;
  pseudo: string;
  /** The exporting server's synced schema. */
  syncSchema: number;
  /** ISO date-time of the export. */
  now: string;
}

/** A stored row in the shape of the format: fields of no schema (none today) dropped. */
function clean<T extends UserDataTable>(table: T, row: Tables[T]): Tables[T] {
  return Value.Clean(USER_DATA_ROW_SCHEMAS[table], structuredClone(row)) as Tables[T];
}

/** The user's data from the store (the server's, every row): see the comment above. */
export async function collectUserData(
  store: ReadStore,
  userId: Id,
  origin: UserDataOrigin,
): Promise<UserData> {
  const tables: UserDataRows = emptyRows();
  const own = <T extends { owner: Id | null }>(rows: T[]): T[] =>
    rows.filter((r) => r.owner === userId);

  tables.ingredients = own(await store.where('ingredients', 'owner', userId));
  tables.recipes = own(await store.where('recipes', 'owner', userId));
  tables.profiles = own(await store.where('profiles', 'owner', userId));
  for (const profile of tables.profiles) {
    tables.suppliers.push(...own(await store.where('suppliers', 'profileId', profile.id)));
  }
  tables.stays = own(await store.where('stays', 'owner', userId)).map((s) => ({
    ...s,
    exportSecret: null,
  }));
  const stayIds = new Set(tables.stays.map((s) => s.id));
  for (const stay of tables.stays) {
    tables.groups.push(...own(await store.where('groups', 'stayId', stay.id)));
    tables.meals.push(...own(await store.where('meals', 'stayId', stay.id)));
    tables.stock.push(...own(await store.where('stock', 'stayId', stay.id)));
    // Its kitchen register (issue 35): `by` is who recorded an entry, an account of this server
    // (an id only, never a name; an import makes it the importing user).
    tables.register.push(...own(await store.where('register', 'stayId', stay.id)));
  }
  tables.shopLists = own(await store.where('shopLists', 'owner', userId))
    .filter((l) => l.stayId === null || stayIds.has(l.stayId))
    .map((l) => ({ ...l, share: null }));
  // Favourite menus, and the private menus of the exported meals (a private menu of a meal of
  // someone else's stay goes with that stay).
  const mealMenus = new Set(tables.meals.map((m) => m.menuId));
  tables.menus = own(await store.where('menus', 'owner', userId)).filter(
    (m: Menu) => m.isFavorite || mealMenus.has(m.id),
  );
  tables.purchases = own(await store.where('purchases', 'owner', userId));
  for (const table of USER_DATA_TABLES) {
    const rows = tables[table] as Tables[typeof table][];
    (tables as Record<UserDataTable, unknown[]>)[table] = rows
      .map((r) => clean(table, r))
      .sort((a, b) => a.id - b.id);
  }

  // Names of the others' ingredients and recipes the rows use, as the user may read them.
  const readable = readableBy(store, userId);
  const ownIngredients = new Set(tables.ingredients.map((i) => i.id));
  const ownRecipes = new Set(tables.recipes.map((r) => r.id));
  const ingredientIds = new Set<Id>();
  const recipeIds = new Set<Id>();
  for (const r of tables.recipes) for (const i of r.ingredients) ingredientIds.add(i.ingredientId);
  for (const m of tables.menus) {
    for (const i of m.ingredients) ingredientIds.add(i.ingredientId);
    for (const id of m.recipeIds) recipeIds.add(id);
  }
  for (const meal of tables.meals) {
    for (const a of meal.alternatives ?? []) for (const id of a.recipeIds) recipeIds.add(id);
  }
  for (const p of tables.profiles)
    for (const l of p.ingredientLinks) ingredientIds.add(l.ingredientId);
  for (const s of tables.stock) ingredientIds.add(s.ingredientId);
  for (const l of tables.shopLists) for (const i of l.items) ingredientIds.add(i.ingredientId);
  for (const p of tables.purchases) ingredientIds.add(p.ingredientId);
  for (const e of tables.register) if (e.kind === 'delivery') ingredientIds.add(e.ingredientId);
  const foreignIngredients = [...ingredientIds].filter((id) => !ownIngredients.has(id));
  const foreignRecipes = [...recipeIds].filter((id) => !ownRecipes.has(id));
  const byId = (a: { id: Id }, b: { id: Id }) => a.id - b.id;
  const references = {
    ingredients: (await readable.getMany('ingredients', foreignIngredients))
      .map((i) => ({ id: i.id, name: i.name }))
      .sort(byId),
    recipes: (await readable.getMany('recipes', foreignRecipes))
      // A placeholder ('Recette non publiée') has no name to match by.
      .filter((r) => typeof r.name === 'string' && r.name !== '' && r.owner !== userId)
      .map((r) => ({ id: r.id, name: r.name }))
      .sort(byId),
  };

  const counts: Record<string, number> = {};
  for (const table of USER_DATA_TABLES) counts[table] = tables[table].length;
  return {
    manifest: {
      format: USER_DATA_FORMAT,
      version: USER_DATA_VERSION,
      exportedAt: origin.now,
      syncSchema: origin.syncSchema,
      user: { mail: origin.mail, pseudo: origin.pseudo },
      counts,
    },
    tables,
    references,
  };
}
