/**
 * Orders of the product's lists. Comparisons are written by hand rather than with Intl.Collator
 * so that the browser, the server and the exports sort the same way whatever ICU data they ship.
 */
import type { Plat } from './enums.js';
import type { Id } from './entities.js';
import { stripAccents } from './text.js';

const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The primary key of French ordering: no accents (œ as oe), lower case. */
const collationKey = (s: string): string => stripAccents(s).toLowerCase();

/**
 * French order for names: letters compare without accents or case ('éclair' sits among the
 * e's, 'Zeste' after 'abricot'). Names equal on that key are ordered by accents, then by case,
 * so that the order is total and stable across runtimes.
 */
export function compareFrench(a: string, b: string): number {
  return (
    byCodeUnits(collationKey(a), collationKey(b)) ||
    byCodeUnits(a.toLowerCase(), b.toLowerCase()) ||
    // Lower case first, as dictionaries do: swapping case makes 'a' sort before 'A'.
    byCodeUnits(swapCase(a), swapCase(b))
  );
}

function swapCase(s: string): string {
  return [...s]
    .map((c) => {
      const lower = c.toLowerCase();
      return c === lower ? c.toUpperCase() : lower;
    })
    .join('');
}

export function compareByName(a: { name: string }, b: { name: string }): number {
  return compareFrench(a.name, b.name);
}

/** An entry of an item list: recipes and ingredients carry a name, menus a derived title. */
export type SortableItem = { plat: Plat; title: string } | { plat: Plat; name: string };

const itemLabel = (item: SortableItem): string => ('title' in item ? item.title : item.name);

/**
 * Item lists (spec 9): course type descending, so Entrée, Plat principal, Dessert, Autre, then
 * by title in French order.
 */
export function compareItems(a: SortableItem, b: SortableItem): number {
  return b.plat - a.plat || compareFrench(itemLabel(a), itemLabel(b));
}

/** Suppliers by name (spec 9); equal names keep a fixed order by id. Returns a new array. */
export function sortSuppliers<T extends { id: Id; name: string }>(suppliers: readonly T[]): T[] {
  return [...suppliers].sort((a, b) => compareByName(a, b) || a.id - b.id);
}
