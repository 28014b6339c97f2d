/**
 * Answers about a user's stays: stays with their groups, meals with their menus, the quantity
 * preview of a meal, the days of an order and the compiled ingredients. Quantities come from
 * the domain's loaders and compile, the same code the order screen runs.
 */
import {
  compareFrench,
  compileIngredients,
  dateToIsoDay,
  dayToDate,
  loadCompileInput,
  loadMealPreviewInput,
  previewMeal,
  type Id,
  type Meal,
  type Stay,
} from '@popote/domain';
import { readableRow, type ReadCtx } from './context.js';
import { dateTimeOf, groupOut, ingredientOut, mealOut, sejourOut, totalOut } from './mappers.js';
import type {
  CompileIngredientsOut,
  MealQuantitiesOut,
  MealsLoadOut,
  OrderDayOut,
  Out,
  SejourExtOut,
} from './schemas.js';
import { menuExts } from './views-library.js';

type SejourExt = Out<typeof SejourExtOut>;

export async function sejourExt(ctx: ReadCtx, stay: Stay): Promise<SejourExt> {
  const groups = await ctx.store.where('groups', 'stayId', stay.id);
  return { Sejour: sejourOut(stay), Groups: groups.map(groupOut) };
}

/** The user's stays by name, as the 'Séjour actif' select lists them. */
export async function sejoursOf(ctx: ReadCtx): Promise<SejourExt[]> {
  const stays = await ctx.store.where('stays', 'owner', ctx.userId);
  stays.sort((a, b) => compareFrench(a.name, b.name) || a.id - b.id);
  return Promise.all(stays.map((stay) => sejourExt(ctx, stay)));
}

export const sejourExtById = async (ctx: ReadCtx, id: Id): Promise<SejourExt> =>
  sejourExt(ctx, await readableRow(ctx, 'stays', id));

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
  return { Meals: sorted.map(mealOut), Menus: byMenu };
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
): Promise<Out<typeof MealQuantitiesOut>> {
  await readableRow(ctx, 'meals', mealId);
  const preview = previewMeal(await loadMealPreviewInput(ctx.store, mealId));
  return {
    NbPeople: preview.people,
    Quantities: preview.ingredients.map(({ ingredient, total }) => ({
      Ingredient: ingredientOut(ingredient),
      Quantities: totalOut(total),
    })),
  };
}

/** The days of the stay that hold meals, with their dates. */
export async function orderDays(ctx: ReadCtx, stayId: Id): Promise<Out<typeof OrderDayOut>[]> {
  const stay = await readableRow(ctx, 'stays', stayId);
  const counts = new Map<number, number>();
  for (const meal of await ctx.store.where('meals', 'stayId', stayId)) {
    counts.set(meal.day, (counts.get(meal.day) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([day, count]) => ({
      Jour: day,
      Date: dateTimeOf(dateToIsoDay(dayToDate(stay.start, day))),
      NbMeals: count,
    }));
}

export async function compiledIngredients(
  ctx: ReadCtx,
  stayId: Id,
  days: readonly number[],
): Promise<Out<typeof CompileIngredientsOut>> {
  await readableRow(ctx, 'stays', stayId);
  const result = compileIngredients(await loadCompileInput(ctx.store, stayId, [...days]));
  const meals: Out<typeof CompileIngredientsOut>['Meals'] = {};
  for (const [id, meal] of Object.entries(result.meals)) {
    meals[Number(id)] = { Jour: meal.day, Horaire: meal.slot };
  }
  return {
    Meals: meals,
    Ingredients: result.ingredients.map(({ ingredient, uses, total }) => ({
      Ingredient: ingredientOut(ingredient),
      Quantities: uses.map((use) => ({
        Quantity: { Unite: use.unite, Val: use.val },
        Origin: use.mealId,
      })),
      Total: totalOut(total),
    })),
  };
}
