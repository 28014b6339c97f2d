/**
 * Pieces are cooked and bought whole (issue 16): a cook sheet never asks for '21,60 pièces'
 * of eggs but for 22. Mass and volume keep their decimals. Scaling in floating point leaves
 * residues (12 × 7 / 7 may come out as 12.000000000000002), which are not a piece more.
 */
import { invalid } from './errors.js';
import { Unite } from './enums.js';
import { addToTotal, emptyTotal, type QuantityTotal } from './quantity.js';

/** Below this, a fraction of a piece is a floating-point residue, not a need. */
const RESIDUE = 1e-6;

/** The whole number of pieces that covers `val`: 21.6 → 22, 12 → 12; nothing below 0. */
export function roundUpPieces(val: number): number {
  if (!Number.isFinite(val)) throw invalid('La quantité doit être un nombre.');
  if (val <= 0) return 0;
  const nearest = Math.round(val);
  return Math.abs(val - nearest) < RESIDUE ? nearest : Math.ceil(val);
}

/** The same total with its pieces rounded up; grams and centilitres untouched. */
export function roundUpTotalPieces(total: QuantityTotal): QuantityTotal {
  return { ...total, pieces: roundUpPieces(total.pieces) };
}

/**
 * What to buy for these uses (one per meal and unit): each meal's pieces rounded up, since each
 * meal cooks whole pieces, then added up; mass and volume as they are. The export screen, the
 * cook sheets and the shopping spreadsheet all count this way, so that they agree.
 */
export function toBuyTotal(uses: readonly { unite: Unite; val: number }[]): QuantityTotal {
  return uses.reduce(
    (total, use) => addToTotal(total, use.unite, toBuyVal(use.unite, use.val)),
    emptyTotal(),
  );
}

/** One meal's need as it is cooked and bought: whole pieces, mass and volume unchanged. */
export const toBuyVal = (unite: Unite, val: number): number =>
  unite === Unite.Pieces ? roundUpPieces(val) : val;
