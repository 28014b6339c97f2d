import { describe, expect, it } from 'vitest';
import type { RegisterSample, StockItem } from '@popote/domain';
import type { LarderAlertLine } from '../../data/larder-alerts';
import { ingredientAlerts, kitchenLarderAlerts, samplesDue } from './kitchen-warnings';

const block = { title: 'Riz au lait', course: '', rows: [], comments: '', notes: [] };
const sheet = (mealId: number, day: number, slot: 0 | 1 | 2 | 3 | 4, empty = false) => ({
  mealId,
  day,
  slot,
  blocks: empty ? [] : [block],
  alternatives: [],
});
const sample = (mealId: number, day: number): RegisterSample => ({
  id: 100 + mealId,
  stayId: 1,
  owner: 1,
  day,
  time: '12:30',
  by: 1,
  kind: 'sample',
  mealId,
  slot: 1,
  dishes: ['Riz au lait'],
  discarded: null,
});

// Day 2: breakfast (8:00), lunch (12:00), an empty snack (16:00), dinner (19:00).
const DAY_2 = [sheet(1, 2, 0), sheet(2, 2, 1), sheet(3, 2, 2, true), sheet(4, 2, 3)];

describe('the samples due in the kitchen', () => {
  it('today, names the meals whose hour has come and that have no sample', () => {
    expect(samplesDue(DAY_2, [], 2, 2, '07:59')).toEqual([]);
    expect(samplesDue(DAY_2, [], 2, 2, '12:00')).toEqual([
      { mealId: 1, slot: 0 },
      { mealId: 2, slot: 1 },
    ]);
    expect(samplesDue(DAY_2, [sample(1, 2)], 2, 2, '13:00')).toEqual([{ mealId: 2, slot: 1 }]);
  });

  it('names every meal of a day gone by, none of a day to come, never an empty meal', () => {
    expect(samplesDue(DAY_2, [sample(2, 2)], 2, 3, '06:00')).toEqual([
      { mealId: 1, slot: 0 },
      { mealId: 4, slot: 3 },
    ]);
    expect(samplesDue(DAY_2, [], 2, 1, '23:00')).toEqual([]);
  });
});

const entry = (id: number): StockItem => ({
  id,
  stayId: 1,
  owner: 1,
  ingredientId: id,
  unite: 3,
  val: 2,
  useBy: '2025-07-08',
});
const alertLine = (
  id: number,
  kind: LarderAlertLine['alert']['kind'],
  dateDay: number,
  name: string,
): LarderAlertLine => ({
  alert: { entry: entry(id), kind, dateDay, mealDay: kind === 'expiresBeforeMeal' ? 3 : null },
  name,
  meal: kind === 'expiresBeforeMeal' ? { day: 3, slot: 3 } : null,
});

describe("the larder's alerts in the kitchen", () => {
  const lines = [
    alertLine(1, 'expired', 0, 'Lait entier'),
    alertLine(2, 'expiresBeforeMeal', 2, 'Crème fraîche'),
    alertLine(3, 'useSoon', 2, 'Jambon'),
    alertLine(4, 'pastBestBefore', 0, 'Riz rond'),
  ];

  it('warns of what is expired or expires before a meal, not of the rest', () => {
    expect(kitchenLarderAlerts(lines).map((l) => l.name)).toEqual(['Lait entier', 'Crème fraîche']);
  });

  it('marks an ingredient of a meal that its entry will not last to', () => {
    expect(ingredientAlerts(lines, 'Crème fraîche', 3).map((l) => l.alert.entry.id)).toEqual([2]);
    expect(ingredientAlerts(lines, 'Crème fraîche', 2)).toEqual([]);
    expect(ingredientAlerts(lines, 'Lait entier', 1).map((l) => l.alert.entry.id)).toEqual([1]);
    expect(ingredientAlerts(lines, 'Jambon', 5)).toEqual([]);
    expect(ingredientAlerts(lines, 'Riz rond', 5)).toEqual([]);
  });
});
