import { describe, expect, it } from 'vitest';
import type { Group, Meal, Stay } from './entities.js';
import { Horaire } from './enums.js';
import { DomainError } from './errors.js';
import type { WizardRequest } from './wizard.js';
import { filledMealsReplaced, planWizard } from './wizard.js';

const stay: Stay = {
  id: 1,
  owner: 7,
  name: 'Camp',
  start: '2024-07-01',
  profileId: null,
  exportSecret: null,
};
const group = (id: number): Group => ({
  id,
  stayId: 1,
  owner: 7,
  name: `G${id}`,
  color: '#AF0853',
  size: 10,
});
const g1 = group(11);
const g2 = group(12);

const counter = (start = 1000) => {
  let next = start;
  return () => next++;
};

const request = (over: Partial<WizardRequest>): WizardRequest => ({
  stayId: 1,
  daysNumber: 1,
  excursions: {},
  withGouter: false,
  groupsForCinquieme: [],
  deleteExisting: false,
  ...over,
});

const plan = (
  over: Partial<WizardRequest>,
  groups: Group[] = [g1, g2],
  existingMeals: Meal[] = [],
) =>
  planWizard({
    stay,
    groups,
    existingMeals,
    request: request(over),
    nextId: counter(),
    now: '2024-06-01T10:00:00.000Z',
  });

const countBySlot = (meals: Meal[]) => {
  const counts: Record<number, number> = { 0: 0, 1: 0, 2: 0, 3: 0, 4: 0 };
  for (const m of meals) counts[m.slot] = (counts[m.slot] ?? 0) + 1;
  return counts;
};

describe('planWizard', () => {
  it('makes the 33 meals of the reference example', () => {
    // 5 days, goûter and cinquième on; days 0-2 have excursions: one group out on days 0
    // and 1 (two meals per slot), both groups out on day 2 (one meal per slot).
    const { meals, menus, deleteMealIds } = plan({
      daysNumber: 5,
      withGouter: true,
      groupsForCinquieme: [g1.id],
      excursions: { 0: [g1.id], 1: [g2.id], 2: [g1.id, g2.id] },
    });
    expect(meals).toHaveLength(33);
    expect(menus).toHaveLength(33);
    expect(deleteMealIds).toEqual([]);
    expect(countBySlot(meals)).toEqual({ 0: 7, 1: 7, 2: 7, 3: 7, 4: 5 });
    const perDay = [0, 1, 2, 3, 4].map((d) => meals.filter((m) => m.day === d).length);
    expect(perDay).toEqual([9, 9, 5, 5, 5]);

    const day0Lunch = meals.filter((m) => m.day === 0 && m.slot === Horaire.Midi);
    expect(day0Lunch.map((m) => m.groupIds)).toEqual([[g1.id], [g2.id]]);
    const day2Lunch = meals.filter((m) => m.day === 2 && m.slot === Horaire.Midi);
    expect(day2Lunch.map((m) => m.groupIds)).toEqual([[g1.id, g2.id]]);
    const day4 = meals.filter((m) => m.day === 4);
    expect(day4.map((m) => [m.slot, m.groupIds])).toEqual([
      [0, [g1.id, g2.id]],
      [1, [g1.id, g2.id]],
      [2, [g1.id, g2.id]],
      [3, [g1.id, g2.id]],
      [4, [g1.id]],
    ]);
  });

  it('gives one group out on days 0, 1 and 2 its own meals (37 meals)', () => {
    const { meals } = plan({
      daysNumber: 5,
      withGouter: true,
      groupsForCinquieme: [g1.id],
      excursions: { 0: [g1.id], 1: [g1.id], 2: [g1.id] },
    });
    expect(countBySlot(meals)).toEqual({ 0: 8, 1: 8, 2: 8, 3: 8, 4: 5 });
    expect(meals).toHaveLength(37);
  });

  it('fills each meal and its new private menu', () => {
    const { meals, menus } = plan({ daysNumber: 1 });
    expect(meals.map((m) => m.slot)).toEqual([0, 1, 3]);
    expect(menus[0]).toEqual({
      id: 1000,
      owner: 7,
      isFavorite: false,
      isPublished: false,
      updated: '2024-06-01T10:00:00.000Z',
      ingredients: [],
      recipeIds: [],
    });
    expect(meals[0]).toEqual({
      id: 1001,
      stayId: 1,
      owner: 7,
      menuId: 1000,
      day: 0,
      slot: Horaire.PetitDejeuner,
      additionalPeople: 0,
      groupIds: [11, 12],
    });
    expect(meals.map((m) => m.menuId)).toEqual(menus.map((m) => m.id));
  });

  it('creates meals without groups when the stay has none', () => {
    const { meals } = plan({ daysNumber: 2, withGouter: true }, []);
    expect(meals).toHaveLength(8);
    expect(meals.every((m) => m.groupIds.length === 0)).toBe(true);
    expect(meals.map((m) => m.day)).toEqual([0, 0, 0, 0, 1, 1, 1, 1]);
  });

  it('gives an excursion of every group a single meal per slot', () => {
    const { meals } = plan({ daysNumber: 1, excursions: { 0: [g2.id, g1.id] } });
    expect(meals.map((m) => m.groupIds)).toEqual([
      [11, 12],
      [11, 12],
      [11, 12],
    ]);
  });

  it('deletes the stay meals first when asked', () => {
    const existing: Meal[] = [
      {
        id: 50,
        stayId: 1,
        owner: 7,
        menuId: 60,
        day: 0,
        slot: 1,
        additionalPeople: 0,
        groupIds: [],
      },
      {
        id: 51,
        stayId: 1,
        owner: 7,
        menuId: 61,
        day: 3,
        slot: 3,
        additionalPeople: 2,
        groupIds: [],
      },
      {
        id: 52,
        stayId: 2,
        owner: 7,
        menuId: 62,
        day: 0,
        slot: 1,
        additionalPeople: 0,
        groupIds: [],
      },
    ];
    expect(plan({ deleteExisting: true }, [g1], existing).deleteMealIds).toEqual([50, 51]);
    expect(plan({ deleteExisting: false }, [g1], existing).deleteMealIds).toEqual([]);
  });

  it('ignores excursions outside the days and deduplicates group ids', () => {
    const { meals } = plan({
      daysNumber: 1,
      excursions: { 3: [g1.id], 0: [g2.id, g2.id] },
      groupsForCinquieme: [g2.id, g2.id],
    });
    expect(meals.map((m) => [m.slot, m.groupIds])).toEqual([
      [0, [12]],
      [0, [11]],
      [1, [12]],
      [1, [11]],
      [3, [12]],
      [3, [11]],
      [4, [12]],
    ]);
  });

  it('refuses invalid requests with French messages', () => {
    const fails = (over: Partial<WizardRequest>, message: string) => {
      expect(() => plan(over)).toThrow(DomainError);
      expect(() => plan(over)).toThrow(message);
    };
    fails({ daysNumber: 0 }, 'La durée doit être un nombre entier de jours entre 1 et 366.');
    fails({ daysNumber: 367 }, 'La durée doit être un nombre entier de jours entre 1 et 366.');
    fails({ daysNumber: 1.5 }, 'La durée doit être un nombre entier de jours entre 1 et 366.');
    fails({ excursions: { 0: [99] } }, "Le groupe 99 (en sortie) n'appartient pas à ce séjour.");
    fails(
      { groupsForCinquieme: [99] },
      "Le groupe 99 (pour le cinquième) n'appartient pas à ce séjour.",
    );
    fails({ stayId: 2 }, "La demande de l'assistant ne concerne pas ce séjour.");
    fails(
      { excursions: { 0: 5 as unknown as number[] } },
      'La liste des groupes en sortie est invalide.',
    );
    fails(
      { excursions: { x: [11] } as Record<number, number[]> },
      'Le jour de sortie « x » est invalide.',
    );
  });

  it('refuses a group of another stay', () => {
    const foreign = { ...group(13), stayId: 2 };
    expect(() => plan({ excursions: { 0: [13] } }, [g1, foreign])).toThrow(
      "Le groupe 13 (en sortie) n'appartient pas à ce séjour.",
    );
  });
});

describe('filledMealsReplaced', () => {
  const menu = (id: number, recipeIds: number[], ingredientIds: number[] = []) => ({
    id,
    ingredients: ingredientIds.map((ingredientId) => ({
      ingredientId,
      quantity: { val: 1, unite: 0 as const, forPeople: 1 },
      plat: 0 as const,
    })),
    recipeIds,
  });
  const meal = (id: number, menuId: number) => ({
    id,
    stayId: 1,
    owner: 1,
    menuId,
    day: 0,
    slot: 1 as const,
    additionalPeople: 0,
    groupIds: [],
  });

  it('counts the meals whose menu holds a recipe or an ingredient', () => {
    const menus = new Map([
      [10, menu(10, [])],
      [11, menu(11, [5])],
      [12, menu(12, [], [7])],
    ]);
    expect(filledMealsReplaced([meal(1, 10), meal(2, 11), meal(3, 12), meal(4, 11)], menus)).toBe(
      3,
    );
    expect(filledMealsReplaced([meal(1, 10), meal(5, 99)], menus)).toBe(0);
  });
});
