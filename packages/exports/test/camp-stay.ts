/**
 * A small stay for the export tests, with quantities simple enough to check by hand: a week
 * from Monday 7 July 2025, two groups (12 and 8 people), recipes and menu ingredients in
 * several units, an excursion meal and an empty meal.
 */
import type { CompileInput, Group, Ingredient, Meal, Menu, Recipe } from '@popote/domain';
import type { CookbookInput } from '../src/cookbook-plan.js';

export const STAY = { name: 'Camp d’été', start: '2025-07-07' };
const OWNER = 1;

export const ING = {
  pates: { id: 10, name: 'Pâtes', kind: 2, owner: OWNER },
  boeuf: { id: 11, name: 'Bœuf haché', kind: 3, owner: OWNER },
  tomates: { id: 12, name: 'Tomates', kind: 1, owner: OWNER },
  pain: { id: 13, name: 'Pain', kind: 6, owner: OWNER },
  riz: { id: 14, name: 'Riz', kind: 2, owner: OWNER },
  lait: { id: 15, name: 'Lait', kind: 5, owner: OWNER },
  oeufs: { id: 16, name: 'Œufs', kind: 5, owner: OWNER },
} satisfies Record<string, Ingredient>;

const GROUPS: Group[] = [
  { id: 20, stayId: 1, owner: OWNER, name: 'Louveteaux', color: '#AA0000', size: 12 },
  { id: 21, stayId: 1, owner: OWNER, name: 'Scouts', color: '#00AA00', size: 8 },
];

const q = (val: number, unite: 0 | 1 | 2 | 3 | 4, forPeople: number) => ({
  val,
  unite,
  forPeople,
});

export const BOLOGNAISE: Recipe = {
  id: 30,
  owner: OWNER,
  name: 'Bolognaise',
  plat: 2,
  description: 'Faire revenir la viande avec l’oignon.',
  isPublished: false,
  updated: '2025-06-01T10:00:00.000Z',
  ingredients: [
    { ingredientId: ING.pates.id, quantity: q(1, 1, 10) },
    { ingredientId: ING.boeuf.id, quantity: q(1.5, 1, 10) },
    { ingredientId: ING.tomates.id, quantity: q(5, 0, 10) },
  ],
};

export const RIZ_AU_LAIT: Recipe = {
  id: 31,
  owner: OWNER,
  name: 'Riz au lait',
  plat: 1,
  description: '',
  isPublished: false,
  updated: '2025-06-01T10:00:00.000Z',
  ingredients: [
    { ingredientId: ING.riz.id, quantity: q(0.5, 1, 8) },
    { ingredientId: ING.lait.id, quantity: q(2, 3, 8) },
  ],
};

function menu(id: number, recipeIds: number[], ingredients: Menu['ingredients'] = []): Menu {
  return {
    id,
    owner: OWNER,
    isFavorite: false,
    isPublished: false,
    updated: '2025-06-01T10:00:00.000Z',
    recipeIds,
    ingredients,
  };
}

const MENUS: Menu[] = [
  menu(40, [BOLOGNAISE.id], [{ ingredientId: ING.pain.id, quantity: q(1, 0, 4), plat: 0 }]),
  menu(41, [RIZ_AU_LAIT.id], [{ ingredientId: ING.tomates.id, quantity: q(300, 2, 10), plat: 3 }]),
  menu(42, [BOLOGNAISE.id]),
  menu(
    43,
    [],
    [
      { ingredientId: ING.pain.id, quantity: q(1, 0, 4), plat: 0 },
      { ingredientId: ING.oeufs.id, quantity: q(12, 0, 10), plat: 2 },
    ],
  ),
  menu(44, []),
  menu(45, [BOLOGNAISE.id]),
  menu(46, [BOLOGNAISE.id]),
];

function meal(
  id: number,
  day: number,
  slot: Meal['slot'],
  menuId: number,
  groupIds: number[],
  additionalPeople = 0,
): Meal {
  return { id, stayId: 1, owner: OWNER, menuId, day, slot, additionalPeople, groupIds };
}

/** Listed out of order on purpose: exports must sort by day, then slot, then id. */
const MEALS: Meal[] = [
  meal(56, 4, 3, 45, [20, 21]),
  meal(50, 0, 1, 40, [20, 21]),
  meal(51, 0, 3, 41, [20, 21]),
  meal(53, 2, 1, 43, [21], 2),
  meal(52, 2, 1, 42, [20]),
  meal(55, 2, 3, 44, [20, 21]),
  meal(57, 1, 1, 46, [20, 21]),
];

/** Days 0, 2 and 4 of the stay: six meals (day 1 is left out). */
export const CHOSEN_DAYS = [0, 2, 4];

export function compileInput(days: number[] = CHOSEN_DAYS): CompileInput {
  return {
    meals: MEALS.map((m) => ({ ...m, groupIds: [...m.groupIds] })),
    groups: GROUPS,
    menus: MENUS,
    recipes: [BOLOGNAISE, RIZ_AU_LAIT],
    ingredients: Object.values(ING),
    days,
  };
}

export function cookbookInput(days: number[] = CHOSEN_DAYS): CookbookInput {
  return { stay: STAY, ...compileInput(days) };
}
