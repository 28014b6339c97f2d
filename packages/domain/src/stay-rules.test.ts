import { describe, expect, it } from 'vitest';
import type { Group, Meal, Menu, Stay } from './entities.js';
import { Horaire, Plat, Unite } from './enums.js';
import { DomainError } from './errors.js';
import {
  copyStayName,
  duplicateStayIdCount,
  addGroupToMeals,
  commonPeople,
  defaultIngredientQuantity,
  groupsForNewMeal,
  moveGroupBetweenMeals,
  planDuplicateStay,
  recipeIngredientInitialQuantity,
} from './stay-rules.js';

const group = (id: number, stayId = 1): Group => ({
  id,
  stayId,
  owner: 7,
  name: `G${id}`,
  color: '#AF0853',
  size: 10,
});
const meal = (id: number, over: Partial<Meal> = {}): Meal => ({
  id,
  stayId: 1,
  owner: 7,
  menuId: 100 + id,
  day: 0,
  slot: Horaire.Midi,
  additionalPeople: 0,
  groupIds: [],
  ...over,
});
const menu = (id: number, over: Partial<Menu> = {}): Menu => ({
  id,
  owner: 7,
  isFavorite: false,
  isPublished: false,
  updated: '2024-01-01T00:00:00.000Z',
  ingredients: [],
  recipeIds: [],
  ...over,
});
const q = (val: number, unite: Unite, forPeople: number) => ({ val, unite, forPeople });

describe('groupsForNewMeal', () => {
  const groups = [group(11), group(12), group(13)];
  const meals = [
    meal(1, { day: 2, slot: Horaire.Midi, groupIds: [11] }),
    meal(2, { day: 2, slot: Horaire.Midi, groupIds: [13] }),
    meal(3, { day: 2, slot: Horaire.Diner, groupIds: [12] }),
    meal(4, { day: 3, slot: Horaire.Midi, groupIds: [12] }),
  ];
  it('keeps the groups not yet in a meal at that day and slot', () => {
    expect(groupsForNewMeal(groups, meals, 2, Horaire.Midi)).toEqual([12]);
    expect(groupsForNewMeal(groups, meals, 2, Horaire.Diner)).toEqual([11, 13]);
    expect(groupsForNewMeal(groups, meals, 5, Horaire.Midi)).toEqual([11, 12, 13]);
  });
  it('is empty when every group already eats then', () => {
    const all = [...meals, meal(5, { day: 2, slot: Horaire.Midi, groupIds: [12] })];
    expect(groupsForNewMeal(groups, all, 2, Horaire.Midi)).toEqual([]);
  });
});

describe('addGroupToMeals', () => {
  it('returns the meals that gain the group', () => {
    const meals = [meal(1, { groupIds: [11] }), meal(2, { groupIds: [11, 12] }), meal(3)];
    const changed = addGroupToMeals(meals, 12);
    expect(changed.map((m) => [m.id, m.groupIds])).toEqual([
      [1, [11, 12]],
      [3, [12]],
    ]);
    expect(meals[0]?.groupIds).toEqual([11]);
  });
});

describe('moveGroupBetweenMeals', () => {
  it('moves the group from one meal to the other', () => {
    const moved = moveGroupBetweenMeals(
      meal(1, { groupIds: [11, 12] }),
      meal(2, { groupIds: [13] }),
      12,
    );
    expect(moved?.from.groupIds).toEqual([11]);
    expect(moved?.to.groupIds).toEqual([13, 12]);
  });
  it('never duplicates the group in the target', () => {
    const moved = moveGroupBetweenMeals(
      meal(1, { groupIds: [12] }),
      meal(2, { groupIds: [12] }),
      12,
    );
    expect(moved?.from.groupIds).toEqual([]);
    expect(moved?.to.groupIds).toEqual([12]);
  });
  it('ignores a move onto the same meal', () => {
    expect(
      moveGroupBetweenMeals(meal(1, { groupIds: [12] }), meal(1, { groupIds: [12] }), 12),
    ).toBeNull();
  });
  it('refuses a move between stays', () => {
    expect(() => moveGroupBetweenMeals(meal(1), meal(2, { stayId: 9 }), 12)).toThrow(
      "Un groupe ne peut passer qu'entre deux repas du même séjour.",
    );
  });
});

describe('planDuplicateStay', () => {
  const stay: Stay = {
    id: 1,
    owner: 7,
    name: 'Camp été',
    start: '2024-07-01',
    profileId: 40,
    exportSecret: 'secret',
  };
  const privateMenu = menu(101, {
    ingredients: [{ ingredientId: 500, quantity: q(2, Unite.Kg, 8), plat: Plat.Dessert }],
    recipeIds: [300],
  });
  const favourite = menu(102, { isFavorite: true, isPublished: true, owner: 8 });
  const input = {
    stay,
    groups: [group(11), group(12), group(99, 2)],
    meals: [
      meal(1, {
        menuId: 101,
        groupIds: [11, 12],
        additionalPeople: 3,
        day: 4,
        slot: Horaire.Diner,
      }),
      meal(2, { menuId: 102, groupIds: [12, 99] }),
      meal(3, { stayId: 2, menuId: 103 }),
    ],
    menus: [privateMenu, favourite],
    now: '2024-06-01T10:00:00.000Z',
  };
  const counter = () => {
    let next = 1000;
    return () => next++;
  };

  it('copies the stay, its groups, meals and private menus with fresh ids', () => {
    const plan = planDuplicateStay({ ...input, nextId: counter() });
    expect(plan.stay).toEqual({
      id: 1000,
      owner: 7,
      name: 'Camp été',
      start: '2024-07-01',
      profileId: 40,
      exportSecret: null,
    });
    expect(plan.groups.map((g) => [g.id, g.stayId, g.name])).toEqual([
      [1001, 1000, 'G11'],
      [1002, 1000, 'G12'],
    ]);
    expect(plan.menus).toEqual([
      {
        id: 1003,
        owner: 7,
        isFavorite: false,
        isPublished: false,
        updated: '2024-06-01T10:00:00.000Z',
        ingredients: [{ ingredientId: 500, quantity: q(2, Unite.Kg, 8), plat: Plat.Dessert }],
        recipeIds: [300],
      },
    ]);
    expect(plan.meals).toEqual([
      {
        id: 1004,
        stayId: 1000,
        owner: 7,
        menuId: 1003,
        day: 4,
        slot: Horaire.Diner,
        additionalPeople: 3,
        groupIds: [1001, 1002],
      },
      {
        id: 1005,
        stayId: 1000,
        owner: 7,
        menuId: 102,
        day: 0,
        slot: Horaire.Midi,
        additionalPeople: 0,
        groupIds: [1002],
      },
    ]);
  });

  it('deep-copies so that the copy never shares objects with the original', () => {
    const plan = planDuplicateStay({ ...input, nextId: counter() });
    const copied = plan.menus[0];
    expect(copied?.ingredients[0]?.quantity).not.toBe(privateMenu.ingredients[0]?.quantity);
    expect(copied?.recipeIds).not.toBe(privateMenu.recipeIds);
  });

  it('takes a new name when given', () => {
    expect(planDuplicateStay({ ...input, nextId: counter(), name: 'Camp hiver' }).stay.name).toBe(
      'Camp hiver',
    );
  });

  it('refuses a meal whose menu is missing', () => {
    expect(() => planDuplicateStay({ ...input, menus: [favourite], nextId: counter() })).toThrow(
      DomainError,
    );
    expect(() => planDuplicateStay({ ...input, menus: [favourite], nextId: counter() })).toThrow(
      'Le menu du repas 1 est introuvable.',
    );
  });
});

describe('defaultIngredientQuantity', () => {
  const menus = [
    menu(1, {
      updated: '2024-03-01T00:00:00.000Z',
      ingredients: [{ ingredientId: 5, quantity: q(3, Unite.Kg, 12), plat: Plat.Autre }],
    }),
    menu(2, {
      updated: '2024-05-01T00:00:00.000Z',
      ingredients: [{ ingredientId: 5, quantity: q(250, Unite.G, 4), plat: Plat.Autre }],
    }),
    menu(3, {
      updated: '2024-09-01T00:00:00.000Z',
      ingredients: [{ ingredientId: 6, quantity: q(1, Unite.L, 2), plat: Plat.Autre }],
    }),
  ];
  it('takes the quantity of the most recently updated menu holding the ingredient', () => {
    expect(defaultIngredientQuantity(5, menus)).toEqual({ val: 250, unite: Unite.G, forPeople: 4 });
    expect(defaultIngredientQuantity(6, menus)).toEqual({ val: 1, unite: Unite.L, forPeople: 2 });
  });
  it('breaks ties on update time with the higher menu id', () => {
    const tied = [
      menu(9, { ingredients: [{ ingredientId: 5, quantity: q(9, Unite.Kg, 9), plat: 0 }] }),
      menu(4, { ingredients: [{ ingredientId: 5, quantity: q(4, Unite.Kg, 4), plat: 0 }] }),
    ];
    expect(defaultIngredientQuantity(5, tied)).toEqual({ val: 9, unite: Unite.Kg, forPeople: 9 });
  });
  it('offers 10 pièces for 10 when the stay never used it', () => {
    expect(defaultIngredientQuantity(7, menus)).toEqual({
      val: 10,
      unite: Unite.Pieces,
      forPeople: 10,
    });
    expect(defaultIngredientQuantity(7, [])).toEqual({
      val: 10,
      unite: Unite.Pieces,
      forPeople: 10,
    });
  });
});

describe('recipeIngredientInitialQuantity', () => {
  it('uses the initial number of people, else 10', () => {
    expect(recipeIngredientInitialQuantity(6)).toEqual({
      val: 10,
      unite: Unite.Pieces,
      forPeople: 6,
    });
    expect(recipeIngredientInitialQuantity(0)).toEqual({
      val: 10,
      unite: Unite.Pieces,
      forPeople: 10,
    });
    expect(recipeIngredientInitialQuantity(undefined)).toEqual({
      val: 10,
      unite: Unite.Pieces,
      forPeople: 10,
    });
  });
  it('refuses a negative or unreadable number', () => {
    expect(() => recipeIngredientInitialQuantity(-2)).toThrow(
      'Le nombre de personnes initial doit être un nombre positif.',
    );
    expect(() => recipeIngredientInitialQuantity(Number.NaN)).toThrow(DomainError);
  });
});

describe('commonPeople', () => {
  it('gives the shared number of people', () => {
    expect(commonPeople([q(1, Unite.Kg, 8), q(3, Unite.Pieces, 8)])).toBe(8);
  });
  it('is null when they differ or there are none', () => {
    expect(commonPeople([q(1, Unite.Kg, 8), q(3, Unite.Pieces, 6)])).toBeNull();
    expect(commonPeople([])).toBeNull();
  });
});

describe('duplicateStayIdCount', () => {
  it('covers the copy, every group a stay may have, and its meals with a margin', () => {
    expect(duplicateStayIdCount(0)).toBe(1 + 100 + 2 * 500);
    expect(duplicateStayIdCount(300)).toBe(1 + 100 + 2 * 800);
    // Never more than the most meals a stay may hold.
    expect(duplicateStayIdCount(1_000_000)).toBe(1 + 100 + 2 * 10_000);
  });
});

describe('copyStayName', () => {
  it("names a copy '<nom> (copie)', then numbers further copies", () => {
    expect(copyStayName('Camp du lac', ['Camp du lac'])).toBe('Camp du lac (copie)');
    expect(copyStayName('Camp du lac', ['Camp du lac', 'Camp du lac (copie)'])).toBe(
      'Camp du lac (copie 2)',
    );
    // A copy of a copy starts from the original name; names compare as search text.
    expect(
      copyStayName('Camp du lac (copie)', [
        'Camp du lac',
        'camp du LAC (copie)',
        'Camp du lac (copie 2)',
      ]),
    ).toBe('Camp du lac (copie 3)');
  });
  it('stays within the name length', () => {
    const long = 'x'.repeat(200);
    expect(copyStayName(long, [long])).toHaveLength(200);
    expect(copyStayName(long, [long]).endsWith(' (copie)')).toBe(true);
  });
});
