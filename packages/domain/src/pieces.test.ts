import { describe, expect, it } from 'vitest';
import { DomainError } from './errors.js';
import { toBuyTotal, roundUpPieces, roundUpTotalPieces } from './pieces.js';
import { formatTotal, scaleQuantity } from './quantity.js';

describe('roundUpPieces', () => {
  it('rounds any fraction of a piece up to a whole piece', () => {
    expect(roundUpPieces(21.6)).toBe(22);
    expect(roundUpPieces(2.5)).toBe(3);
    expect(roundUpPieces(0.01)).toBe(1);
    expect(roundUpPieces(7)).toBe(7);
  });

  it('does not count a floating-point residue as a piece more', () => {
    // 0.1 × 3 × 10 / 3 is 1.0000000000000002; 1.15 for 5 people, for 100, is 22.999999999999996.
    expect(roundUpPieces((0.1 * 3 * 10) / 3)).toBe(1);
    expect(roundUpPieces(12.000000000000002)).toBe(12);
    expect(roundUpPieces(scaleQuantity({ val: 1.15, unite: 0, forPeople: 5 }, 100))).toBe(23);
    expect(roundUpPieces(11.999999999999998)).toBe(12);
  });

  it('gives 0 for nothing or a negative need, and refuses what is not a number', () => {
    expect(roundUpPieces(0)).toBe(0);
    expect(roundUpPieces(-2.5)).toBe(0);
    expect(() => roundUpPieces(Number.NaN)).toThrow(DomainError);
    expect(() => roundUpPieces(Number.POSITIVE_INFINITY)).toThrow(DomainError);
  });
});

describe('roundUpTotalPieces', () => {
  it('rounds the pieces of a total and leaves mass and volume as they are', () => {
    const total = { pieces: 21.6, grams: 1234.5, centiliters: 12.25 };
    expect(roundUpTotalPieces(total)).toEqual({ pieces: 22, grams: 1234.5, centiliters: 12.25 });
    expect(total.pieces).toBe(21.6);
    expect(formatTotal(roundUpTotalPieces(total))).toBe('22 pièces et 1,23 kg et 12,25 cL');
  });
});

describe('toBuyTotal', () => {
  it('rounds each meal up before adding, as the cook sheets ask for whole pieces', () => {
    // Baguettes, 1 for 4 people: a meal of 20 (5), a meal of 10 (2,5 → 3).
    const uses = [
      { unite: 0 as const, val: 5 },
      { unite: 0 as const, val: 2.5 },
    ];
    expect(toBuyTotal(uses)).toEqual({ pieces: 8, grams: 0, centiliters: 0 });
    expect(formatTotal(toBuyTotal(uses))).toBe('8 pièces');
  });

  it('keeps mass and volume as they are, in grams and centilitres', () => {
    const uses = [
      { unite: 1 as const, val: 1.25 },
      { unite: 2 as const, val: 300 },
      { unite: 3 as const, val: 0.5 },
      { unite: 0 as const, val: 12.000000000000002 },
    ];
    expect(toBuyTotal(uses)).toEqual({ pieces: 12, grams: 1550, centiliters: 50 });
  });

  it('is nothing for no uses', () => {
    expect(toBuyTotal([])).toEqual({ pieces: 0, grams: 0, centiliters: 0 });
  });
});
