/** Live reads of the shopping lists and the larder of the shopping screen. */
import {
  compareFrench,
  type Id,
  type Ingredient,
  type ShopList,
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
