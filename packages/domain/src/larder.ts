/**
 * The camp's larder (issue 19): what is already there is not bought again. Needs and stock are
 * totals (pieces, grams, centilitres); each measure is subtracted on its own, since grams of
 * flour in the larder cover no flour counted in pieces. Nothing is ever to buy below zero: a
 * stock larger than the need leaves nothing to buy, and the rest stays in the larder. Pieces
 * to buy are whole (pieces.ts); a floating-point residue is no need.
 */
import type { CompileResult } from './compile.js';
import type { Id } from './entities.js';
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
  stock: ReadonlyMap<Id, QuantityTotal>,
  earlier: Pick<CompileResult, 'ingredients'>,
): Map<Id, QuantityTotal> {
  const left = new Map(stock);
  for (const { ingredient, uses } of earlier.ingredients) {
    const held = left.get(ingredient.id);
    if (held) left.set(ingredient.id, subtractStock(toBuyTotal(uses), held).left);
  }
  return left;
}

const clean = (n: number): number => (Math.abs(n) < RESIDUE ? 0 : n);
