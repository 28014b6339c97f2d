/**
 * The ingredients needed over chosen days of a stay (export screen, shopping spreadsheet) and
 * for one meal (quantity preview). Pure functions over plain rows, plus the loaders that read
 * exactly those rows, so that the web app and the server share one rule.
 */
import type { Group, Id, Ingredient, Meal, Menu, Quantity, Recipe } from './entities.js';
import type { Horaire, IngredientKind, Unite } from './enums.js';
import { INGREDIENT_KINDS } from './enums.js';
import { invalid, isDomainError, notFound } from './errors.js';
import type { QuantityTotal } from './quantity.js';
import { addToTotal, emptyTotal, scaleQuantity } from './quantity.js';
import type { ReadStore } from './store.js';

export interface CompileInput {
  meals: Meal[];
  groups: Group[];
  menus: Menu[];
  recipes: Recipe[];
  ingredients: Ingredient[];
  /** Day offsets from the stay's start. */
  days: number[];
}

export interface MealPreviewInput {
  meal: Meal;
  groups: Group[];
  menus: Menu[];
  recipes: Recipe[];
  ingredients: Ingredient[];
}

/** What one meal needs of one ingredient, scaled to the meal's people. */
export interface IngredientUse {
  mealId: Id;
  unite: Unite;
  val: number;
}

export interface CompiledIngredient {
  ingredient: Ingredient;
  /** In meal order (day, slot, id); one entry per meal and unit. */
  uses: IngredientUse[];
  total: QuantityTotal;
}

export interface CompileResult {
  meals: Record<Id, { day: number; slot: Horaire }>;
  ingredients: CompiledIngredient[];
}

export interface MealPreview {
  /** As planned, possibly 0 or negative, so that the user sees a wrong head count. */
  people: number;
  ingredients: { ingredient: Ingredient; total: QuantityTotal }[];
}

/**
 * Additional people plus the sizes of the meal's groups. Unknown group ids are ignored (a
 * group deleted on another device may still be listed until sync settles). The result may
 * be 0 or negative; scaleQuantity counts a negative number as nobody.
 */
export function mealPeople(meal: Meal, groupsById: ReadonlyMap<Id, Group>): number {
  let people = meal.additionalPeople;
  for (const groupId of new Set(meal.groupIds)) {
    people += groupsById.get(groupId)?.size ?? 0;
  }
  return people;
}

export function compileIngredients(input: CompileInput): CompileResult {
  const days = new Set(input.days);
  const meals = input.meals.filter((m) => days.has(m.day)).sort(byDaySlotId);
  const groupsById = byId(input.groups);
  const lookup = makeLookup(input);

  const mealsOut: Record<Id, { day: number; slot: Horaire }> = {};
  const compiled = new Map<Id, CompiledIngredient>();
  for (const meal of meals) {
    mealsOut[meal.id] = { day: meal.day, slot: meal.slot };
    for (const { ingredient, quantity, people } of scaledContents(meal, groupsById, lookup)) {
      const val = scaleFor(ingredient, quantity, people);
      let entry = compiled.get(ingredient.id);
      if (!entry) {
        entry = { ingredient, uses: [], total: emptyTotal() };
        compiled.set(ingredient.id, entry);
      }
      entry.total = addToTotal(entry.total, quantity.unite, val);
      // Same meal and unit (an ingredient in two recipes of one meal): one line per meal.
      const same = entry.uses.find((u) => u.mealId === meal.id && u.unite === quantity.unite);
      if (same) same.val += val;
      else entry.uses.push({ mealId: meal.id, unite: quantity.unite, val });
    }
  }
  return { meals: mealsOut, ingredients: [...compiled.values()].sort(byKindThenName) };
}

export function previewMeal(input: MealPreviewInput): MealPreview {
  const groupsById = byId(input.groups);
  const people = mealPeople(input.meal, groupsById);
  const totals = new Map<Id, { ingredient: Ingredient; total: QuantityTotal }>();
  const lookup = makeLookup(input);
  for (const { ingredient, quantity, people: eating } of scaledContents(
    input.meal,
    groupsById,
    lookup,
  )) {
    const val = scaleFor(ingredient, quantity, eating);
    const entry = totals.get(ingredient.id) ?? { ingredient, total: emptyTotal() };
    entry.total = addToTotal(entry.total, quantity.unite, val);
    totals.set(ingredient.id, entry);
  }
  return { people, ingredients: [...totals.values()].sort(byKindThenName) };
}

/** Consecutive runs of one category, in category order; empty categories are left out. */
export function groupByKind<T extends { ingredient: Ingredient }>(
  list: readonly T[],
): { kind: IngredientKind; ingredients: T[] }[] {
  return INGREDIENT_KINDS.map((kind) => ({
    kind,
    ingredients: list.filter((item) => item.ingredient.kind === kind),
  })).filter((group) => group.ingredients.length > 0);
}

/** The stay's meals on the chosen days and every row their quantities depend on. */
export async function loadCompileInput(
  store: ReadStore,
  stayId: Id,
  days: number[],
): Promise<CompileInput> {
  const wanted = new Set(days);
  const [stayMeals, groups] = await Promise.all([
    store.where('meals', 'stayId', stayId),
    store.where('groups', 'stayId', stayId),
  ]);
  const meals = stayMeals.filter((m) => wanted.has(m.day));
  const rows = await loadMenuRows(
    store,
    meals.map((m) => m.menuId),
    alternativeRecipeIds(meals),
  );
  return { meals, groups, ...rows, days: [...wanted] };
}

/** One meal and every row its quantities depend on. Who may read it is the caller's check. */
export async function loadMealPreviewInput(
  store: ReadStore,
  mealId: Id,
): Promise<MealPreviewInput> {
  const meal = await store.get('meals', mealId);
  if (!meal) throw notFound("Ce repas n'existe pas.");
  const [groups, rows] = await Promise.all([
    store.getMany('groups', unique(meal.groupIds)),
    loadMenuRows(store, [meal.menuId], alternativeRecipeIds([meal])),
  ]);
  return { meal, groups, ...rows };
}

/** The recipes of the meals' alternatives (issue 20). */
export const alternativeRecipeIds = (meals: readonly Pick<Meal, 'alternatives'>[]): Id[] =>
  meals.flatMap((m) => (m.alternatives ?? []).flatMap((a) => a.recipeIds));

async function loadMenuRows(
  store: ReadStore,
  menuIds: Id[],
  moreRecipeIds: readonly Id[] = [],
): Promise<Pick<CompileInput, 'menus' | 'recipes' | 'ingredients'>> {
  const menus = await store.getMany('menus', unique(menuIds));
  const recipes = await store.getMany(
    'recipes',
    unique([...menus.flatMap((m) => m.recipeIds), ...moreRecipeIds]),
  );
  const ingredientIds = unique([
    ...menus.flatMap((m) => m.ingredients.map((i) => i.ingredientId)),
    ...recipes.flatMap((r) => r.ingredients.map((i) => i.ingredientId)),
  ]);
  const ingredients = await store.getMany('ingredients', ingredientIds);
  return { menus, recipes, ingredients };
}

interface Lookup {
  menus: ReadonlyMap<Id, Menu>;
  recipes: ReadonlyMap<Id, Recipe>;
  ingredients: ReadonlyMap<Id, Ingredient>;
}

function makeLookup(rows: Pick<CompileInput, 'menus' | 'recipes' | 'ingredients'>): Lookup {
  return {
    menus: byId(rows.menus),
    recipes: byId(rows.recipes),
    ingredients: byId(rows.ingredients),
  };
}

/**
 * The unscaled quantities of a meal: its menu's own ingredients, then those of each recipe.
 * Rows not found are skipped: a sync may deliver a meal before its menu, or a row may have
 * become unreadable; a partial list is better than a broken screen.
 */
function* mealContents(
  meal: Meal,
  lookup: Lookup,
): Generator<{ ingredient: Ingredient; quantity: Quantity }> {
  const menu = lookup.menus.get(meal.menuId);
  if (!menu) return;
  const parts = [
    menu.ingredients,
    ...menu.recipeIds.map((id) => lookup.recipes.get(id)?.ingredients ?? []),
  ];
  for (const part of parts) {
    for (const { ingredientId, quantity } of part) {
      const ingredient = lookup.ingredients.get(ingredientId);
      if (ingredient) yield { ingredient, quantity };
    }
  }
}

/**
 * Who eats what of a meal (issue 20): each alternative for its people, the menu for the others
 * (never fewer than nobody). Without alternatives, the menu for all of the meal's people.
 */
export function mealShares(
  meal: Pick<Meal, 'alternatives' | 'additionalPeople' | 'groupIds'>,
  groupsById: ReadonlyMap<Id, Group>,
): { menu: number; alternatives: number[] } {
  const people = mealPeople(meal as Meal, groupsById);
  const alternatives = (meal.alternatives ?? []).map((a) => Math.max(0, a.people));
  const apart = alternatives.reduce((sum, n) => sum + n, 0);
  return { menu: Math.max(0, people - apart), alternatives };
}

/** The meal's quantities, each with the people it is for (see mealShares). */
function* scaledContents(
  meal: Meal,
  groupsById: ReadonlyMap<Id, Group>,
  lookup: Lookup,
): Generator<{ ingredient: Ingredient; quantity: Quantity; people: number }> {
  const shares = mealShares(meal, groupsById);
  // Without alternatives the meal's own count, even negative: scaleQuantity counts it as nobody.
  const menuPeople = meal.alternatives?.length ? shares.menu : mealPeople(meal, groupsById);
  for (const item of mealContents(meal, lookup)) yield { ...item, people: menuPeople };
  for (const [i, alternative] of (meal.alternatives ?? []).entries()) {
    for (const recipeId of alternative.recipeIds) {
      for (const { ingredientId, quantity } of lookup.recipes.get(recipeId)?.ingredients ?? []) {
        const ingredient = lookup.ingredients.get(ingredientId);
        if (ingredient) yield { ingredient, quantity, people: shares.alternatives[i] ?? 0 };
      }
    }
  }
}

/** Names the ingredient when a stored quantity cannot be scaled, so that it can be fixed. */
function scaleFor(ingredient: Ingredient, quantity: Quantity, people: number): number {
  try {
    return scaleQuantity(quantity, people);
  } catch (e) {
    if (isDomainError(e)) throw invalid(`${ingredient.name} : ${e.message}`);
    throw e;
  }
}

function byDaySlotId(a: Meal, b: Meal): number {
  return a.day - b.day || a.slot - b.slot || a.id - b.id;
}

function byKindThenName(a: { ingredient: Ingredient }, b: { ingredient: Ingredient }): number {
  return (
    a.ingredient.kind - b.ingredient.kind ||
    a.ingredient.name.localeCompare(b.ingredient.name, 'fr') ||
    a.ingredient.id - b.ingredient.id
  );
}

function byId<T extends { id: Id }>(rows: readonly T[]): Map<Id, T> {
  return new Map(rows.map((r) => [r.id, r]));
}

function unique<V>(values: readonly V[]): V[] {
  return [...new Set(values)];
}
