import { describe, expect, it } from 'vitest';
import type { ColdUnit, RegisterEntry, RegisterReading, RegisterSample } from './entities.js';
import { Horaire, type Plat } from './enums.js';
import {
  DEFAULT_COLD_UNITS,
  coldUnitsOf,
  isArrivalTooWarm,
  isMealServed,
  isOutOfRange,
  lacksAction,
  mealDishes,
  mealsWithoutSample,
  missingReadings,
  readingCheckAt,
  sampleThrowDay,
  samplesKept,
  samplesToThrow,
} from './register.js';

let nextId = 1;
const sample = (
  day: number,
  slot: Horaire,
  over: Partial<RegisterSample> = {},
): RegisterSample => ({
  id: nextId++,
  stayId: 1,
  owner: 1,
  kind: 'sample',
  mealId: 100 + day * 10 + slot,
  day,
  slot,
  time: '12:30',
  by: 1,
  dishes: ['Riz'],
  discarded: null,
  ...over,
});
const reading = (day: number, time: string, unit: string, value = 3): RegisterReading => ({
  id: nextId++,
  stayId: 1,
  owner: 1,
  kind: 'reading',
  day,
  time,
  by: 1,
  unit,
  value,
  note: '',
  action: '',
});

const [fridge, freezer] = DEFAULT_COLD_UNITS as [ColdUnit, ColdUnit];

describe('cold units and their readings', () => {
  it("reads a stay's own units, else a fridge at 0–4 °C and a freezer at −18 °C or below", () => {
    expect(coldUnitsOf({})).toEqual([
      { key: 'refrigerateur', name: 'Réfrigérateur', min: 0, max: 4, checks: ['matin', 'soir'] },
      { key: 'congelateur', name: 'Congélateur', min: null, max: -18, checks: ['matin', 'soir'] },
    ]);
    const own: ColdUnit = { key: 'cf', name: 'Chambre froide', min: 0, max: 3, checks: ['matin'] };
    expect(coldUnitsOf({ coldUnits: [own] })).toEqual([own]);
    expect(coldUnitsOf({ coldUnits: [] })).toEqual([]);
  });

  it('marks a temperature out of its range, the bounds themselves in range', () => {
    expect([-1, 0, 2.5, 4, 4.1].map((v) => isOutOfRange(fridge, v))).toEqual([
      true,
      false,
      false,
      false,
      true,
    ]);
    expect([-25, -18, -17.9].map((v) => isOutOfRange(freezer, v))).toEqual([false, false, true]);
    expect(isOutOfRange({ min: null, max: null }, 99)).toBe(false);
  });

  it('asks for the corrective action of an out-of-range reading only', () => {
    const warm = reading(0, '08:00', 'refrigerateur', 7);
    expect(lacksAction(fridge, warm)).toBe(true);
    expect(lacksAction(fridge, { ...warm, action: '  ' })).toBe(true);
    expect(lacksAction(fridge, { ...warm, action: 'Denrées jetées' })).toBe(false);
    expect(lacksAction(fridge, reading(0, '08:00', 'refrigerateur', 3))).toBe(false);
    expect(lacksAction(undefined, warm)).toBe(false);
  });

  it("counts a reading before 14 h as the morning's and from 14 h as the evening's", () => {
    expect(['00:00', '08:15', '13:59', '14:00', '21:30'].map(readingCheckAt)).toEqual([
      'matin',
      'matin',
      'matin',
      'soir',
      'soir',
    ]);
  });

  it("lists the day's missing readings, unit by unit", () => {
    const entries: RegisterEntry[] = [
      reading(2, '08:05', 'refrigerateur'),
      reading(2, '09:00', 'refrigerateur'),
      reading(2, '19:00', 'congelateur', -20),
      // Another day's evening reading does not count for day 2.
      reading(1, '19:00', 'refrigerateur'),
    ];
    const missing = missingReadings(DEFAULT_COLD_UNITS, entries, 2);
    expect(missing.map((m) => [m.unit.key, m.check])).toEqual([
      ['refrigerateur', 'soir'],
      ['congelateur', 'matin'],
    ]);
    // A unit read in the morning only expects nothing more.
    const morningOnly = [{ ...fridge, checks: ['matin' as const] }];
    expect(missingReadings(morningOnly, entries, 2)).toEqual([]);
    expect(missingReadings(morningOnly, [], 3).map((m) => m.check)).toEqual(['matin']);
  });
});

describe('food samples (plats témoins)', () => {
  it('keeps a sample 5 days after its meal and throws it from the sixth', () => {
    expect(sampleThrowDay({ day: 0 })).toBe(6);
    expect(sampleThrowDay({ day: -2 })).toBe(4);
    const monday = sample(0, Horaire.Midi);
    const tuesday = sample(1, Horaire.Diner);
    const thrown = sample(0, Horaire.Diner, { discarded: '2026-07-07T10:00:00.000Z' });
    const entries = [tuesday, monday, thrown, reading(0, '08:00', 'refrigerateur')];
    expect(samplesToThrow(entries, 5)).toEqual([]);
    expect(samplesKept(entries, 5)).toEqual([monday, tuesday]);
    expect(samplesToThrow(entries, 6)).toEqual([monday]);
    expect(samplesKept(entries, 6)).toEqual([tuesday]);
    // One not thrown on its day stays listed until it is.
    expect(samplesToThrow(entries, 9)).toEqual([monday, tuesday]);
  });

  it('lists the meals of a day without their sample, in the order of the day', () => {
    const meals = [
      { id: 1, day: 0, slot: Horaire.Diner },
      { id: 2, day: 0, slot: Horaire.PetitDejeuner },
      { id: 3, day: 0, slot: Horaire.Midi },
      { id: 4, day: 1, slot: Horaire.Midi },
    ];
    const taken = [sample(0, Horaire.Midi, { mealId: 3 })];
    expect(mealsWithoutSample(meals, taken, 0).map((m) => m.id)).toEqual([2, 1]);
    expect(mealsWithoutSample(meals, taken, 1).map((m) => m.id)).toEqual([4]);
    expect(mealsWithoutSample(meals, taken, 2)).toEqual([]);
  });

  it("tells whether a meal's time has come (its sample is then due)", () => {
    const lunch = { day: 3, slot: Horaire.Midi };
    expect(isMealServed(lunch, 3, '11:59')).toBe(false);
    expect(isMealServed(lunch, 3, '12:00')).toBe(true);
    expect(isMealServed(lunch, 2, '23:00')).toBe(false);
    expect(isMealServed(lunch, 4, '07:00')).toBe(true);
  });

  it("names a meal's dishes: its recipes by course, then its alternatives', each once", () => {
    const recipes = new Map<number, { name: string; plat: Plat }>([
      [1, { name: 'Mousse au chocolat', plat: 1 }],
      [2, { name: 'Lasagnes', plat: 2 }],
      [3, { name: 'Carottes râpées', plat: 3 }],
      [4, { name: 'Lasagnes sans gluten', plat: 2 }],
    ]);
    const of = (id: number) => recipes.get(id);
    const meal = {
      alternatives: [{ kind: 'allergen' as const, code: 0, people: 2, recipeIds: [4, 2] }],
    };
    expect(mealDishes(meal, { recipeIds: [1, 2, 3, 99] }, of, 'Menu')).toEqual([
      'Carottes râpées',
      'Lasagnes',
      'Mousse au chocolat',
      'Lasagnes sans gluten',
    ]);
    // A menu of ingredients only is sampled as the menu.
    expect(mealDishes({}, { recipeIds: [] }, of, 'Pain, Fromage')).toEqual(['Pain, Fromage']);
    expect(mealDishes({}, undefined, of, '')).toEqual([]);
  });
});

describe('deliveries', () => {
  it('refuses the warmth of chilled goods above 4 °C and frozen ones above −18 °C', () => {
    expect(isArrivalTooWarm('chilled', 4)).toBe(false);
    expect(isArrivalTooWarm('chilled', 4.5)).toBe(true);
    expect(isArrivalTooWarm('frozen', -18)).toBe(false);
    expect(isArrivalTooWarm('frozen', -15)).toBe(true);
  });
});
