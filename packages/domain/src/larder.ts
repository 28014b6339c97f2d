/**
 * The camp's larder (issue 19): what is already there is not bought again. Needs and stock are
 * totals (pieces, grams, centilitres); each measure is subtracted on its own, since grams of
 * flour in the larder cover no flour counted in pieces. Nothing is ever to buy below zero: a
 * stock larger than the need leaves nothing to buy, and the rest stays in the larder. Pieces
 * to buy are whole (pieces.ts); a floating-point residue is no need.
 *
 * An entry may carry a date (issue 35). A use-by date ('dlc') is a limit: the entry covers only
 * the meals eaten on or before it, and the meals of the earliest days use what expires first.
 * A best-before date ('ddm') is not: the food is still safe after it, the larder warns.
 */
import type { CompileResult } from './compile.js';
import { isoDayOffset } from './dates.js';
import type { DateKind, Id } from './entities.js';
import type { Unite } from './enums.js';
import { toBuyTotal, roundUpPieces } from './pieces.js';
import { addToTotal, emptyTotal, type QuantityTotal } from './quantity.js';

/** Below this, a difference of grams or centilitres is a floating-point residue. */
const RESIDUE = 1e-6;

/** One quantity of an ingredient in the larder. */
export interface StockEntry {
  ingredientId: Id;
  unite: Unite;
  val: number;
  useBy?: string | null;
  dateKind?: DateKind;
}

/**
 * What the larder holds of an ingredient until a day: `lastDay` is the last day of the stay it
 * may be eaten (its use-by date); null: no limit.
 */
export interface LarderLot {
  quantity: QuantityTotal;
  lastDay: number | null;
}

/** The larder by ingredient, in lots that expire first first. */
export type Larder = ReadonlyMap<Id, readonly LarderLot[]>;

/** The last day of the stay an entry may be eaten; null when its date is no limit. */
export function lastDayOf(stayStart: string, entry: Pick<StockEntry, 'useBy' | 'dateKind'>) {
  if (!entry.useBy || (entry.dateKind ?? 'dlc') !== 'dlc') return null;
  return isoDayOffset(stayStart, entry.useBy);
}

/** The larder's entries as lots per ingredient: entries of one last day added up. */
export function larderOf(entries: readonly StockEntry[], stayStart: string): Map<Id, LarderLot[]> {
  const larder = new Map<Id, LarderLot[]>();
  for (const entry of entries) {
    const lastDay = lastDayOf(stayStart, entry);
    const lots = larder.get(entry.ingredientId) ?? [];
    const lot = lots.find((l) => l.lastDay === lastDay);
    if (lot) lot.quantity = addToTotal(lot.quantity, entry.unite, entry.val);
    else lots.push({ quantity: addToTotal(emptyTotal(), entry.unite, entry.val), lastDay });
    larder.set(entry.ingredientId, lots.sort(expiringFirst));
  }
  return larder;
}

const expiringFirst = (a: LarderLot, b: LarderLot): number =>
  (a.lastDay ?? Infinity) - (b.lastDay ?? Infinity) || 0;

/** What all the lots hold together, whatever their dates. */
export const larderTotal = (lots: readonly LarderLot[]): QuantityTotal =>
  lots.reduce(
    (t, l) => ({
      pieces: t.pieces + l.quantity.pieces,
      grams: t.grams + l.quantity.grams,
      centiliters: t.centiliters + l.quantity.centiliters,
    }),
    emptyTotal(),
  );

/** A need of one day. */
export interface DayNeed {
  day: number;
  need: QuantityTotal;
}

export interface Covered {
  /** What the lots cover of the needs, and what remains to buy (pieces whole). */
  used: QuantityTotal;
  toBuy: QuantityTotal;
  /** The lots afterwards. */
  left: LarderLot[];
}

/**
 * The needs of some days covered from the lots: the earliest day first, each from the lots
 * still good on that day, the ones that expire first first. An expired lot covers nothing.
 */
export function coverFromLarder(lots: readonly LarderLot[], needs: readonly DayNeed[]): Covered {
  const left = lots.map((l) => ({ ...l, quantity: { ...l.quantity } }));
  let used = emptyTotal();
  let need = emptyTotal();
  for (const { day, need: dayNeed } of [...needs].sort((a, b) => a.day - b.day)) {
    need = sumTotals(need, dayNeed);
    let rest = dayNeed;
    for (const lot of left) {
      if (lot.lastDay !== null && lot.lastDay < day) continue;
      const after = subtractStock(rest, lot.quantity);
      used = sumTotals(used, after.used);
      lot.quantity = after.left;
      rest = {
        pieces: rest.pieces - after.used.pieces,
        grams: rest.grams - after.used.grams,
        centiliters: rest.centiliters - after.used.centiliters,
      };
    }
  }
  return {
    used,
    toBuy: subtractStock(need, used).toBuy,
    left: left.filter((l) => !isEmpty(l.quantity)),
  };
}

const sumTotals = (a: QuantityTotal, b: QuantityTotal): QuantityTotal => ({
  pieces: a.pieces + b.pieces,
  grams: a.grams + b.grams,
  centiliters: a.centiliters + b.centiliters,
});

const isEmpty = (t: QuantityTotal): boolean =>
  clean(t.pieces) === 0 && clean(t.grams) === 0 && clean(t.centiliters) === 0;

/** The needs of an ingredient's uses, day by day (a use's day is its meal's). */
export function needsByDay(
  uses: readonly { mealId: Id; unite: Unite; val: number }[],
  meals: CompileResult['meals'],
): DayNeed[] {
  const byDay = new Map<number, { mealId: Id; unite: Unite; val: number }[]>();
  for (const use of uses) {
    const day = meals[use.mealId]?.day ?? 0;
    const list = byDay.get(day);
    if (list) list.push(use);
    else byDay.set(day, [use]);
  }
  return [...byDay].map(([day, list]) => ({ day, need: toBuyTotal(list) }));
}

/** What the larder holds of each ingredient, its entries added up (kg and g together). */
export function stockByIngredient(entries: readonly StockEntry[]): Map<Id, QuantityTotal> {
  const totals = new Map<Id, QuantityTotal>();
  for (const { ingredientId, unite, val } of entries) {
    totals.set(ingredientId, addToTotal(totals.get(ingredientId) ?? emptyTotal(), unite, val));
  }
  return totals;
}

export interface AfterStock {
  /** What is left to buy: the need minus the stock, never below zero, pieces whole. */
  toBuy: QuantityTotal;
  /** What of the stock the need takes. */
  used: QuantityTotal;
  /** What stays in the larder afterwards. */
  left: QuantityTotal;
}

/** The need once the stock has covered what it can, measure by measure. */
export function subtractStock(need: QuantityTotal, stock: QuantityTotal): AfterStock {
  const measure = (n: number, s: number) => {
    const available = Math.max(0, s);
    const used = Math.min(Math.max(0, n), available);
    return { toBuy: clean(Math.max(0, n) - used), used, left: clean(available - used) };
  };
  const pieces = measure(need.pieces, stock.pieces);
  const grams = measure(need.grams, stock.grams);
  const centiliters = measure(need.centiliters, stock.centiliters);
  return {
    toBuy: {
      pieces: roundUpPieces(pieces.toBuy),
      grams: grams.toBuy,
      centiliters: centiliters.toBuy,
    },
    used: { pieces: pieces.used, grams: grams.used, centiliters: centiliters.used },
    left: { pieces: pieces.left, grams: grams.left, centiliters: centiliters.left },
  };
}

/**
 * The days whose meals use the larder before the chosen ones: the stay's days from `fromDay`
 * (today: the days gone by are eaten, and the larder was counted since) up to the first chosen
 * day. Without that, every list would count the same flour again, and the purchases of a first
 * list, once put away, would be counted against the needs of the next days.
 */
export function daysBefore(
  stayDays: readonly number[],
  chosen: readonly number[],
  fromDay: number,
): number[] {
  if (chosen.length === 0) return [];
  const first = Math.min(...chosen);
  return stayDays.filter((d) => d >= fromDay && d < first);
}

/** The larder once the meals of earlier days (compiled) have used what they need of it. */
export function stockAfter(
  stock: Larder,
  earlier: Pick<CompileResult, 'ingredients' | 'meals'>,
): Map<Id, readonly LarderLot[]> {
  const left = new Map(stock);
  for (const { ingredient, uses } of earlier.ingredients) {
    const held = left.get(ingredient.id);
    if (held) left.set(ingredient.id, coverFromLarder(held, needsByDay(uses, earlier.meals)).left);
  }
  return left;
}

const clean = (n: number): number => (Math.abs(n) < RESIDUE ? 0 : n);

// ---- Dates in the larder (issue 35) ----

/**
 * What the larder warns of: an entry past its use-by date ('expired'), one whose use-by date
 * comes before a meal planned with its ingredient ('expiresBeforeMeal', that meal's day), one
 * to eat by tomorrow ('useSoon'), one past its best-before date ('pastBestBefore').
 */
export type LarderAlertKind = 'expired' | 'expiresBeforeMeal' | 'useSoon' | 'pastBestBefore';

export interface LarderAlert<E> {
  entry: E;
  kind: LarderAlertKind;
  /** The day of its date (a day of the stay). */
  dateDay: number;
  /** For 'expiresBeforeMeal': the first day a meal needs it after its date. */
  mealDay: number | null;
}

/** Within this many days of its use-by date, an entry is to be eaten soon. */
export const USE_SOON_DAYS = 1;

/**
 * The alerts of dated entries on `today`: `needDays` gives, per ingredient, the days of the
 * meals still to come that use it. Sorted by date.
 */
export function larderAlerts<E extends StockEntry>(
  entries: readonly E[],
  stayStart: string,
  today: number,
  needDays: ReadonlyMap<Id, readonly number[]>,
): LarderAlert<E>[] {
  const alerts: LarderAlert<E>[] = [];
  for (const entry of entries) {
    if (!entry.useBy) continue;
    const dateDay = isoDayOffset(stayStart, entry.useBy);
    if ((entry.dateKind ?? 'dlc') === 'ddm') {
      if (dateDay < today) alerts.push({ entry, kind: 'pastBestBefore', dateDay, mealDay: null });
      continue;
    }
    if (dateDay < today) {
      alerts.push({ entry, kind: 'expired', dateDay, mealDay: null });
      continue;
    }
    const late = (needDays.get(entry.ingredientId) ?? []).filter((d) => d > dateDay);
    if (late.length > 0) {
      alerts.push({ entry, kind: 'expiresBeforeMeal', dateDay, mealDay: Math.min(...late) });
    } else if (dateDay - today <= USE_SOON_DAYS) {
      alerts.push({ entry, kind: 'useSoon', dateDay, mealDay: null });
    }
  }
  return alerts.sort((a, b) => a.dateDay - b.dateDay);
}
