/**
 * 'Importer des données' (issue 33): what loading a file (format.ts) into an account does, as a
 * report (created, matched, skipped per kind) and as the mutations that do it. The plan is
 * computed against what the user may read on the target server; it is computed once for the
 * preview (nothing written) and again inside the import's transaction.
 *
 * Ids of the file are never kept: every row created takes a fresh id leased to the user.
 * What the account already has is matched, so that importing the same file twice creates
 * nothing the second time (docs/data-format.md, "Import"):
 *
 * - an ingredient by its name, as the CSV import matches it (`matchIngredientNames`), its
 *   exact matches only (the same name once accents, case, spaces and punctuation are
 *   ignored: a close spelling is a proposal for the user to review, which this import has no
 *   step for), among every ingredient the user may read (the catalogue, others', their own);
 *   else it is created;
 * - a recipe of the user's by its name among their own recipes (names are unique per owner); a
 *   recipe of someone else (a reference) by its name among the user's own, then the published
 *   ones; one not found is left out of the menus that used it;
 * - a supplier profile by its name among the user's own, its suppliers by their name in it;
 * - a favourite menu by its content (its recipes and ingredient lines, once matched);
 * - a stay by its name and first day among the user's own stays: a stay found is left as it
 *   is, with its groups, meals, larder, lists and register;
 * - a shopping list without a stay by its name and creation time;
 * - packs and prices per ingredient: the file's replace the account's (setPurchase), unless
 *   they are the same.
 *
 * Everything is written by the domain's mutators: `restoreSnapshot` (which checks each row put
 * back: the user's own, well formed, references that exist, names free, a stay's limits) and
 * `setPurchase`, so that every rule of the product applies and every device gets the rows by
 * sync.
 */
import type {
  Group,
  Id,
  Ingredient,
  Meal,
  Menu,
  Profile,
  Purchase,
  Recipe,
  RegisterEntry,
  ShopList,
  StockItem,
  Supplier,
  Stay,
} from '../entities.js';
import { NO_SUPPLIER } from '../entities.js';
import { conflict } from '../errors.js';
import { matchIngredientNames } from '../csv/match.js';
import type { MutationArgs } from '../mutators/index.js';
import type { RestoredRow } from '../mutators/restore.js';
import { shopItemKey } from '../shop-list.js';
import type { ReadStore } from '../store.js';
import { normalizeSearchText } from '../text.js';
import type { UserData } from './format.js';

/** What a report counts, in the order it shows them. */
export const IMPORT_KINDS = [
  'ingredients',
  'recipes',
  'menus',
  'profiles',
  'suppliers',
  'stays',
  'groups',
  'meals',
  'stock',
  'shopLists',
  'register',
  'purchases',
] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export interface ImportCount {
  /** New rows. */
  created: number;
  /** Found in the account (by the keys above) and used as they are. */
  matched: number;
  /** Rows of the account changed by the file (packs and prices only). */
  updated: number;
  /** Left out: a reference not found, a price for a supplier of someone else. */
  skipped: number;
}
export type ImportReport = Record<ImportKind, ImportCount>;

export type ImportCall =
  | { name: 'restoreSnapshot'; args: MutationArgs<'restoreSnapshot'> }
  | { name: 'setPurchase'; args: MutationArgs<'setPurchase'> };

export interface ImportPlan {
  report: ImportReport;
  /** Fresh ids the import draws. */
  idCount: number;
  /** The mutations, in order (empty when there is nothing to write). */
  calls: ImportCall[];
}

/** Rows one restoreSnapshot of the library carries at most (its schema allows 22,351). */
const LIBRARY_CHUNK_ROWS = 20_000;

/** Ids a preview draws from: far above any real id, never written. */
const PREVIEW_FIRST_ID = 2 ** 52;

const emptyReport = (): ImportReport =>
  Object.fromEntries(
    IMPORT_KINDS.map((k) => [k, { created: 0, matched: 0, updated: 0, skipped: 0 }]),
  ) as ImportReport;

/** Whether anything would be written. */
export const importWrites = (report: ImportReport): boolean =>
  IMPORT_KINDS.some((k) => report[k].created > 0 || report[k].updated > 0);

/**
 * The import of `data` into the account of `userId`. `store` holds what the user may read on
 * the target server (readableBy). `ids`: the fresh ids leased for the import (null for a
 * preview); refused when fewer than the plan needs (the account changed since the preview).
 */
export async function planUserDataImport(
  data: UserData,
  store: ReadStore,
  userId: Id,
  ids: { first: Id; count: number } | null,
): Promise<ImportPlan> {
  const report = emptyReport();
  const first = ids?.first ?? PREVIEW_FIRST_ID;
  let next = first;
  const fresh = (): Id => next++;
  const { tables, references } = data;

  // ---- Ingredients ----
  const ingredientMap = new Map<Id, Id>();
  const existingIngredients = await store.all('ingredients');
  const matches = matchIngredientNames(
    [...tables.ingredients.map((i) => i.name), ...references.ingredients.map((i) => i.name)],
    existingIngredients,
  );
  const newIngredientByKey = new Map<string, Id>();
  const newIngredients: Ingredient[] = [];
  const takeIngredient = (fileId: Id, name: string, row: () => Omit<Ingredient, 'id'>) => {
    // Only the same name (once accents, case, spaces and punctuation are ignored): a close
    // spelling is a proposal the CSV import lets the user review, which this import has no
    // step for ('Pomme de Mamie' is not the catalogue's 'Pomme').
    const found = matches.get(name);
    const match = found?.exact === true ? found.ingredient : null;
    const key = normalizeSearchText(name);
    if (match) {
      ingredientMap.set(fileId, match.id);
      report.ingredients.matched++;
    } else if (newIngredientByKey.has(key)) {
      ingredientMap.set(fileId, newIngredientByKey.get(key)!);
      report.ingredients.matched++;
    } else {
      const id = fresh();
      newIngredientByKey.set(key, id);
      ingredientMap.set(fileId, id);
      newIngredients.push({ ...row(), id });
      report.ingredients.created++;
    }
  };
  for (const ing of tables.ingredients) {
    takeIngredient(ing.id, ing.name, () => ({ ...ing, name: ing.name.trim(), owner: userId }));
  }
  for (const ref of references.ingredients) {
    if (ingredientMap.has(ref.id)) continue;
    takeIngredient(ref.id, ref.name, () => ({ name: ref.name.trim(), kind: 0, owner: userId }));
  }
  /** Lines whose ingredient is known, with target ids, one per ingredient (the first kept). */
  const mapLines = <L extends { ingredientId: Id }>(lines: readonly L[]): L[] => {
    const seen = new Set<Id>();
    const out: L[] = [];
    for (const line of lines) {
      const id = ingredientMap.get(line.ingredientId);
      if (id === undefined || seen.has(id)) continue;
      seen.add(id);
      out.push({ ...line, ingredientId: id });
    }
    return out;
  };

  // ---- Recipes ----
  const recipeMap = new Map<Id, Id>();
  /** The user's own recipes (an alternative of a meal holds only those). */
  const ownRecipeIds = new Set<Id>();
  const ownRecipeByKey = async (key: string): Promise<Recipe | undefined> =>
    (await store.where('recipes', 'ownerName', `${userId}:${key}`))[0];
  const newRecipeByKey = new Map<string, Id>();
  const newRecipes: Recipe[] = [];
  for (const recipe of tables.recipes) {
    const key = normalizeSearchText(recipe.name);
    const found = (await ownRecipeByKey(key))?.id ?? newRecipeByKey.get(key);
    if (found !== undefined) {
      recipeMap.set(recipe.id, found);
      ownRecipeIds.add(found);
      report.recipes.matched++;
      continue;
    }
    const id = fresh();
    recipeMap.set(recipe.id, id);
    ownRecipeIds.add(id);
    newRecipeByKey.set(key, id);
    newRecipes.push({
      ...recipe,
      id,
      owner: userId,
      ingredients: mapLines(recipe.ingredients),
    });
    report.recipes.created++;
  }
  if (references.recipes.length > 0) {
    const published = new Map<string, Recipe>();
    for (const r of await store.where('recipes', 'published', 1)) {
      const key = normalizeSearchText(r.name);
      const kept = published.get(key);
      if (!kept || r.id < kept.id) published.set(key, r);
    }
    for (const ref of references.recipes) {
      const key = normalizeSearchText(ref.name);
      const found =
        (await ownRecipeByKey(key))?.id ?? newRecipeByKey.get(key) ?? published.get(key)?.id;
      if (found === undefined) {
        report.recipes.skipped++;
      } else {
        recipeMap.set(ref.id, found);
        report.recipes.matched++;
      }
    }
  }
  const mapRecipes = (recipeIds: readonly Id[]): Id[] => [
    ...new Set(recipeIds.flatMap((id) => (recipeMap.has(id) ? [recipeMap.get(id)!] : []))),
  ];

  // ---- Supplier profiles and their suppliers ----
  const profileMap = new Map<Id, Id>();
  const supplierMap = new Map<Id, Id>([[NO_SUPPLIER, NO_SUPPLIER]]);
  const ownProfiles = new Map<string, Profile>();
  for (const p of await store.where('profiles', 'owner', userId)) {
    if (p.owner === userId) ownProfiles.set(normalizeSearchText(p.name), p);
  }
  const profileUnits: RestoredRow[][] = [];
  for (const profile of tables.profiles) {
    const fileSuppliers = tables.suppliers.filter((s) => s.profileId === profile.id);
    const found = ownProfiles.get(normalizeSearchText(profile.name));
    if (found) {
      profileMap.set(profile.id, found.id);
      report.profiles.matched++;
      const theirs = new Map<string, Supplier>();
      for (const s of await store.where('suppliers', 'profileId', found.id)) {
        theirs.set(normalizeSearchText(s.name), s);
      }
      for (const s of fileSuppliers) {
        const same = theirs.get(normalizeSearchText(s.name));
        if (same) {
          supplierMap.set(s.id, same.id);
          report.suppliers.matched++;
        } else {
          const id = fresh();
          supplierMap.set(s.id, id);
          theirs.set(normalizeSearchText(s.name), { ...s, id, profileId: found.id });
          profileUnits.push([
            { table: 'suppliers', row: { ...s, id, profileId: found.id, owner: userId } },
          ]);
          report.suppliers.created++;
        }
      }
      continue;
    }
    const id = fresh();
    profileMap.set(profile.id, id);
    ownProfiles.set(normalizeSearchText(profile.name), { ...profile, id });
    const suppliers: Supplier[] = fileSuppliers.map((s) => {
      const sid = fresh();
      supplierMap.set(s.id, sid);
      return { ...s, id: sid, profileId: id, owner: userId };
    });
    const row: Profile = {
      ...profile,
      id,
      owner: userId,
      ingredientLinks: mapLines(profile.ingredientLinks).map((l) => ({
        ...l,
        supplierId: supplierMap.get(l.supplierId) ?? NO_SUPPLIER,
      })),
      kindLinks: profile.kindLinks.map((l) => ({
        ...l,
        supplierId: supplierMap.get(l.supplierId) ?? NO_SUPPLIER,
      })),
    };
    profileUnits.push([
      { table: 'profiles', row },
      ...suppliers.map((s): RestoredRow => ({ table: 'suppliers', row: s })),
    ]);
    report.profiles.created++;
    report.suppliers.created += suppliers.length;
  }

  // ---- Favourite menus, by content ----
  const menuMap = new Map<Id, Id>();
  const mapMenu = (menu: Menu, id: Id): Menu => ({
    ...menu,
    id,
    owner: userId,
    ingredients: mapLines(menu.ingredients),
    recipeIds: mapRecipes(menu.recipeIds),
  });
  const favouriteKeys = new Map<string, Id>();
  for (const m of await store.where('menus', 'owner', userId)) {
    if (m.owner === userId && m.isFavorite) favouriteKeys.set(menuKey(m), m.id);
  }
  const newMenus: Menu[] = [];
  for (const menu of tables.menus.filter((m) => m.isFavorite)) {
    const mapped = mapMenu(menu, 0);
    const found = favouriteKeys.get(menuKey(mapped));
    if (found !== undefined) {
      menuMap.set(menu.id, found);
      report.menus.matched++;
      continue;
    }
    const id = fresh();
    menuMap.set(menu.id, id);
    favouriteKeys.set(menuKey(mapped), id);
    newMenus.push({ ...mapped, id });
    report.menus.created++;
  }

  // ---- Shopping lists (their lines' keys follow their ingredients' new ids) ----
  const mapList = (list: ShopList, id: Id, stayId: Id | null): ShopList => {
    const keys = new Set<string>();
    const items = [];
    for (const item of list.items) {
      const ingredientId = ingredientMap.get(item.ingredientId);
      if (ingredientId === undefined) continue;
      const key = shopItemKey(ingredientId, item.day);
      if (keys.has(key)) continue;
      keys.add(key);
      items.push({ ...item, ingredientId, key });
    }
    return { ...list, id, owner: userId, stayId, items, share: null };
  };
  const listKey = (l: Pick<ShopList, 'name' | 'created'>) =>
    `${normalizeSearchText(l.name)}|${l.created}`;
  const ownLists = new Set<string>();
  for (const l of await store.where('shopLists', 'owner', userId)) {
    if (l.owner === userId && l.stayId === null) ownLists.add(listKey(l));
  }
  const newLists: ShopList[] = [];
  for (const list of tables.shopLists.filter((l) => l.stayId === null)) {
    if (ownLists.has(listKey(list))) {
      report.shopLists.matched++;
      continue;
    }
    ownLists.add(listKey(list));
    newLists.push(mapList(list, fresh(), null));
    report.shopLists.created++;
  }

  // ---- Stays, each with its groups, meals and their own menus, larder and lists ----
  const stayKey = (s: Pick<Stay, 'name' | 'start'>) => `${normalizeSearchText(s.name)}|${s.start}`;
  const ownStays = new Set<string>();
  for (const s of await store.where('stays', 'owner', userId)) {
    if (s.owner === userId) ownStays.add(stayKey(s));
  }
  const fileMenus = new Map(tables.menus.map((m) => [m.id, m]));
  const stayUnits: RestoredRow[][] = [];
  for (const stay of tables.stays) {
    if (ownStays.has(stayKey(stay))) {
      report.stays.matched++;
      continue;
    }
    ownStays.add(stayKey(stay));
    const stayId = fresh();
    const puts: RestoredRow[] = [
      {
        table: 'stays',
        row: {
          ...stay,
          id: stayId,
          owner: userId,
          exportSecret: null,
          profileId: stay.profileId === null ? null : (profileMap.get(stay.profileId) ?? null),
        },
      },
    ];
    report.stays.created++;
    const groupMap = new Map<Id, Id>();
    const mealMap = new Map<Id, Id>();
    const stockMap = new Map<Id, Id>();
    for (const group of tables.groups.filter((g) => g.stayId === stay.id)) {
      const row: Group = { ...group, id: fresh(), stayId, owner: userId };
      groupMap.set(group.id, row.id);
      puts.push({ table: 'groups', row });
      report.groups.created++;
    }
    for (const meal of tables.meals.filter((m) => m.stayId === stay.id)) {
      const menu = fileMenus.get(meal.menuId);
      let menuId: Id;
      if (menu?.isFavorite && menuMap.has(menu.id)) {
        menuId = menuMap.get(menu.id)!;
      } else {
        // Its own menu, copied for it; a menu of someone else (not in the file) becomes an
        // empty one, the meal being kept.
        menuId = fresh();
        const own: Menu = menu
          ? { ...mapMenu(menu, menuId), isFavorite: false, isPublished: false }
          : {
              id: menuId,
              owner: userId,
              isFavorite: false,
              isPublished: false,
              updated: data.manifest.exportedAt,
              ingredients: [],
              recipeIds: [],
            };
        if (!menu) report.menus.skipped++;
        puts.push({ table: 'menus', row: own });
      }
      const alternatives = (meal.alternatives ?? [])
        .map((a) => ({
          ...a,
          recipeIds: mapRecipes(a.recipeIds).filter((id) => ownRecipeIds.has(id)),
        }))
        .filter((a) => a.recipeIds.length > 0);
      const { alternatives: _dropped, ...rest } = meal;
      const row: Meal = {
        ...rest,
        id: mealMap.set(meal.id, fresh()).get(meal.id)!,
        stayId,
        owner: userId,
        menuId,
        groupIds: meal.groupIds.flatMap((g) => (groupMap.has(g) ? [groupMap.get(g)!] : [])),
        ...(alternatives.length > 0 ? { alternatives } : {}),
      };
      puts.push({ table: 'meals', row });
      report.meals.created++;
    }
    for (const item of tables.stock.filter((s) => s.stayId === stay.id)) {
      const ingredientId = ingredientMap.get(item.ingredientId);
      if (ingredientId === undefined) {
        report.stock.skipped++;
        continue;
      }
      const row: StockItem = { ...item, id: fresh(), stayId, owner: userId, ingredientId };
      stockMap.set(item.id, row.id);
      puts.push({ table: 'stock', row });
      report.stock.created++;
    }
    for (const list of tables.shopLists.filter((l) => l.stayId === stay.id)) {
      puts.push({ table: 'shopLists', row: mapList(list, fresh(), stayId) });
      report.shopLists.created++;
    }
    // Its kitchen register (issue 35), recorded by the importing user (the accounts of the
    // exporting server are not here). The register outlives what its entries name: a meal,
    // ingredient or larder entry gone (or left out) takes a fresh id that names nothing, as
    // the source's named nothing any more (a delivery stored in a larder entry since removed
    // stays stored).
    const gone = new Map<Id, Id>();
    const mapped = (map: Map<Id, Id>, id: Id): Id =>
      map.get(id) ?? gone.get(id) ?? gone.set(id, fresh()).get(id)!;
    for (const entry of tables.register.filter((e) => e.stayId === stay.id)) {
      const base = { id: fresh(), stayId, owner: userId, by: userId };
      const row: RegisterEntry =
        entry.kind === 'sample'
          ? { ...entry, ...base, mealId: mapped(mealMap, entry.mealId) }
          : entry.kind === 'delivery'
            ? {
                ...entry,
                ...base,
                ingredientId: mapped(ingredientMap, entry.ingredientId),
                stockId: entry.stockId === null ? null : mapped(stockMap, entry.stockId),
              }
            : { ...entry, ...base };
      puts.push({ table: 'register', row });
      report.register.created++;
    }
    stayUnits.push(puts);
  }

  // ---- Packs and prices, per ingredient ----
  const purchaseCalls: ImportCall[] = [];
  const handled = new Set<Id>();
  for (const purchase of tables.purchases) {
    const ingredientId = ingredientMap.get(purchase.ingredientId);
    if (ingredientId === undefined || handled.has(ingredientId)) {
      report.purchases.skipped++;
      continue;
    }
    handled.add(ingredientId);
    const prices = purchase.prices.flatMap((p) => {
      if (p.supplierId === null) return [p];
      const supplierId = supplierMap.get(p.supplierId);
      return supplierId === undefined ? [] : [{ ...p, supplierId }];
    });
    if (purchase.pack === null && prices.length === 0) {
      report.purchases.skipped++;
      continue;
    }
    const [existing] = (await store.where(
      'purchases',
      'ownerIngredient',
      `${userId}:${ingredientId}`,
    )) as Purchase[];
    if (existing && samePurchase(existing, purchase.pack, prices)) {
      report.purchases.matched++;
      continue;
    }
    if (existing) report.purchases.updated++;
    else report.purchases.created++;
    purchaseCalls.push({
      name: 'setPurchase',
      args: { id: fresh(), ingredientId, pack: purchase.pack, prices },
    });
  }

  const idCount = next - first;
  if (ids !== null && ids.count < idCount) {
    throw conflict(
      'Votre compte a changé pendant la préparation de cet import : merci de relancer l’import.',
    );
  }
  const library: RestoredRow[][] = [
    ...newIngredients.map((row): RestoredRow[] => [
      { table: 'ingredients', row: { ...row, owner: userId } },
    ]),
    ...newRecipes.map((row): RestoredRow[] => [{ table: 'recipes', row }]),
    ...profileUnits,
    ...newMenus.map((row): RestoredRow[] => [{ table: 'menus', row }]),
    ...newLists.map((row): RestoredRow[] => [{ table: 'shopLists', row }]),
  ];
  const calls: ImportCall[] = [];
  let chunk: RestoredRow[] = [];
  for (const unit of library) {
    if (chunk.length + unit.length > LIBRARY_CHUNK_ROWS && chunk.length > 0) {
      calls.push({ name: 'restoreSnapshot', args: { put: chunk, remove: [] } });
      chunk = [];
    }
    chunk.push(...unit);
  }
  if (chunk.length > 0) calls.push({ name: 'restoreSnapshot', args: { put: chunk, remove: [] } });
  for (const puts of stayUnits) {
    calls.push({ name: 'restoreSnapshot', args: { put: puts, remove: [] } });
  }
  calls.push(...purchaseCalls);
  return { report, idCount, calls };
}

/** A favourite menu's content, with the target's ids: its recipes and ingredient lines. */
function menuKey(menu: Pick<Menu, 'ingredients' | 'recipeIds'>): string {
  const recipes = [...menu.recipeIds].sort((a, b) => a - b);
  const lines = menu.ingredients
    .map((l) => {
      const q = l.quantity;
      return `${l.ingredientId}:${l.plat}:${q.val}:${q.unite}:${q.forPeople}:${q.fixed === true}`;
    })
    .sort();
  return JSON.stringify([recipes, lines]);
}

function samePurchase(
  existing: Purchase,
  pack: Purchase['pack'],
  prices: Purchase['prices'],
): boolean {
  return JSON.stringify([existing.pack, existing.prices]) === JSON.stringify([pack, prices]);
}
