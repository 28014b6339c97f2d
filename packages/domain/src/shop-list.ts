/**
 * Shopping lists to tick in the shop (issue 19): made from the compiled needs of chosen days,
 * less what the larder holds, per supplier when the stay has a profile. Fresh products may be
 * listed per day (bought the day before their meals) and the rest once. A list is a snapshot:
 * it is what the organiser took to the shop, and a helper with its link ticks exactly that.
 */
import type { CompileResult } from './compile.js';
import { packsFor } from './costs.js';
import type { Id, Ingredient, Purchase, ShopItem, ShopList } from './entities.js';
import { IngredientKind } from './enums.js';
import { coverFromLarder, needsByDay, type Larder } from './larder.js';
import { toBuyTotal } from './pieces.js';
import type { QuantityTotal } from './quantity.js';
import { compareFrench } from './sorting.js';

/** How long a helper's link works after it was made. */
export const SHARE_DAYS = 30;

/** Categories bought the day before they are used, unless the ingredient says otherwise. */
const FRESH_KINDS: ReadonlySet<IngredientKind> = new Set([
  IngredientKind.FruitsLegumes,
  IngredientKind.ViandesPoissons,
  IngredientKind.Laitages,
  IngredientKind.Boulangerie,
]);

/** Whether an ingredient is a fresh product: its own mark, else its category's. */
export const isFreshIngredient = (ingredient: Pick<Ingredient, 'kind' | 'fresh'>): boolean =>
  ingredient.fresh ?? FRESH_KINDS.has(ingredient.kind);

export interface ShopListInput {
  compiled: CompileResult;
  /**
   * What the larder holds of each ingredient (larderOf): an entry covers only the meals eaten
   * before its use-by date.
   */
  stock: Larder;
  /** Fresh products one line per day of use, the rest one line each. */
  freshPerDay: boolean;
  /** The supplier's name for an ingredient, '' without a profile. */
  supplierOf: (ingredient: Ingredient) => string;
  /** The user's packs (issue 21): a line then says how many packs cover what is to buy. */
  purchases?: ReadonlyMap<Id, Purchase>;
}

/** What a new list's lines hold before anything is ticked. */
export type NewShopItem = Omit<ShopItem, 'checked' | 'stored' | 'bought' | 'tickedAt'>;

/**
 * The lines of a new list: per ingredient (and per day for a fresh product when asked), each
 * with its need, what the larder covers (used up from the earliest day on) and what remains to
 * buy. Pieces count whole meal by meal, as on the export screen and the sheets.
 */
export function planShopItems(input: ShopListInput): NewShopItem[] {
  const { compiled } = input;
  const items: NewShopItem[] = [];
  for (const { ingredient, uses } of compiled.ingredients) {
    const perDay = input.freshPerDay && isFreshIngredient(ingredient);
    const parts = new Map<number | null, typeof uses>();
    for (const use of uses) {
      const day = perDay ? (compiled.meals[use.mealId]?.day ?? null) : null;
      const part = parts.get(day);
      if (part) part.push(use);
      else parts.set(day, [use]);
    }
    let stockLeft = input.stock.get(ingredient.id) ?? [];
    const days = [...parts.keys()].sort(compareDays);
    for (const day of days) {
      const partUses = parts.get(day) ?? [];
      const need = toBuyTotal(partUses);
      const { toBuy, used, left } = coverFromLarder(
        stockLeft,
        needsByDay(partUses, compiled.meals),
      );
      stockLeft = left;
      const pack = input.purchases?.get(ingredient.id)?.pack ?? null;
      const count = pack === null ? 0 : packsFor(toBuy, pack).count;
      items.push({
        key: shopItemKey(ingredient.id, day),
        ingredientId: ingredient.id,
        name: ingredient.name,
        kind: ingredient.kind,
        supplier: input.supplierOf(ingredient),
        day,
        need,
        inStock: used,
        toBuy,
        ...(pack !== null && count > 0 ? { packs: { count, pack } } : {}),
        uses: [],
      });
    }
  }
  return sortShopItems(items);
}

export const shopItemKey = (ingredientId: Id, day: number | null): string =>
  day === null ? String(ingredientId) : `${ingredientId}@${day}`;

/** Lines bought once (no day) before the days, in order. Never NaN, unlike -Infinity - -Infinity. */
function compareDays(a: number | null, b: number | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a - b;
}

/** Lines bought once first, then day by day; within, by supplier, category and name. */
export function sortShopItems<T extends Pick<ShopItem, 'day' | 'supplier' | 'kind' | 'name'>>(
  items: readonly T[],
): T[] {
  return [...items].sort(
    (a, b) =>
      compareDays(a.day, b.day) ||
      compareFrench(a.supplier, b.supplier) ||
      a.kind - b.kind ||
      compareFrench(a.name, b.name),
  );
}

const isZero = (t: QuantityTotal): boolean =>
  t.pieces === 0 && t.grams === 0 && t.centiliters === 0;

/** Whether a line has anything left to buy once the larder is counted. */
export const hasSomethingToBuy = (item: Pick<ShopItem, 'toBuy'>): boolean => !isZero(item.toBuy);

/** What a ticked line put in the basket: what was noted as bought, else what was to buy. */
export const boughtOf = (item: Pick<ShopItem, 'bought' | 'toBuy'>): QuantityTotal =>
  item.bought ?? item.toBuy;

/** The day a fresh line is bought: the day before its meals. */
export const purchaseDay = (item: Pick<ShopItem, 'day'>): number | null =>
  item.day === null ? null : item.day - 1;

/** Whether a helper's link still opens the list at `now` (ms). */
export function isShareOpen(list: Pick<ShopList, 'share'>, now: number): boolean {
  if (list.share === null) return false;
  const created = Date.parse(list.share.created);
  return Number.isFinite(created) && now < created + SHARE_DAYS * 24 * 3600 * 1000;
}

/** How many lines are ticked, of how many. */
export function tickCount(items: readonly Pick<ShopItem, 'checked'>[]): {
  checked: number;
  total: number;
} {
  return { checked: items.filter((i) => i.checked).length, total: items.length };
}
