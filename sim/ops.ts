/**
 * Random user actions on a device, chosen from what the device holds, as a person would click:
 * plan stays, fill menus, publish and unpublish, use other users' published items, make
 * shopping lists from a stay's days and tick them in the shop, keep the camp's larder, record
 * groups' diets and allergies and ingredients' allergens, offer alternatives in meals, give
 * ingredients packs and prices, stays a budget and quantities the 'quantité fixe' mark. Many
 * are refused (by the device or later by the server); that is part of the test.
 */
import {
  NO_SUPPLIER,
  Unite,
  compileIngredients,
  loadCompileInput,
  packsFor,
  planShopItems,
  purchasesByIngredient,
  resolveSupplier,
  larderOf,
  coldUnitsOf,
  isOutOfRange,
  type ColdUnit,
  type Ingredient,
  type MutationArgs,
  type MutationName,
  type NewShopItem,
  type Pack,
  type Price,
  type Purchase,
  type Quantity,
  type ShopList,
  type Stay,
  type Tables,
  type TableName,
} from '@popote/domain';
import { DexieStore, type IdAllocator, type LocalDb } from '@popote/sync-client';
import type { Rng } from './rng';

export interface Action<N extends MutationName = MutationName> {
  name: N;
  build: (ids: IdAllocator) => MutationArgs<N>;
  /** Run so that it can be undone (its undo kept for a later step), when it is undoable. */
  undoable?: boolean;
  /**
   * What the run's statistics count it as, when not its name: one use of a mutation among
   * others (an ingredient's allergens rather than its fresh mark).
   */
  label?: string;
}

const NOW = '2025-06-01T10:00:00.000Z';
/** A small pool so that devices sometimes create the same ingredient name concurrently. */
const INGREDIENT_NAMES = ['Tomate', 'Riz', 'Farine', 'Lait', 'Pomme', 'Carotte', 'Beurre', 'Sel'];

/**
 * The few ingredients that most prices go to (issue 21), so that the devices of a user meet on
 * them, and that recipes and menus use now and then, so that lists and costs meet their packs.
 */
const PRICED_INGREDIENTS = 3;

/** Ingredients to pick one from: now and then only the priced ones. */
const someIngredients = (rng: Rng, ingredients: Ingredient[]): Ingredient[] =>
  rng.chance(0.3) ? ingredients.slice(0, PRICED_INGREDIENTS) : ingredients;

function action<N extends MutationName>(
  name: N,
  build: (ids: IdAllocator) => MutationArgs<N>,
): Action {
  return { name, build } as unknown as Action;
}

/** Of every action, the share that goes to shopping lists and the larder. */
const SHOPPING_SHARE = 0.3;
/** Of the others, the share that goes to diets, allergens and alternatives (issue 20). */
const DIETS_SHARE = 0.12;
/**
 * Of the others again, the share that goes to packs, prices, budgets and fixed quantities
 * (issue 21).
 */
const COSTS_SHARE = 0.12;
/** Of the others again, the share that goes to stays' teams (issue 32). */
const TEAM_SHARE = 0.14;
/** Of the others again, the share that goes to the kitchen's register (issue 35). */
const REGISTER_SHARE = 0.14;

/**
 * `now`: the device's clock. Devices' clocks differ a little, so that a tick made later may
 * carry an earlier time than one already on the server (the offline tick sent late).
 */
export async function randomAction(
  rng: Rng,
  db: LocalDb,
  userId: number,
  now: string,
  addresses: ReadonlyMap<number, string> = new Map(),
): Promise<Action | null> {
  const store = new DexieStore(db);
  if (rng.chance(SHOPPING_SHARE)) return shoppingAction(rng, store, userId, now);
  if (rng.chance(DIETS_SHARE)) return dietsAction(rng, store, userId);
  if (rng.chance(COSTS_SHARE)) return costsAction(rng, store, userId);
  if (rng.chance(TEAM_SHARE)) return teamAction(rng, store, userId, now, addresses);
  if (rng.chance(REGISTER_SHARE)) return registerAction(rng, store, now);
  const all = async <T extends TableName>(t: T): Promise<Tables[T][]> => store.all(t);
  const stays = (await all('stays')).filter((s) => s.owner === userId);
  const groups = await all('groups');
  const meals = await all('meals');
  const menus = await all('menus');
  const recipes = await all('recipes');
  const ingredients = await all('ingredients');
  const profiles = await all('profiles');
  const suppliers = await all('suppliers');
  const myRecipes = recipes.filter((r) => r.owner === userId);
  const myFavorites = menus.filter((m) => m.owner === userId && m.isFavorite);
  const usableMenus = menus.filter((m) => m.isFavorite && (m.owner === userId || m.isPublished));
  const usableRecipes = recipes.filter((r) => r.owner === userId || r.isPublished);
  const myProfiles = profiles.filter((p) => p.owner === userId);
  const stay = rng.pick(stays);
  const meal = rng.pick(meals);
  const roll = rng.int(28);

  switch (roll) {
    case 0:
      return action('createStay', (ids) => ({
        id: ids.next(),
        name: `Séjour ${rng.int(1000)}`,
        start: '2025-07-01',
      }));
    case 1:
      return stay
        ? action('updateStay', () => ({ id: stay.id, name: `Camp ${rng.int(1000)}` }))
        : null;
    case 2:
      return stay && rng.chance(0.2)
        ? { ...action('deleteStay', () => ({ id: stay.id })), undoable: true }
        : null;
    case 3:
    case 4:
      return stay
        ? action('createGroup', (ids) => ({
            id: ids.next(),
            stayId: stay.id,
            name: `G${rng.int(100)}`,
            color: '#AF0853',
            size: 1 + rng.int(30),
          }))
        : null;
    case 5: {
      const g = rng.pick(groups);
      return g ? action('updateGroup', () => ({ id: g.id, size: rng.int(40) })) : null;
    }
    case 6:
    case 7:
      return stay
        ? action('createMeal', (ids) => ({
            id: ids.next(),
            menuId: ids.next(),
            stayId: stay.id,
            day: rng.int(7),
            slot: rng.int(5),
            now: NOW,
          }))
        : null;
    case 8:
      return meal
        ? action('updateMeal', () => ({ id: meal.id, additionalPeople: rng.int(10) - 3 }))
        : null;
    case 9:
      // Undoable: an undo puts back the meal's alternatives, whose recipes may be gone since.
      return meal && rng.chance(0.5)
        ? { ...action('deleteMeal', () => ({ id: meal.id })), undoable: true }
        : null;
    case 10: {
      const to = rng.pick(meals.filter((m) => meal && m.stayId === meal.stayId));
      const g = meal ? rng.pick(meal.groupIds) : undefined;
      return meal && to && g !== undefined
        ? action('moveMealGroup', () => ({ groupId: g, fromMealId: meal.id, toMealId: to.id }))
        : null;
    }
    case 11:
      return stay && rng.chance(0.3)
        ? action('runMealWizard', (ids) => ({
            stayId: stay.id,
            daysNumber: 1 + rng.int(2),
            excursions: {},
            withGouter: rng.chance(0.5),
            groupsForCinquieme: [],
            deleteExisting: rng.chance(0.3),
            ids: ids.range(40),
            now: NOW,
          }))
        : null;
    case 12:
      return action('createRecipe', (ids) => ({
        id: ids.next(),
        name: `Recette ${rng.int(1000)}`,
        plat: rng.int(4),
        now: NOW,
      }));
    case 13: {
      const r = rng.pick(myRecipes);
      return r
        ? action('updateRecipe', () => ({
            id: r.id,
            description: `desc ${rng.int(100)}`,
            now: NOW,
          }))
        : null;
    }
    case 14:
    case 15: {
      const r = rng.pick(myRecipes);
      return r
        ? action('setRecipePublished', () => ({ id: r.id, isPublished: !r.isPublished, now: NOW }))
        : null;
    }
    case 16: {
      const r = rng.pick(myRecipes);
      return r && rng.chance(0.3) ? action('deleteRecipe', () => ({ id: r.id })) : null;
    }
    case 17:
      return action('createIngredient', (ids) => ({
        id: ids.next(),
        name: rng.chance(0.5) ? `${rng.pick(INGREDIENT_NAMES)}` : `Ingrédient ${rng.int(100000)}`,
        kind: rng.int(7),
        ...(rng.chance(0.3) ? ingredientFacts(rng) : {}),
      }));
    case 18: {
      const r = rng.pick(myRecipes);
      const i = rng.pick(someIngredients(rng, ingredients));
      return r && i
        ? action('addRecipeIngredient', () => ({ recipeId: r.id, ingredientId: i.id, now: NOW }))
        : null;
    }
    case 19:
      return action('createFavoriteMenu', (ids) => ({ id: ids.next(), now: NOW }));
    case 20: {
      const m = rng.pick([
        ...myFavorites,
        ...menus.filter((x) => x.owner === userId && !x.isFavorite),
      ]);
      const r = rng.pick(usableRecipes);
      return m && r
        ? action('addMenuRecipe', () => ({ menuId: m.id, recipeId: r.id, now: NOW }))
        : null;
    }
    case 21:
    case 22: {
      const m = rng.pick(myFavorites);
      return m
        ? action('setMenuPublished', () => ({ id: m.id, isPublished: !m.isPublished, now: NOW }))
        : null;
    }
    case 23: {
      const m = rng.pick(usableMenus);
      return meal && m ? action('setMealMenu', () => ({ mealId: meal.id, menuId: m.id })) : null;
    }
    case 24: {
      const i = rng.pick(someIngredients(rng, ingredients));
      return meal && i
        ? action('addMenuIngredient', () => ({
            menuId: meal.menuId,
            ingredientId: i.id,
            stayId: meal.stayId,
            now: NOW,
          }))
        : null;
    }
    case 25: {
      const other = rng.pick(meals);
      return meal && other
        ? action('swapMealMenus', () => ({ mealId1: meal.id, mealId2: other.id }))
        : null;
    }
    case 26:
      return rng.chance(0.5) || myProfiles.length === 0
        ? action('createProfile', (ids) => ({ id: ids.next(), name: `Profil ${rng.int(100)}` }))
        : action('createSupplier', (ids) => ({
            id: ids.next(),
            profileId: rng.pick(myProfiles)!.id,
          }));
    default: {
      const p = rng.pick(myProfiles);
      const s = p ? rng.pick(suppliers.filter((x) => x.profileId === p.id)) : undefined;
      return p && s
        ? action('mapProfileKinds', () => ({
            profileId: p.id,
            kinds: [rng.int(7)],
            supplierId: s.id,
          }))
        : null;
    }
  }
}

/** A few diets and allergens only, so that alternatives and needs meet on the same ones. */
const DIETS = [0, 3];
const ALLERGENS = [4, 6, 0];

/** Some allergens and diet facts of an ingredient (none now and then: cleared). */
function ingredientFacts(rng: Rng): { allergens: number[]; diet: number[] } {
  const some = (codes: number[]) => codes.filter(() => rng.chance(0.4));
  return { allergens: some([0, 4, 6, 7]), diet: some([0, 1, 2, 3]) };
}

/**
 * Diets and allergies (issue 20): a group's needs, an ingredient's allergens and diet facts,
 * and the alternatives of meals, with the device's own recipes (now and then another user's,
 * or a diet that does not exist: refused).
 */
async function dietsAction(rng: Rng, store: DexieStore, userId: number): Promise<Action | null> {
  const meals = (await store.all('meals')).filter((m) => m.owner === userId);
  const recipes = await store.all('recipes');
  const mine = recipes.filter((r) => r.owner === userId);
  const meal = rng.pick(meals);
  switch (rng.int(8)) {
    case 0: {
      const group = rng.pick((await store.all('groups')).filter((g) => g.owner === userId));
      if (!group) return null;
      const count = () => (rng.chance(0.2) ? 0 : 1 + rng.int(4));
      return action('setGroupNeeds', () => ({
        id: group.id,
        needs: {
          diets: rng.chance(0.7) ? { [String(rng.pick(DIETS))]: count() } : {},
          allergies: rng.chance(0.7) ? { [String(rng.pick(ALLERGENS))]: count() } : {},
          notes: rng.chance(0.3) ? 'Sans sel le soir' : '',
        },
      }));
    }
    case 1: {
      const ingredient = rng.pick(
        (await store.all('ingredients')).filter((i) => i.owner === userId),
      );
      if (!ingredient) return null;
      const facts = ingredientFacts(rng);
      return {
        ...action('updateIngredient', () => ({ id: ingredient.id, ...facts })),
        label: 'updateIngredient:allergens',
      };
    }
    case 2:
    case 3:
    case 4: {
      if (!meal || mine.length === 0) return null;
      const recipeIds = [...new Set([rng.pick(mine)!.id, rng.pick(mine)!.id])];
      const theirs = rng.pick(recipes.filter((r) => r.owner !== userId && r.isPublished));
      if (theirs && rng.chance(0.05)) recipeIds.push(theirs.id);
      const diet = rng.chance(0.5);
      return action('setMealAlternative', () => ({
        mealId: meal.id,
        kind: diet ? 'diet' : 'allergen',
        code: diet ? (rng.chance(0.03) ? 4 + rng.int(10) : rng.pick(DIETS)!) : rng.pick(ALLERGENS)!,
        people: rng.int(6),
        recipeIds,
      }));
    }
    case 5:
    case 6: {
      const withSome = rng.pick(meals.filter((m) => (m.alternatives ?? []).length > 0));
      const chosen = withSome && rng.pick(withSome.alternatives!);
      return withSome && chosen
        ? {
            ...action('removeMealAlternative', () => ({
              mealId: withSome.id,
              kind: chosen.kind,
              code: chosen.code,
            })),
            undoable: true,
          }
        : null;
    }
    default: {
      // A recipe an alternative uses: refused while it does (another device may have freed it).
      const used = meals.flatMap((m) => (m.alternatives ?? []).flatMap((a) => a.recipeIds));
      const id = rng.pick(used);
      return id !== undefined && rng.chance(0.5)
        ? { ...action('deleteRecipe', () => ({ id })), undoable: true }
        : null;
    }
  }
}

/** Packs as shops sell them. */
const PACKS: readonly Pack[] = [
  { name: 'paquet', size: 500, unite: Unite.G },
  { name: 'plateau', size: 30, unite: Unite.Pieces },
  { name: 'bouteille', size: 1, unite: Unite.L },
  { name: 'sac', size: 2.5, unite: Unite.Kg },
];

/**
 * A price seen on a day: per pack mostly when there is one, else per unit; now and then per
 * pack of an ingredient with no pack (refused).
 */
function somePrice(rng: Rng, supplierId: number | null, pack: Pack | null): Price {
  const perPack = pack ? rng.chance(0.7) : rng.chance(0.03);
  return {
    supplierId,
    amount: rng.int(3000) / 100,
    per: perPack ? 'pack' : (rng.int(5) as Unite),
    date: `2025-0${1 + rng.int(6)}-${String(1 + rng.int(28)).padStart(2, '0')}`,
  };
}

/** A recipe's or a menu's quantity: marked 'quantité fixe' mostly, now and then not, or unmarked. */
function someQuantity(rng: Rng): Quantity {
  const mark = rng.next();
  return {
    val: (1 + rng.int(40)) / (rng.chance(0.5) ? 1 : 4),
    unite: rng.int(5) as Unite,
    forPeople: 1 + rng.int(20),
    ...(mark < 0.6 ? { fixed: true } : mark < 0.8 ? { fixed: false } : {}),
  };
}

/** Counted apart when the quantity is marked fixed. */
const quantityLabel = (name: string, quantity: Quantity): string =>
  quantity.fixed === true ? `${name}:fixed` : name;

/**
 * What things cost (issue 21): an ingredient's pack and prices (the default one and its
 * suppliers'), made, changed and removed from every device of a user, mostly on the same few
 * ingredients (two devices offline each make a row for one: the server keeps one per user and
 * ingredient); a stay's budget; recipe and menu quantities marked fixed.
 */
async function costsAction(rng: Rng, store: DexieStore, userId: number): Promise<Action | null> {
  switch (rng.int(10)) {
    case 0:
    case 1:
    case 2:
    case 3: {
      const ingredients = await store.all('ingredients');
      const ingredient = rng.pick(
        rng.chance(0.8) ? ingredients.slice(0, PRICED_INGREDIENTS) : ingredients,
      );
      if (!ingredient) return null;
      const profiles = new Set(
        (await store.all('profiles')).filter((p) => p.owner === userId).map((p) => p.id),
      );
      const suppliers = (await store.all('suppliers')).filter((s) => profiles.has(s.profileId));
      const pack = rng.chance(0.6) ? rng.pick(PACKS)! : null;
      const prices: Price[] = [];
      if (rng.chance(0.7)) prices.push(somePrice(rng, null, pack));
      for (const supplier of suppliers.slice(0, 3)) {
        if (rng.chance(0.4)) prices.push(somePrice(rng, supplier.id, pack));
      }
      // Now and then one price twice (refused: one default, one per supplier).
      const twice = rng.chance(0.03) ? rng.pick(prices) : undefined;
      if (twice) prices.push({ ...twice });
      if (pack === null && prices.length === 0) prices.push(somePrice(rng, null, pack));
      return {
        ...action('setPurchase', (ids) => ({
          id: ids.next(),
          ingredientId: ingredient.id,
          pack,
          prices,
        })),
        label: prices.some((p) => p.supplierId !== null) ? 'setPurchase:supplier' : 'setPurchase',
      };
    }
    case 4: {
      // No pack and no price left: the row goes.
      const row = rng.pick((await store.all('purchases')).filter((p) => p.owner === userId));
      return row
        ? {
            ...action('setPurchase', () => ({
              id: row.id,
              ingredientId: row.ingredientId,
              pack: null,
              prices: [],
            })),
            label: 'setPurchase:delete',
          }
        : null;
    }
    case 5: {
      const stay = rng.pick((await store.all('stays')).filter((s) => s.owner === userId));
      return stay
        ? action('setStayBudget', () => ({
            stayId: stay.id,
            budget: rng.chance(0.2) ? null : (20 + rng.int(100)) / 10,
          }))
        : null;
    }
    case 6:
    case 7: {
      const recipe = rng.pick(
        (await store.all('recipes')).filter((r) => r.owner === userId && r.ingredients.length > 0),
      );
      const item = recipe && rng.pick(recipe.ingredients);
      if (!recipe || !item) return null;
      const quantity = someQuantity(rng);
      return {
        ...action('updateRecipeIngredient', () => ({
          recipeId: recipe.id,
          ingredientId: item.ingredientId,
          quantity,
          now: NOW,
        })),
        label: quantityLabel('updateRecipeIngredient', quantity),
      };
    }
    default: {
      const menu = rng.pick(
        (await store.all('menus')).filter((m) => m.owner === userId && m.ingredients.length > 0),
      );
      const item = menu && rng.pick(menu.ingredients);
      if (!menu || !item) return null;
      const quantity = someQuantity(rng);
      return {
        ...action('updateMenuIngredient', () => ({
          menuId: menu.id,
          ingredientId: item.ingredientId,
          quantity,
          plat: item.plat,
          now: NOW,
        })),
        label: quantityLabel('updateMenuIngredient', quantity),
      };
    }
  }
}

/** A share token as a device draws it (URL-safe, 22 characters). */
function token(rng: Rng): string {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  return Array.from({ length: 22 }, () => chars[rng.int(chars.length)]).join('');
}

/** A quantity as noted in the shop: some pieces, or grams, or both. */
function boughtTotal(rng: Rng): { pieces: number; grams: number; centiliters: number } {
  return {
    pieces: rng.chance(0.5) ? rng.int(20) : 0,
    grams: rng.chance(0.5) ? 250 * rng.int(12) : 0,
    centiliters: rng.chance(0.2) ? 50 * rng.int(6) : 0,
  };
}

/**
 * The lines of a new list for chosen days of a stay, as the shopping screen makes them: the
 * stay's compiled needs less its larder, per supplier of its profile, fresh products per day
 * when asked, with the whole packs to buy of the ingredients that have one. Null when the
 * device cannot compile (a quantity it cannot scale).
 */
async function plannedLines(
  rng: Rng,
  store: DexieStore,
  stay: Stay,
): Promise<NewShopItem[] | null> {
  const days = [0, 1, 2, 3, 4, 5, 6].filter(() => rng.chance(0.5));
  const profile = stay.profileId === null ? undefined : await store.get('profiles', stay.profileId);
  const suppliers = profile ? await store.where('suppliers', 'profileId', profile.id) : [];
  const supplierOf = (ingredient: Ingredient): string => {
    if (!profile) return '';
    const id = resolveSupplier(profile, ingredient);
    return id === NO_SUPPLIER ? '' : (suppliers.find((s) => s.id === id)?.name ?? '');
  };
  try {
    const compiled = compileIngredients(await loadCompileInput(store, stay.id, days));
    return planShopItems({
      compiled,
      stock: larderOf(await store.where('stock', 'stayId', stay.id), stay.start),
      freshPerDay: rng.chance(0.6),
      supplierOf,
      // Lines of ingredients with a pack say the whole packs to buy (issue 21).
      purchases: purchasesByIngredient(await store.where('purchases', 'owner', stay.owner)),
    });
  } catch {
    return null;
  }
}

/**
 * A line of a list the old phone app sent: a need with the meal it is for; with the whole packs
 * to buy when the user gave the ingredient a pack that counts in grams (a stay's list).
 */
function looseLine(rng: Rng, ingredient: Ingredient, pack: Pack | null): NewShopItem {
  const need = { pieces: 0, grams: 100 * (1 + rng.int(20)), centiliters: 0 };
  const count = pack ? packsFor(need, pack).count : 0;
  return {
    ...(pack && count > 0 ? { packs: { count, pack } } : {}),
    key: String(ingredient.id),
    ingredientId: ingredient.id,
    name: ingredient.name,
    kind: ingredient.kind,
    supplier: '',
    day: null,
    need,
    inStock: { pieces: 0, grams: 0, centiliters: 0 },
    toBuy: need,
    uses: [
      { val: need.grams, unite: 2, mealDate: '2025-07-01', mealName: 'Dîner', recipeName: '' },
    ],
  };
}

/** A line of the list, mostly among its first ones, so that devices tick the same lines. */
function pickLine(rng: Rng, list: ShopList) {
  return rng.pick(list.items.slice(0, rng.chance(0.8) ? 2 : list.items.length));
}

/** Shopping lists and the larder: make, tick (from every device), share, put away, keep. */
async function shoppingAction(
  rng: Rng,
  store: DexieStore,
  userId: number,
  now: string,
): Promise<Action | null> {
  const stays = (await store.all('stays')).filter((s) => s.owner === userId);
  const lists = (await store.all('shopLists')).filter((l) => l.owner === userId);
  const stock = (await store.all('stock')).filter((s) => s.owner === userId);
  const stay = rng.pick(stays);
  // Lists with lines to tick, mostly.
  const list = rng.pick(rng.chance(0.9) ? lists.filter((l) => l.items.length > 0) : lists);
  switch (rng.int(16)) {
    case 0: {
      // A few lists at a time, as in a real camp: the ticks then meet on the same lines.
      if (lists.length >= 3 || (!stay && !rng.chance(0.1))) return null;
      // Mostly for a stay with meals planned, as a camp's lists are.
      const withMeals = new Set((await store.all('meals')).map((m) => m.stayId));
      const listStay = rng.pick(stays.filter((s) => withMeals.has(s.id))) ?? stay;
      // Now and then a list of no stay, as the old phone app sends them; else the lines of a
      // stay's days, unless its meals need nothing yet (then a few lines of its own).
      const noStay = !listStay || rng.chance(0.1);
      const lines = noStay ? [] : await plannedLines(rng, store, listStay!);
      if (lines === null) return null;
      const ingredients = await store.all('ingredients');
      const purchases = noStay
        ? new Map<number, Purchase>()
        : purchasesByIngredient(await store.all('purchases'));
      const items =
        lines.length > 0
          ? lines
          : ingredients
              .slice(0, 1 + rng.int(5))
              .map((i) => looseLine(rng, i, purchases.get(i.id)?.pack ?? null));
      return {
        ...action('createShopList', (ids) => ({
          id: ids.next(),
          stayId: noStay ? null : listStay!.id,
          name: `Courses ${rng.int(100)}`,
          now,
          items,
        })),
        // Counted apart too when some line says the packs to buy (issue 21).
        ...(items.some((i) => i.packs) ? { label: 'createShopList:packs' } : {}),
      };
    }
    case 1: {
      const line = list && pickLine(rng, list);
      return list && line
        ? action('setShopItemBought', () => ({
            id: list.id,
            key: line.key,
            bought: rng.chance(0.3) ? null : boughtTotal(rng),
            now,
          }))
        : null;
    }
    case 2: {
      if (!list) return null;
      if (list.share !== null && rng.chance(0.5)) {
        return action('stopSharingShopList', () => ({ id: list.id }));
      }
      // Now and then the token of another list (refused), else a fresh one.
      const taken = rng.pick(lists.filter((l) => l.share !== null && l.id !== list.id));
      const chosen = taken && rng.chance(0.1) ? taken.share!.token : token(rng);
      return action('shareShopList', () => ({ id: list.id, token: chosen, now }));
    }
    case 3:
      return list && rng.chance(0.3)
        ? { ...action('deleteShopList', () => ({ id: list.id })), undoable: true }
        : null;
    case 4: {
      const ingredient = rng.pick(await store.all('ingredients'));
      const dated = rng.chance(0.4);
      return stay && ingredient
        ? {
            ...action('addStock', (ids) => ({
              id: ids.next(),
              stayId: stay.id,
              ingredientId: ingredient.id,
              unite: rng.int(5),
              val: rng.int(40) / 4,
              // Now and then dated, with a lot (issue 35).
              ...(dated ? someDate(rng) : {}),
            })),
            ...(dated ? { label: 'addStock:dated' } : {}),
          }
        : null;
    }
    case 5: {
      const entry = rng.pick(stock);
      if (!entry) return null;
      if (rng.chance(0.15)) {
        // Its date and lot changed, or its date cleared (issue 35).
        return {
          ...action('updateStock', () =>
            rng.chance(0.3) ? { id: entry.id, useBy: null } : { id: entry.id, ...someDate(rng) },
          ),
          label: 'updateStock:dated',
        };
      }
      return rng.chance(0.6)
        ? action('updateStock', () => ({ id: entry.id, val: rng.int(40) / 4 }))
        : { ...action('deleteStock', () => ({ id: entry.id })), undoable: true };
    }
    case 6:
      return list && list.stayId !== null
        ? action('addPurchasesToStock', (ids) => {
            const keys = list.items.filter((i) => i.checked && !i.stored).map((i) => i.key);
            return { id: list.id, keys, ids: ids.range(3 * keys.length) };
          })
        : null;
    case 7: {
      const ingredient = rng.pick(
        (await store.all('ingredients')).filter((i) => i.owner === userId),
      );
      return ingredient
        ? action('updateIngredient', () => ({
            id: ingredient.id,
            fresh: rng.pick([true, false, null]),
          }))
        : null;
    }
    default: {
      // Ticks, the most frequent action: the devices of a user tick the same few lines, each
      // on its own clock, some offline for long stretches.
      const line = list && pickLine(rng, list);
      if (list && line && rng.chance(0.2)) {
        // A helper's page (or the old phone app) sends several ticks as one change.
        const lines = [line, pickLine(rng, list), pickLine(rng, list)].filter(
          (l) => l !== undefined,
        );
        return action('tickShopItems', () => ({
          id: list.id,
          ticks: lines.map((l) => ({ key: l.key, checked: !l.checked, now })),
        }));
      }
      return list && line
        ? action('tickShopItem', () => ({
            id: list.id,
            key: line.key,
            checked: rng.chance(0.7) ? !line.checked : line.checked,
            now,
          }))
        : null;
    }
  }
}

const ROLES = ['plan', 'keep', 'read'] as const;

/**
 * A stay's team (issue 32): its owner changes a role or removes a member (undoable), invites
 * (with a link, or by mail with another user's address: the token reaches them as a mail or a
 * QR code would, and they join through the server, see World.join), withdraws an invitation,
 * or gives the stay to a member ('Transférer le séjour'); a member leaves. Members' devices then act on the stay like the owner's
 * (randomAction picks from every stay a device holds), within their role or refused; a former
 * owner's device offline at the transfer sends its changes later, as a member 'Organisation'.
 *
 * `addresses`: the users' mail addresses, by id (the sim knows them: a person knows the
 * address of whom they invite).
 */
async function teamAction(
  rng: Rng,
  store: DexieStore,
  userId: number,
  now: string,
  addresses: ReadonlyMap<number, string>,
): Promise<Action | null> {
  const owned = (await store.all('stays')).filter((s) => s.owner === userId);
  // Half the time a stay that has a team, when one has: roles changed, members removed and
  // stays given away need one, and joins are few.
  const teamed = new Set((await store.all('stayMembers')).map((m) => m.stayId));
  const withTeam = owned.filter((s) => teamed.has(s.id));
  const stay = rng.pick(withTeam.length > 0 && rng.chance(0.5) ? withTeam : owned);
  const joined = (await store.where('stayMembers', 'userId', userId)).filter(
    (m) => m.owner !== userId,
  );
  const roll = rng.int(9);
  if (roll === 3 || !stay) {
    const mine = rng.pick(joined);
    return mine ? action('leaveStay', () => ({ id: mine.id })) : null;
  }
  const members = await store.where('stayMembers', 'stayId', stay.id);
  // A stay without a team yet: someone is invited instead.
  const asked = members.length === 0 && [1, 2, 7, 8].includes(roll) ? 4 * rng.int(2) : roll;
  switch (asked) {
    // No one is put in a stay unasked: a team grows by invitations followed (World.join).
    case 0:
    case 4:
    case 5: {
      // With a link to show mostly; by mail to another user now and then (used once).
      const others = [...addresses].filter(([id]) => id !== userId).map(([, mail]) => mail);
      const mail = rng.chance(0.35) ? (rng.pick(others) ?? null) : null;
      return {
        ...action('inviteToStay', (ids) => ({
          id: ids.next(),
          stayId: stay.id,
          role: rng.pick([...ROLES])!,
          mail,
          token: token(rng),
          now,
        })),
        label: mail === null ? 'inviteToStay' : 'inviteToStay:mail',
      };
    }
    case 6: {
      const invitation = rng.pick(await store.where('stayInvitations', 'stayId', stay.id));
      return invitation ? action('revokeStayInvitation', () => ({ id: invitation.id })) : null;
    }
    case 7: {
      const member = rng.pick(members);
      return member && rng.chance(0.6)
        ? action('transferStay', () => ({ memberId: member.id, userId: member.userId, now }))
        : null;
    }
    default: {
      const member = rng.pick(members);
      if (!member) return null;
      return asked === 1
        ? action('setStayMemberRole', () => ({ id: member.id, role: rng.pick([...ROLES])! }))
        : { ...action('removeStayMember', () => ({ id: member.id })), undoable: true };
    }
  }
}

/** A use-by or best-before date in the stay's first weeks, and a lot (issue 35). */
function someDate(rng: Rng): { useBy: string; dateKind: 'dlc' | 'ddm'; lot: string } {
  return {
    useBy: `2025-07-${String(1 + rng.int(14)).padStart(2, '0')}`,
    dateKind: rng.chance(0.7) ? 'dlc' : 'ddm',
    lot: rng.chance(0.5) ? `L${rng.int(1000)}` : '',
  };
}

/** A cold unit as a kitchen names it: now and then with its bounds the wrong way (refused). */
function someColdUnit(rng: Rng, key: string): ColdUnit {
  const freezer = rng.chance(0.3);
  const min = freezer ? null : rng.int(3);
  const max = freezer ? -18 : 3 + rng.int(3);
  return {
    key,
    name: freezer ? 'Congélateur' : `Frigo ${key}`,
    ...(rng.chance(0.03) && min !== null ? { min: max + 1, max: min } : { min, max }),
    checks: rng.chance(0.8) ? ['matin', 'soir'] : ['matin'],
  };
}

/** A time of the camp's day ('HH:MM'), morning or evening. */
const someTime = (rng: Rng): string =>
  `${String(7 + rng.int(15)).padStart(2, '0')}:${String(rng.int(60)).padStart(2, '0')}`;

/**
 * The kitchen's register (issue 35), from every device that holds the stay (its owner's and its
 * members': within their role, or refused): a stay's cold units, the samples of its meals (the
 * devices of a kitchen, offline, may take the sample of one meal each: the server keeps the
 * first), thrown away later; temperature readings in and out of range (with a corrective action
 * mostly), changed; deliveries accepted or refused (with a reason, now and then without:
 * refused), changed, put in the larder (a refused one now and then: refused); any entry deleted.
 * Changes and deletions are undoable.
 */
async function registerAction(rng: Rng, store: DexieStore, now: string): Promise<Action | null> {
  const stay = rng.pick(await store.all('stays'));
  if (!stay) return null;
  const entries = await store.where('register', 'stayId', stay.id);
  const ofKind = <K extends Tables['register']['kind']>(kind: K) =>
    entries.filter((e): e is Extract<Tables['register'], { kind: K }> => e.kind === kind);
  switch (rng.int(12)) {
    case 0: {
      const count = rng.chance(0.2) ? 0 : 1 + rng.int(3);
      const keys = ['froid', 'chambre', 'congel'].slice(0, count);
      // Now and then one key twice (refused).
      if (count > 0 && rng.chance(0.03)) keys.push(keys[0]!);
      return action('setColdUnits', () => ({
        stayId: stay.id,
        units: keys.map((key) => someColdUnit(rng, key)),
      }));
    }
    case 1:
    case 2: {
      const meals = await store.where('meals', 'stayId', stay.id);
      // Mostly a meal still without its sample on this device (another may have taken it).
      const sampled = new Set(ofKind('sample').map((e) => e.mealId));
      const meal = rng.pick(rng.chance(0.9) ? meals.filter((m) => !sampled.has(m.id)) : meals);
      return meal
        ? action('takeSample', (ids) => ({
            id: ids.next(),
            mealId: meal.id,
            time: someTime(rng),
            dishes: rng.chance(0.2) ? [] : ['Plat', 'Dessert'].slice(0, 1 + rng.int(2)),
          }))
        : null;
    }
    case 3: {
      const sample = rng.pick(ofKind('sample'));
      return sample
        ? { ...action('discardSample', () => ({ id: sample.id, at: now })), undoable: true }
        : null;
    }
    case 4:
    case 5: {
      const unit = rng.pick([...coldUnitsOf(stay)]);
      const key = unit?.key ?? 'refrigerateur';
      const value = rng.int(30) - 20 + (rng.chance(0.5) ? 0.5 : 0);
      const out = unit ? isOutOfRange(unit, value) : false;
      const corrected = out && rng.chance(0.8);
      return {
        ...action('addReading', (ids) => ({
          id: ids.next(),
          stayId: stay.id,
          unit: key,
          day: rng.int(7),
          time: someTime(rng),
          value,
          note: rng.chance(0.2) ? 'Porte restée ouverte' : '',
          action: corrected ? 'Produits déplacés, thermostat réglé' : '',
        })),
        label: corrected ? 'addReading:action' : 'addReading',
      };
    }
    case 6: {
      const reading = rng.pick(ofKind('reading'));
      return reading
        ? {
            ...action('updateReading', () => ({
              id: reading.id,
              ...(rng.chance(0.5) ? { value: rng.int(30) - 20 } : {}),
              action: rng.chance(0.5) ? 'Relevé refait une heure après' : '',
            })),
            undoable: true,
          }
        : null;
    }
    case 7:
    case 8: {
      const ingredient = rng.pick(await store.all('ingredients'));
      if (!ingredient) return null;
      const accepted = rng.chance(0.75);
      // A refusal says why, mostly.
      const reason = accepted ? '' : rng.chance(0.9) ? 'Température trop haute' : '';
      const storage = rng.pick(['ambient', 'chilled', 'frozen'] as const)!;
      const date = rng.chance(0.8) ? someDate(rng) : null;
      return {
        ...action('addDelivery', (ids) => ({
          id: ids.next(),
          stayId: stay.id,
          day: rng.int(7),
          time: someTime(rng),
          supplier: rng.pick(['Boucherie Martin', 'Primeur', ''])!,
          ingredientId: ingredient.id,
          val: 1 + rng.int(20),
          unite: rng.int(5),
          lot: date?.lot ?? '',
          dateKind: date?.dateKind ?? 'dlc',
          date: date?.useBy ?? null,
          storage,
          temperature: storage === 'ambient' ? null : rng.int(10) - (storage === 'frozen' ? 22 : 0),
          accepted,
          reason,
        })),
        label: accepted ? 'addDelivery' : 'addDelivery:refused',
      };
    }
    case 9: {
      const delivery = rng.pick(ofKind('delivery'));
      if (!delivery) return null;
      // Refused after all (with a reason mostly), or accepted, or its lot and date changed.
      const refuse = delivery.accepted && rng.chance(0.3);
      return {
        ...action('updateDelivery', () =>
          refuse
            ? { id: delivery.id, accepted: false, reason: rng.chance(0.9) ? 'Emballage abîmé' : '' }
            : { id: delivery.id, accepted: true, lot: `L${rng.int(1000)}` },
        ),
        undoable: true,
      };
    }
    case 10: {
      // Mostly an accepted delivery not yet in the larder (another device may have stored it).
      const deliveries = ofKind('delivery');
      const delivery = rng.pick(
        rng.chance(0.9) ? deliveries.filter((d) => d.accepted && d.stockId === null) : deliveries,
      );
      return delivery
        ? action('storeDelivery', (ids) => ({ id: delivery.id, stockId: ids.next() }))
        : null;
    }
    default: {
      const entry = rng.pick(entries);
      return entry
        ? {
            ...action('deleteRegisterEntry', () => ({ id: entry.id })),
            undoable: true,
            label: `deleteRegisterEntry:${entry.kind}`,
          }
        : null;
    }
  }
}
