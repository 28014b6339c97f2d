/**
 * The larder's alerts (issue 35), read live by the larder panel and the kitchen view: its dated
 * entries past their use-by date, expiring before a meal planned with them, to eat soon, or
 * past their best-before date (larderAlerts in the domain), each with its ingredient's name and
 * the meal it expires before.
 */
import {
  compileIngredients,
  isDomainError,
  larderAlerts,
  loadCompileInput,
  stayDayToday,
  type Horaire,
  type Id,
  type LarderAlert,
  type ReadStore,
  type Stay,
  type StockItem,
} from '@popote/domain';
import { useLocalQuery } from '../sync/useLocal';

/** A meal that uses an ingredient: its day and slot. */
export interface NeedMeal {
  day: number;
  slot: Horaire;
}

export interface LarderAlertLine {
  alert: LarderAlert<StockItem>;
  /** The ingredient's name ('' while it has not reached the device). */
  name: string;
  /** For 'expiresBeforeMeal': the first meal it expires before. */
  meal: NeedMeal | null;
}

/**
 * The meals from `fromDay` on that use each ingredient, in the order of the stay. A quantity
 * the rules cannot scale leaves the needs out (the expired entries are still told).
 */
export async function readNeedMeals(
  store: ReadStore,
  stay: Stay,
  fromDay: number,
): Promise<Map<Id, NeedMeal[]>> {
  const meals = await store.where('meals', 'stayId', stay.id);
  const days = [...new Set(meals.map((m) => m.day).filter((d) => d >= fromDay))];
  const needs = new Map<Id, NeedMeal[]>();
  if (days.length === 0) return needs;
  try {
    const compiled = compileIngredients(await loadCompileInput(store, stay.id, days));
    for (const { ingredient, uses } of compiled.ingredients) {
      const list = uses
        .map((u) => compiled.meals[u.mealId])
        .filter((m): m is NeedMeal => m !== undefined)
        .sort((a, b) => a.day - b.day || a.slot - b.slot);
      needs.set(ingredient.id, list);
    }
  } catch (e) {
    if (!isDomainError(e)) throw e;
  }
  return needs;
}

/**
 * The alerts of the stay's larder on `today`, judged against the meals from `fromDay` on
 * (never before today: the meals gone by are eaten). Sorted by date.
 */
export async function readLarderAlerts(
  store: ReadStore,
  stay: Stay,
  today: number,
  fromDay: number = today,
): Promise<LarderAlertLine[]> {
  const entries = await store.where('stock', 'stayId', stay.id);
  if (!entries.some((e) => e.useBy)) return [];
  const needMeals = await readNeedMeals(store, stay, Math.max(today, fromDay));
  const needDays = new Map([...needMeals].map(([id, meals]) => [id, meals.map((m) => m.day)]));
  const alerts = larderAlerts(entries, stay.start, today, needDays);
  const names = new Map(
    (await store.getMany('ingredients', [...new Set(alerts.map((a) => a.entry.ingredientId))])).map(
      (i) => [i.id, i.name],
    ),
  );
  return alerts.map((alert) => ({
    alert,
    name: names.get(alert.entry.ingredientId) ?? '',
    meal:
      alert.mealDay === null
        ? null
        : (needMeals.get(alert.entry.ingredientId)?.find((m) => m.day === alert.mealDay) ?? null),
  }));
}

/** The larder's alerts today, live; from `fromDay` on for the meals (the kitchen's day). */
export function useLarderAlerts(stay: Stay, fromDay?: number): LarderAlertLine[] | undefined {
  const today = stayDayToday(stay.start);
  const from = fromDay ?? today;
  return useLocalQuery(
    (store) => readLarderAlerts(store, stay, today, from),
    [stay.id, stay.start, today, from],
  );
}
