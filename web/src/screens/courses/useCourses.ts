/** Live reads of the shopping lists and the larder, and how a new list is made. */
import {
  compareFrench,
  compileIngredients,
  dayToDate,
  formatDayMonth,
  loadCompileInput,
  NO_SUPPLIER,
  NO_SUPPLIER_NAME,
  planShopItems,
  resolveSupplier,
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

/** The larder's totals per ingredient, live. */
export function useStockTotals(stayId: Id): Map<Id, QuantityTotal> | undefined {
  return useLocalQuery((store) => readStock(store, stayId), [stayId]);
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
    stock: await readStock(store, stay.id),
    freshPerDay,
    supplierOf: await supplierNames(store, stay),
  });
}

/** 'du 3 juillet' or 'du 3 juillet au 5 juillet': the days a list covers, for its name. */
export function daysLabel(start: string, days: readonly number[]): string {
  if (days.length === 0) return '';
  const first = formatDayMonth(dayToDate(start, days[0]!));
  if (days.length === 1) return `du ${first}`;
  return `du ${first} au ${formatDayMonth(dayToDate(start, days[days.length - 1]!))}`;
}
