/**
 * Answers about a user's stays: stays with their groups, meals with their menus, the quantity
 * preview of a meal, the days of an order and the compiled ingredients. Quantities come from
 * the domain's loaders and compile, the same code the export screen runs.
 */
import {
  compareFrench,
  compileIngredients,
  hiddenNotCounted,
  hiddenRecipesOfMeals,
  loadCompileInput,
  loadMealPreviewInput,
  previewMeal,
  stayExportUrl,
  type Id,
  type Meal,
  type Stay,
  readableStayIds,
} from '@popote/domain';
import { readableRow, type ReadCtx } from './context.js';
import {
  byIdOut,
  groupOut,
  ingredientOut,
  mealExtOut,
  mealOut,
  stayOut,
  totalOut,
} from './mappers.js';
import type {
  CompileIngredientsOut,
  MealsLoadOut,
  Out,
  PreviewQuantitiesOut,
  StayExtOut,
} from './schemas.js';
import { menuExts } from './views-library.js';

type StayExt = Out<typeof StayExtOut>;

export async function stayExt(ctx: ReadCtx, stay: Stay): Promise<StayExt> {
  const groups = await ctx.store.where('groups', 'stayId', stay.id);
  groups.sort((a, b) => a.id - b.id);
  return {
    Sejour: stayOut(stay),
    Groups: groups.map(groupOut),
    ExportClientURL:
      stay.exportSecret === null ? '' : stayExportUrl(ctx.publicUrl, stay.exportSecret, stay),
    Label: stay.name,
  };
}

/**
 * The user's stays by name, as the 'Séjour actif' select lists them: their own and those they
 * take part in (issue 32).
 */
export async function staysOf(ctx: ReadCtx): Promise<StayExt[]> {
  const stays = await ctx.store.getMany('stays', await readableStayIds(ctx.store, ctx.userId));
  stays.sort((a, b) => compareFrench(a.name, b.name) || a.id - b.id);
  return Promise.all(stays.map((stay) => stayExt(ctx, stay)));
}

export const stayExtById = async (ctx: ReadCtx, id: Id): Promise<StayExt> =>
  stayExt(ctx, await readableRow(ctx, 'stays', id));

/** Meals by day, slot and id, with each one's menu keyed by menu id. */
export async function mealsLoad(
  ctx: ReadCtx,
  meals: readonly Meal[],
): Promise<Out<typeof MealsLoadOut>> {
  const sorted = [...meals].sort((a, b) => a.day - b.day || a.slot - b.slot || a.id - b.id);
  // A user's meal makes its menu readable to that user (visibility rules).
  const menus = await ctx.store.getMany('menus', [...new Set(sorted.map((m) => m.menuId))]);
  const exts = await menuExts(ctx, menus);
  const byMenu: Out<typeof MealsLoadOut>['Menus'] = {};
  for (const ext of exts) byMenu[ext.Menu.Id] = ext;
  return { Menus: byMenu, Meals: sorted.map(mealExtOut) };
}

/** The stay's meals, all of them or those of one day. */
export async function stayMeals(ctx: ReadCtx, stayId: Id, day?: number): Promise<Meal[]> {
  await readableRow(ctx, 'stays', stayId);
  const meals = await ctx.store.where('meals', 'stayId', stayId);
  return day === undefined ? meals : meals.filter((m) => m.day === day);
}

/** Meals by id, each checked readable. */
export async function mealsByIds(ctx: ReadCtx, ids: readonly Id[]): Promise<Meal[]> {
  const meals: Meal[] = [];
  for (const id of new Set(ids)) meals.push(await readableRow(ctx, 'meals', id));
  return meals;
}

export async function mealQuantities(
  ctx: ReadCtx,
  mealId: Id,
): Promise<Out<typeof PreviewQuantitiesOut>> {
  await readableRow(ctx, 'meals', mealId);
  const input = await loadMealPreviewInput(ctx.store, mealId);
  const preview = previewMeal(input);
  return {
    NbPeople: preview.people,
    Quantities: preview.ingredients.map(({ ingredient, total }) => ({
      Ingredient: ingredientOut(ingredient),
      Quantities: totalOut(total),
    })),
    ...notCounted(hiddenRecipesOfMeals({ ...input, meals: [input.meal] })),
  };
}

/**
 * The contract's addition when recipes the user may not read were left out of the quantities
 * (they are missing from the reader's view): the reason, said once.
 */
const notCounted = (hidden: readonly Id[]): { Notes?: string[] } =>
  hidden.length === 0 ? {} : { Notes: [hiddenNotCounted(hidden.length)] };

/** The day offsets of the stay that hold meals, in order. */
export async function orderDays(ctx: ReadCtx, stayId: Id): Promise<number[]> {
  await readableRow(ctx, 'stays', stayId);
  const days = new Set<number>();
  for (const meal of await ctx.store.where('meals', 'stayId', stayId)) days.add(meal.day);
  return [...days].sort((a, b) => a - b);
}

export async function compiledIngredients(
  ctx: ReadCtx,
  stayId: Id,
  days: readonly number[],
): Promise<Out<typeof CompileIngredientsOut>> {
  await readableRow(ctx, 'stays', stayId);
  const input = await loadCompileInput(ctx.store, stayId, [...days]);
  const result = compileIngredients(input);
  return {
    Meals: byIdOut(
      input.meals.filter((m) => m.id in result.meals),
      mealOut,
    ),
    Ingredients: result.ingredients.map(({ ingredient, uses, total }) => ({
      Ingredient: ingredientOut(ingredient),
      Quantities: uses.map((use) => ({
        Quantity: { Unite: use.unite, Val: use.val },
        Origin: use.mealId,
      })),
      Total: totalOut(total),
    })),
    ...notCounted(hiddenRecipesOfMeals(input)),
  };
}
