import { describe, expect, it } from 'vitest';
import { Unite } from './enums.js';
import type { Ingredient } from './entities.js';
import { daysBefore, stockAfter, stockByIngredient, subtractStock } from './larder.js';

const total = (pieces: number, grams: number, centiliters: number) => ({
  pieces,
  grams,
  centiliters,
});

describe('the larder', () => {
  it('adds up the stock of each ingredient, kg with g and L with cL', () => {
    const stock = stockByIngredient([
      { ingredientId: 1, unite: Unite.Kg, val: 2 },
      { ingredientId: 1, unite: Unite.G, val: 500 },
      { ingredientId: 2, unite: Unite.L, val: 1.5 },
      { ingredientId: 2, unite: Unite.CL, val: 25 },
      { ingredientId: 3, unite: Unite.Pieces, val: 6 },
    ]);
    expect(stock.get(1)).toEqual(total(0, 2500, 0));
    expect(stock.get(2)).toEqual(total(0, 0, 175));
    expect(stock.get(3)).toEqual(total(6, 0, 0));
  });

  it('subtracts the stock from the need, measure by measure', () => {
    // 3 kg of flour needed, 1.2 kg in the larder: 1.8 kg to buy, nothing left.
    expect(subtractStock(total(0, 3000, 0), total(0, 1200, 0))).toEqual({
      toBuy: total(0, 1800, 0),
      used: total(0, 1200, 0),
      left: total(0, 0, 0),
    });
    // 5 L of milk needed, 8 L there: nothing to buy, 3 L stay.
    expect(subtractStock(total(0, 0, 500), total(0, 0, 800))).toEqual({
      toBuy: total(0, 0, 0),
      used: total(0, 0, 500),
      left: total(0, 0, 300),
    });
    // Grams in the larder cover nothing counted in pieces.
    expect(subtractStock(total(20, 0, 0), total(0, 1000, 0)).toBuy).toEqual(total(20, 0, 0));
  });

  it('buys whole pieces, and no residue of a subtraction', () => {
    // 20 baguettes needed, two and a half left over: 18 to buy.
    expect(subtractStock(total(20, 0, 0), total(2.5, 0, 0)).toBuy).toEqual(total(18, 0, 0));
    // 0.1 kg + 0.2 kg needed makes 300.00000000000006 g in floating point; 300 g are there.
    const need = total(0, (0.1 + 0.2) * 1000, 0);
    expect(need.grams).not.toBe(300);
    expect(subtractStock(need, total(0, 300, 0)).toBuy).toEqual(total(0, 0, 0));
  });

  it('counts a stock below zero (a typing slip) as none', () => {
    expect(subtractStock(total(4, 0, 0), total(-3, 0, 0)).toBuy).toEqual(total(4, 0, 0));
  });
});

describe('the larder over the days', () => {
  it('is used first by the days between today and the chosen ones', () => {
    const stayDays = [0, 1, 2, 3, 4, 5];
    // Before the stay: every day before the first chosen one.
    expect(daysBefore(stayDays, [3, 5], -10)).toEqual([0, 1, 2]);
    // During the stay, on day 1: the days gone by are eaten already.
    expect(daysBefore(stayDays, [3, 5], 1)).toEqual([1, 2]);
    expect(daysBefore(stayDays, [0, 1], -10)).toEqual([]);
    expect(daysBefore(stayDays, [], -10)).toEqual([]);
  });

  it("leaves the chosen days what the earlier days' meals do not take", () => {
    const farine = { id: 1, name: 'Farine' } as Ingredient;
    const oeufs = { id: 2, name: 'Œufs' } as Ingredient;
    const stock = new Map([
      [1, total(0, 5000, 0)],
      [2, total(30, 0, 0)],
    ]);
    const earlier = {
      ingredients: [
        // 2 kg of flour on day 0, 1,5 kg on day 1.
        {
          ingredient: farine,
          uses: [
            { mealId: 1, unite: Unite.G, val: 2000 },
            { mealId: 2, unite: Unite.Kg, val: 1.5 },
          ],
          total: total(0, 3500, 0),
        },
        // 12,4 eggs at one meal: 13 whole eggs are cooked.
        {
          ingredient: oeufs,
          uses: [{ mealId: 1, unite: Unite.Pieces, val: 12.4 }],
          total: total(12.4, 0, 0),
        },
      ],
    };
    const left = stockAfter(stock, earlier);
    expect(left.get(1)).toEqual(total(0, 1500, 0));
    expect(left.get(2)).toEqual(total(17, 0, 0));
    // What the larder did not hold stays absent.
    expect(stockAfter(new Map(), earlier).size).toBe(0);
  });
});
