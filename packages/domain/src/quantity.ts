/**
 * Quantity rules (spec section 9 "Quantity display", reference page "Quantities"): scaling
 * to a number of people, sums that never merge pièces with mass or volume, French display.
 */
import type { Quantity } from './entities.js';
import { isUnite, Unite, UNITE_LABELS } from './enums.js';
import { invalid } from './errors.js';

/**
 * Quantities scale linearly: "val for forPeople people" becomes val * people / forPeople.
 * A negative number of people (additional people may be negative and outweigh the groups)
 * counts as 0: nobody eats that meal, and a negative amount would silently cut what other
 * meals need from the order. A fixed quantity does not scale.
 */
export function scaleQuantity(q: Quantity, people: number): number {
  if (!Number.isFinite(q.forPeople) || q.forPeople <= 0) {
    throw invalid('La quantité doit être donnée pour au moins une personne.');
  }
  if (!Number.isFinite(q.val)) throw invalid('La quantité doit être un nombre.');
  if (!Number.isFinite(people)) throw invalid('Le nombre de personnes doit être un nombre.');
  // A fixed quantity is the same for any meal that someone eats (issue 21).
  if (q.fixed === true) return people > 0 ? q.val : 0;
  // Exact value when no scaling is needed: 0.3 * 7 / 7 is not 0.3 in floating point.
  if (people === q.forPeople) return q.val;
  const eaters = Math.max(0, people);
  return (q.val * eaters) / q.forPeople;
}

/** Throws a DomainError unless q is a well-formed Quantity. */
export function validateQuantity(q: unknown): asserts q is Quantity {
  if (typeof q !== 'object' || q === null) throw invalid('La quantité est manquante.');
  const { val, unite, forPeople } = q as Record<string, unknown>;
  if (typeof val !== 'number' || !Number.isFinite(val)) {
    throw invalid('La quantité doit être un nombre.');
  }
  if (val < 0) throw invalid('La quantité ne peut pas être négative.');
  if (!isUnite(unite)) throw invalid("L'unité de la quantité est inconnue.");
  if (typeof forPeople !== 'number' || !Number.isInteger(forPeople) || forPeople < 1) {
    throw invalid('La quantité doit être donnée pour au moins une personne.');
  }
}

/**
 * A sum of quantities. Mass is kept in grams and volume in centilitres (the spec converts kg
 * to g and L to cL when summing); g becomes kg and cL becomes L only at display.
 */
export interface QuantityTotal {
  pieces: number;
  grams: number;
  centiliters: number;
}

export const emptyTotal = (): QuantityTotal => ({ pieces: 0, grams: 0, centiliters: 0 });

/** A new total with val (in unite) added; the given total is left untouched. */
export function addToTotal(total: QuantityTotal, unite: Unite, val: number): QuantityTotal {
  switch (unite) {
    case Unite.Pieces:
      return { ...total, pieces: total.pieces + val };
    case Unite.Kg:
      return { ...total, grams: total.grams + val * 1000 };
    case Unite.G:
      return { ...total, grams: total.grams + val };
    case Unite.L:
      return { ...total, centiliters: total.centiliters + val * 100 };
    case Unite.CL:
      return { ...total, centiliters: total.centiliters + val };
    default:
      throw invalid("L'unité de la quantité est inconnue.");
  }
}

export function sumQuantities(list: readonly { unite: Unite; val: number }[]): QuantityTotal {
  return list.reduce((total, q) => addToTotal(total, q.unite, q.val), emptyTotal());
}

/**
 * French number: rounded to 2 decimals, shown as an integer when whole, else with exactly 2
 * decimals and a decimal comma ("1,50"). No thousands separator: quantities stay short, and
 * a narrow space would break copy-paste into spreadsheets.
 */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) throw invalid('La quantité doit être un nombre.');
  const cents = Math.round(n * 100);
  // `|| 0` turns -0 into 0 so that a tiny negative rounding residue never shows "-0".
  if (cents % 100 === 0) return String(cents / 100 || 0);
  return (cents / 100).toFixed(2).replace('.', ',');
}

/**
 * Display of one quantity, read literally from the spec: kg strictly below 1 shows as gr,
 * gr strictly above 1000 as kg, L strictly below 1 as cL, cL strictly above 100 as L.
 * So 1000 gr stays "1000 gr" and 100 cL stays "100 cL".
 */
export function formatQuantity(val: number, unite: Unite): string {
  if (!isUnite(unite)) throw invalid("L'unité de la quantité est inconnue.");
  let shown = val;
  let shownUnite: Unite = unite;
  if (unite === Unite.Kg && val < 1) [shown, shownUnite] = [val * 1000, Unite.G];
  else if (unite === Unite.G && val > 1000) [shown, shownUnite] = [val / 1000, Unite.Kg];
  else if (unite === Unite.L && val < 1) [shown, shownUnite] = [val * 100, Unite.CL];
  else if (unite === Unite.CL && val > 100) [shown, shownUnite] = [val / 100, Unite.L];
  return `${formatNumber(shown)} ${UNITE_LABELS[shownUnite]}`;
}

/** "12 pièces et 1,50 kg": pièces, then mass, then volume; "0" when nothing is needed. */
export function formatTotal(total: QuantityTotal): string {
  const parts: string[] = [];
  if (total.pieces !== 0) parts.push(formatQuantity(total.pieces, Unite.Pieces));
  if (total.grams !== 0) parts.push(formatQuantity(total.grams, Unite.G));
  if (total.centiliters !== 0) parts.push(formatQuantity(total.centiliters, Unite.CL));
  return parts.length === 0 ? '0' : parts.join(' et ');
}
