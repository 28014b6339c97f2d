import { describe, expect, it } from 'vitest';
import { Unite } from './enums.js';
import { DomainError } from './errors.js';
import {
  addToTotal,
  emptyTotal,
  formatNumber,
  formatQuantity,
  formatTotal,
  scaleQuantity,
  sumQuantities,
  validateQuantity,
} from './quantity.js';

describe('scaleQuantity', () => {
  it('scales linearly with the number of people', () => {
    expect(scaleQuantity({ val: 2, unite: Unite.Kg, forPeople: 10 }, 25)).toBe(5);
    expect(scaleQuantity({ val: 3, unite: Unite.Pieces, forPeople: 4 }, 6)).toBe(4.5);
  });
  it('gives val exactly when the count matches', () => {
    expect(scaleQuantity({ val: 0.3, unite: Unite.L, forPeople: 7 }, 7)).toBe(0.3);
  });
  it('gives 0 for nobody, and treats a negative count as nobody', () => {
    expect(scaleQuantity({ val: 2, unite: Unite.Kg, forPeople: 10 }, 0)).toBe(0);
    expect(scaleQuantity({ val: 2, unite: Unite.Kg, forPeople: 10 }, -3)).toBe(0);
  });
  it('keeps a fixed quantity whatever the number of people, and none for nobody (issue 21)', () => {
    const oil = { val: 1, unite: Unite.L, forPeople: 10, fixed: true };
    expect(scaleQuantity(oil, 3)).toBe(1);
    expect(scaleQuantity(oil, 120)).toBe(1);
    expect(scaleQuantity(oil, 0)).toBe(0);
    expect(scaleQuantity(oil, -4)).toBe(0);
    expect(scaleQuantity({ ...oil, fixed: false }, 20)).toBe(2);
  });
  it('refuses a quantity given for nobody', () => {
    const q = { val: 2, unite: Unite.Kg, forPeople: 0 };
    expect(() => scaleQuantity(q, 10)).toThrow(DomainError);
    expect(() => scaleQuantity(q, 10)).toThrow(
      'La quantité doit être donnée pour au moins une personne.',
    );
    expect(() => scaleQuantity({ ...q, forPeople: -2 }, 10)).toThrow(DomainError);
    expect(() => scaleQuantity({ ...q, forPeople: Number.NaN }, 10)).toThrow(DomainError);
  });
  it('refuses non-finite values', () => {
    const q = { val: 2, unite: Unite.Kg, forPeople: 10 };
    expect(() => scaleQuantity({ ...q, val: Number.POSITIVE_INFINITY }, 10)).toThrow(
      'La quantité doit être un nombre.',
    );
    expect(() => scaleQuantity(q, Number.NaN)).toThrow(
      'Le nombre de personnes doit être un nombre.',
    );
  });
});

describe('validateQuantity', () => {
  it('accepts a well-formed quantity', () => {
    expect(() => validateQuantity({ val: 0, unite: Unite.CL, forPeople: 1 })).not.toThrow();
    expect(() => validateQuantity({ val: 1.5, unite: Unite.Kg, forPeople: 12 })).not.toThrow();
  });
  it.each([
    [null, 'La quantité est manquante.'],
    [{ val: '2', unite: 1, forPeople: 4 }, 'La quantité doit être un nombre.'],
    [{ val: Number.NaN, unite: 1, forPeople: 4 }, 'La quantité doit être un nombre.'],
    [{ val: -1, unite: 1, forPeople: 4 }, 'La quantité ne peut pas être négative.'],
    [{ val: 1, unite: 5, forPeople: 4 }, "L'unité de la quantité est inconnue."],
    [{ val: 1, unite: 1.5, forPeople: 4 }, "L'unité de la quantité est inconnue."],
    [
      { val: 1, unite: 1, forPeople: 0 },
      'La quantité doit être donnée pour au moins une personne.',
    ],
    [
      { val: 1, unite: 1, forPeople: 2.5 },
      'La quantité doit être donnée pour au moins une personne.',
    ],
  ])('refuses %j', (q, message) => {
    expect(() => validateQuantity(q)).toThrow(DomainError);
    expect(() => validateQuantity(q)).toThrow(message);
  });
});

describe('sums', () => {
  it('converts kg to grams and adds grams', () => {
    expect(
      sumQuantities([
        { unite: Unite.Kg, val: 1.2 },
        { unite: Unite.G, val: 300 },
      ]),
    ).toEqual({ pieces: 0, grams: 1500, centiliters: 0 });
  });
  it('converts L to centilitres and adds centilitres', () => {
    expect(
      sumQuantities([
        { unite: Unite.L, val: 2 },
        { unite: Unite.CL, val: 25 },
      ]),
    ).toEqual({ pieces: 0, grams: 0, centiliters: 225 });
  });
  it('never merges pièces with mass', () => {
    const total = sumQuantities([
      { unite: Unite.Kg, val: 1 },
      { unite: Unite.Pieces, val: 12 },
      { unite: Unite.G, val: 500 },
    ]);
    expect(total).toEqual({ pieces: 12, grams: 1500, centiliters: 0 });
    expect(formatTotal(total)).toBe('12 pièces et 1,50 kg');
  });
  it('leaves the given total untouched', () => {
    const total = emptyTotal();
    expect(addToTotal(total, Unite.Pieces, 3)).toEqual({ pieces: 3, grams: 0, centiliters: 0 });
    expect(total).toEqual({ pieces: 0, grams: 0, centiliters: 0 });
  });
  it('refuses an unknown unit', () => {
    expect(() => addToTotal(emptyTotal(), 9 as Unite, 1)).toThrow(DomainError);
  });
});

describe('formatNumber', () => {
  it('shows whole numbers as integers', () => {
    expect(formatNumber(12)).toBe('12');
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(290.00000000000006)).toBe('290');
    expect(formatNumber(2.004)).toBe('2');
    expect(formatNumber(-0.001)).toBe('0');
  });
  it('shows other numbers with 2 decimals and a comma', () => {
    expect(formatNumber(1.5)).toBe('1,50');
    expect(formatNumber(0.333333)).toBe('0,33');
    expect(formatNumber(2.666)).toBe('2,67');
    expect(formatNumber(12500.25)).toBe('12500,25');
  });
  it('refuses non-finite numbers', () => {
    expect(() => formatNumber(Number.NaN)).toThrow(DomainError);
  });
});

describe('formatQuantity', () => {
  it('shows kg below 1 as gr', () => {
    expect(formatQuantity(0.5, Unite.Kg)).toBe('500 gr');
    expect(formatQuantity(0.125, Unite.Kg)).toBe('125 gr');
    expect(formatQuantity(1, Unite.Kg)).toBe('1 kg');
    expect(formatQuantity(2.5, Unite.Kg)).toBe('2,50 kg');
  });
  it('shows gr strictly above 1000 as kg', () => {
    expect(formatQuantity(1500, Unite.G)).toBe('1,50 kg');
    expect(formatQuantity(1000, Unite.G)).toBe('1000 gr');
    expect(formatQuantity(1001, Unite.G)).toBe('1 kg');
    expect(formatQuantity(250, Unite.G)).toBe('250 gr');
  });
  it('shows L below 1 as cL', () => {
    expect(formatQuantity(0.25, Unite.L)).toBe('25 cL');
    expect(formatQuantity(1, Unite.L)).toBe('1 L');
    expect(formatQuantity(1.75, Unite.L)).toBe('1,75 L');
  });
  it('shows cL strictly above 100 as L', () => {
    expect(formatQuantity(150, Unite.CL)).toBe('1,50 L');
    expect(formatQuantity(100, Unite.CL)).toBe('100 cL');
    expect(formatQuantity(33, Unite.CL)).toBe('33 cL');
  });
  it('shows pièces as they are', () => {
    expect(formatQuantity(12, Unite.Pieces)).toBe('12 pièces');
    expect(formatQuantity(2.5, Unite.Pieces)).toBe('2,50 pièces');
  });
});

describe('formatTotal', () => {
  it('joins pièces, mass and volume with " et "', () => {
    expect(formatTotal({ pieces: 4, grams: 800, centiliters: 150 })).toBe(
      '4 pièces et 800 gr et 1,50 L',
    );
    expect(formatTotal({ pieces: 0, grams: 0, centiliters: 25 })).toBe('25 cL');
  });
  it('shows "0" for an empty total', () => {
    expect(formatTotal(emptyTotal())).toBe('0');
  });
});
