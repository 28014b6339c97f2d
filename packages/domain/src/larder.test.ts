import { describe, expect, it } from 'vitest';
import { Unite } from './enums.js';
import type { Ingredient } from './entities.js';
import {
  coverFromLarder,
  daysBefore,
  larderAlerts,
  larderOf,
  larderTotal,
  lastDayOf,
  stockAfter,
  stockByIngredient,
  subtractStock,
} from './larder.js';

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
      [1, [{ quantity: total(0, 5000, 0), lastDay: null }]],
      [2, [{ quantity: total(30, 0, 0), lastDay: null }]],
    ]);
    const earlier = {
      meals: { 1: { day: 0, slot: 1 as const }, 2: { day: 1, slot: 1 as const } },
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
    expect(larderTotal(left.get(1)!)).toEqual(total(0, 1500, 0));
    expect(larderTotal(left.get(2)!)).toEqual(total(17, 0, 0));
    // What the larder did not hold stays absent.
    expect(stockAfter(new Map(), earlier).size).toBe(0);
  });
});

describe('dates in the larder (issue 35)', () => {
  const START = '2026-07-06';
  const milk = (val: number, useBy?: string, dateKind?: 'dlc' | 'ddm') => ({
    ingredientId: 7,
    unite: Unite.L,
    val,
    ...(useBy ? { useBy, dateKind } : {}),
  });

  it('groups entries into lots by the last day they may be eaten, the soonest first', () => {
    const larder = larderOf(
      [
        milk(2),
        milk(1, '2026-07-09', 'dlc'),
        milk(3, '2026-07-07', 'dlc'),
        milk(0.5, '2026-07-09', 'dlc'),
        // A best-before date is no limit: it joins the undated lot.
        milk(4, '2026-07-06', 'ddm'),
      ],
      START,
    );
    expect(larder.get(7)).toEqual([
      { quantity: total(0, 0, 300), lastDay: 1 },
      { quantity: total(0, 0, 150), lastDay: 3 },
      { quantity: total(0, 0, 600), lastDay: null },
    ]);
    expect(lastDayOf(START, { useBy: '2026-07-05', dateKind: 'dlc' })).toBe(-1);
    expect(lastDayOf(START, { useBy: '2026-07-05' })).toBe(-1);
    expect(lastDayOf(START, { useBy: '2026-07-05', dateKind: 'ddm' })).toBeNull();
    expect(lastDayOf(START, { useBy: null })).toBeNull();
  });

  it('covers a day only from lots still good on that day, the ones expiring first first', () => {
    const lots = larderOf([milk(3, '2026-07-07', 'dlc'), milk(2)], START).get(7)!;
    // Day 0 needs 2 L: from the milk that expires on day 1. Day 3 needs 4 L: the dated milk
    // is past its date (1 L of it is lost), the undated 2 L cover half.
    const covered = coverFromLarder(lots, [
      { day: 3, need: total(0, 0, 400) },
      { day: 0, need: total(0, 0, 200) },
    ]);
    expect(covered.used).toEqual(total(0, 0, 400));
    expect(covered.toBuy).toEqual(total(0, 0, 200));
    expect(covered.left).toEqual([{ quantity: total(0, 0, 100), lastDay: 1 }]);
    // Expired before the first meal: it covers nothing.
    const late = coverFromLarder(lots, [{ day: 2, need: total(0, 0, 300) }]);
    expect(late.used).toEqual(total(0, 0, 200));
    expect(late.toBuy).toEqual(total(0, 0, 100));
    expect(larderTotal(late.left)).toEqual(total(0, 0, 300));
  });

  it('warns of what expired, what expires before a meal, what to eat soon, and what is past its best-before date', () => {
    const entries = [
      { id: 1, ...milk(1, '2026-07-07', 'dlc') },
      { id: 2, ...milk(1, '2026-07-09', 'dlc') },
      { id: 3, ...milk(1, '2026-07-10', 'dlc') },
      {
        id: 4,
        ingredientId: 8,
        unite: Unite.Kg,
        val: 1,
        useBy: '2026-07-08',
        dateKind: 'ddm' as const,
      },
      {
        id: 5,
        ingredientId: 9,
        unite: Unite.Kg,
        val: 1,
        useBy: '2026-07-09',
        dateKind: 'dlc' as const,
      },
      { id: 6, ...milk(1) },
    ];
    // Today is day 3 (9 July); milk is planned on days 3 and 5, the ingredient 9 on day 3.
    const alerts = larderAlerts(
      entries,
      START,
      3,
      new Map([
        [7, [3, 5]],
        [9, [3]],
      ]),
    );
    expect(alerts.map((a) => [a.entry.id, a.kind, a.dateDay, a.mealDay])).toEqual([
      [1, 'expired', 1, null],
      [4, 'pastBestBefore', 2, null],
      [2, 'expiresBeforeMeal', 3, 5],
      [5, 'useSoon', 3, null],
      [3, 'expiresBeforeMeal', 4, 5],
    ]);
  });
});
