/**
 * Reads of the larder shared by the export and shopping screens: what it holds for the chosen
 * days, and the lines of a new shopping list less what it holds.
 */
import {
  compileIngredients,
  daysBefore,
  loadCompileInput,
  NO_SUPPLIER,
  NO_SUPPLIER_NAME,
  planShopItems,
  purchasesByIngredient,
  resolveSupplier,
  stayDayToday,
  larderOf,
  stockAfter,
  type Ingredient,
  type Larder,
  type NewShopItem,
  type ReadStore,
  type Stay,
} from '@popote/domain';
import { useLocalQuery } from '../sync/useLocal';

/** What the larder holds of each ingredient, in lots by use-by date (issue 35). */
export const readStock = async (store: ReadStore, stay: Stay): Promise<Larder> =>
  larderOf(await store.where('stock', 'stayId', stay.id), stay.start);

/**
 * What the larder holds for these days: the meals of the days before them, from today on, use
 * it first (see daysBefore in the domain).
 */
export async function readStockFor(
  store: ReadStore,
  stay: Stay,
  days: readonly number[],
): Promise<Larder> {
  const stock = await readStock(store, stay);
  if (stock.size === 0) return stock;
  const meals = await store.where('meals', 'stayId', stay.id);
  const stayDays = [...new Set(meals.map((m) => m.day))].sort((a, b) => a - b);
  const earlier = daysBefore(stayDays, days, stayDayToday(stay.start));
  if (earlier.length === 0) return stock;
  return stockAfter(stock, compileIngredients(await loadCompileInput(store, stay.id, earlier)));
}

/** The larder's lots per ingredient for these days, live; null without days. */
export function useStockFor(stay: Stay, days: readonly number[] | null): Larder | null | undefined {
  const key = days === null ? null : days.join(',');
  return useLocalQuery(
    async (store) =>
      key === null || key === '' ? null : readStockFor(store, stay, key.split(',').map(Number)),
    [stay.id, stay.start, key],
  );
}

/** The supplier's name of each ingredient under the stay's profile; '' without one. */
async function supplierNames(
  store: ReadStore,
  stay: Stay,
): Promise<(ingredient: Ingredient) => string> {
  const profile = stay.profileId === null ? undefined : await store.get('profiles', stay.profileId);
  if (!profile) return () => '';
  const names = new Map(
    (await store.where('suppliers', 'profileId', profile.id)).map((s) => [s.id, s.name]),
  );
  return (ingredient) => {
    const id = resolveSupplier(profile, ingredient);
    return id === NO_SUPPLIER ? NO_SUPPLIER_NAME : (names.get(id) ?? NO_SUPPLIER_NAME);
  };
}

/** The lines of a new list for these days, less the larder (see planShopItems). */
export async function planListFor(
  store: ReadStore,
  stay: Stay,
  days: readonly number[],
  freshPerDay: boolean,
): Promise<NewShopItem[]> {
  const compiled = compileIngredients(await loadCompileInput(store, stay.id, [...days]));
  return planShopItems({
    compiled,
    stock: await readStockFor(store, stay, days),
    freshPerDay,
    supplierOf: await supplierNames(store, stay),
    purchases: purchasesByIngredient(await store.where('purchases', 'owner', stay.owner)),
  });
}
