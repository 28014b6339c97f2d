/** Live reads of the shopping lists and the larder, and how a new list is made. */
import {
  compareFrench,
  compileIngredients,
  daysBefore,
  dayToDate,
  formatDayMonth,
  loadCompileInput,
  NO_SUPPLIER,
  NO_SUPPLIER_NAME,
  planShopItems,
  purchasesByIngredient,
  resolveSupplier,
  stockAfter,
  stockByIngredient,
  type Id,
  type Ingredient,
  type NewShopItem,
  type QuantityTotal,
  type ReadStore,
  type ShopList,
  type Stay,
  type StockItem,
} from '@popote/domain';
import { useLocalQuery } from '../../sync/useLocal';
import { todayOf } from '../kitchen/kitchen-day';

/**
 * The lists of a stay, and those the old phone app sent (they name no stay), the newest first.
 * The device holds only its user's lists.
 */
export function useShopLists(stayId: Id): ShopList[] | undefined {
  return useLocalQuery(
    async (store) =>
      (await store.all('shopLists'))
        .filter((list) => list.stayId === stayId || list.stayId === null)
        .sort((a, b) => b.created.localeCompare(a.created) || b.id - a.id),
    [stayId],
  );
}

/** One list; null once it is gone. */
export function useShopList(id: Id | null): ShopList | null | undefined {
  return useLocalQuery(
    async (store) => (id === null ? null : ((await store.get('shopLists', id)) ?? null)),
    [id],
  );
}

export interface LarderLine {
  item: StockItem;
  ingredient: Ingredient | null;
}

/** The larder of a stay, by ingredient name. */
export function useLarder(stayId: Id): LarderLine[] | undefined {
  return useLocalQuery(
    async (store) => {
      const items = await store.where('stock', 'stayId', stayId);
      const ingredients = new Map(
        (await store.getMany('ingredients', [...new Set(items.map((i) => i.ingredientId))])).map(
          (i) => [i.id, i],
        ),
      );
      return items
        .map((item) => ({ item, ingredient: ingredients.get(item.ingredientId) ?? null }))
        .sort(
          (a, b) =>
            compareFrench(a.ingredient?.name ?? '', b.ingredient?.name ?? '') ||
            a.item.id - b.item.id,
        );
    },
    [stayId],
  );
}

/** What the larder holds of each ingredient. */
export const readStock = async (store: ReadStore, stayId: Id): Promise<Map<Id, QuantityTotal>> =>
  stockByIngredient(await store.where('stock', 'stayId', stayId));

/**
 * What the larder holds for these days: the meals of the days before them, from today on, use
 * it first (see daysBefore in the domain).
 */
export async function readStockFor(
  store: ReadStore,
  stay: Stay,
  days: readonly number[],
): Promise<Map<Id, QuantityTotal>> {
  const stock = await readStock(store, stay.id);
  if (stock.size === 0) return stock;
  const meals = await store.where('meals', 'stayId', stay.id);
  const stayDays = [...new Set(meals.map((m) => m.day))].sort((a, b) => a - b);
  const earlier = daysBefore(stayDays, days, todayOf(stay.start));
  if (earlier.length === 0) return stock;
  return stockAfter(stock, compileIngredients(await loadCompileInput(store, stay.id, earlier)));
}

/** The larder's totals per ingredient for these days, live; null without days. */
export function useStockFor(
  stay: Stay,
  days: readonly number[] | null,
): Map<Id, QuantityTotal> | null | undefined {
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

/** 'du 3 juillet' or 'du 3 juillet au 5 juillet': the days a list covers, for its name. */
export function daysLabel(start: string, days: readonly number[]): string {
  if (days.length === 0) return '';
  const first = formatDayMonth(dayToDate(start, days[0]!));
  if (days.length === 1) return `du ${first}`;
  return `du ${first} au ${formatDayMonth(dayToDate(start, days[days.length - 1]!))}`;
}
