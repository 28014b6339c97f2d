import { describe, expect, it } from 'vitest';
import {
  compileIngredients,
  groupByKind,
  loadCompileInput,
  loadMealPreviewInput,
  mealPeople,
  previewMeal,
} from './compile.js';
import type { CompileInput } from './compile.js';
import type {
  Group,
  Id,
  Ingredient,
  Meal,
  Menu,
  MenuIngredient,
  Quantity,
  Recipe,
} from './entities.js';
import type { Horaire, IngredientKind } from './enums.js';
import { Unite } from './enums.js';
import { DomainError } from './errors.js';
import { MemoryStore } from './memory-store.js';
import { formatTotal } from './quantity.js';

const OWNER = 7;

const group = (id: Id, stayId: Id, size: number): Group => ({
  id,
  stayId,
  owner: OWNER,
  name: `Groupe ${id}`,
  color: '#AF0853',
  size,
});
const ingredient = (id: Id, name: string, kind: IngredientKind): Ingredient => ({
  id,
  name,
  kind,
  owner: null,
});
const qty = (val: number, unite: Quantity['unite'], forPeople: number): Quantity => ({
  val,
  unite,
  forPeople,
});
const menu = (id: Id, ingredients: [Id, Quantity][], recipeIds: Id[] = []): Menu => ({
  id,
  owner: OWNER,
  isFavorite: false,
  isPublished: false,
  updated: '2024-05-01T10:00:00Z',
  ingredients: ingredients.map(([ingredientId, quantity]): MenuIngredient => ({
    ingredientId,
    quantity,
    plat: 0,
  })),
  recipeIds,
});
const meal = (
  id: Id,
  stayId: Id,
  day: number,
  slot: Horaire,
  menuId: Id,
  groupIds: Id[],
  additionalPeople = 0,
): Meal => ({ id, stayId, owner: OWNER, menuId, day, slot, additionalPeople, groupIds });

// A small stay: two groups of 10 and 5, a pasta recipe for 4 shared by lunch and dinner of day 0.
const AIL = ingredient(11, 'Ail', 1);
const TOMATES = ingredient(12, 'Tomates', 1);
const PATES = ingredient(13, 'Pâtes', 2);
const FARINE = ingredient(14, 'Farine', 4);
const ECHALOTE = ingredient(15, 'Échalote', 4);
const LAIT = ingredient(16, 'Lait', 5);
const SEL = ingredient(17, 'Sel', 4);

const PASTA: Recipe = {
  id: 21,
  owner: OWNER,
  name: 'Pâtes bolognaise',
  plat: 2,
  description: '',
  isPublished: false,
  updated: '2024-05-01T10:00:00Z',
  ingredients: [
    { ingredientId: PATES.id, quantity: qty(500, Unite.G, 4) },
    { ingredientId: TOMATES.id, quantity: qty(2, Unite.Pieces, 4) },
    { ingredientId: ECHALOTE.id, quantity: qty(1, Unite.Pieces, 4) },
  ],
};
const OTHER_RECIPE: Recipe = { ...PASTA, id: 22, name: 'Salade', ingredients: [] };

const G1 = group(1, 1, 10);
const G2 = group(2, 1, 5);
const G_OTHER_STAY = group(9, 2, 40);

const M_LUNCH = menu(
  31,
  [
    [LAIT.id, qty(1, Unite.L, 10)],
    [TOMATES.id, qty(1, Unite.Pieces, 15)],
  ],
  [PASTA.id],
);
// Tomatoes in kg here and in pièces in the recipe: the two never merge.
const M_DINNER = menu(
  32,
  [
    [TOMATES.id, qty(0.5, Unite.Kg, 8)],
    [FARINE.id, qty(200, Unite.G, 10)],
  ],
  [PASTA.id, 77], // 77: a recipe that does not exist
);
const M_DAY1 = menu(33, [
  [LAIT.id, qty(50, Unite.CL, 4)],
  [AIL.id, qty(3, Unite.Pieces, 8)],
  [88, qty(1, Unite.Kg, 1)], // 88: an ingredient that does not exist
]);
const M_DAY2 = menu(34, [[FARINE.id, qty(1, Unite.Kg, 1)]]);
const M_OTHER_STAY = menu(39, [[SEL.id, qty(1, Unite.Kg, 1)]], [OTHER_RECIPE.id]);

const LUNCH0 = meal(101, 1, 0, 1, M_LUNCH.id, [G1.id, G2.id]); // 15 people
const DINNER0 = meal(102, 1, 0, 3, M_DINNER.id, [G1.id], -2); // 8 people
const LUNCH1 = meal(103, 1, 1, 1, M_DAY1.id, [G2.id], 3); // 8 people
const BREAKFAST1 = meal(104, 1, 1, 0, 99, [G1.id]); // 99: a menu that does not exist
const LUNCH2 = meal(105, 1, 2, 1, M_DAY2.id, [G1.id]); // day 2: not chosen
const OTHER_STAY_MEAL = meal(109, 2, 0, 1, M_OTHER_STAY.id, [G_OTHER_STAY.id]);

const stayInput = (days: number[]): CompileInput => ({
  meals: [LUNCH1, DINNER0, LUNCH0, BREAKFAST1, LUNCH2],
  groups: [G1, G2],
  menus: [M_LUNCH, M_DINNER, M_DAY1, M_DAY2],
  recipes: [PASTA],
  ingredients: [AIL, TOMATES, PATES, FARINE, ECHALOTE, LAIT],
  days,
});

const names = (list: readonly { ingredient: Ingredient }[]): string[] =>
  list.map((i) => i.ingredient.name);

describe('mealPeople', () => {
  const groups = new Map([
    [G1.id, G1],
    [G2.id, G2],
  ]);
  it('adds the group sizes to the additional people', () => {
    expect(mealPeople(LUNCH0, groups)).toBe(15);
    expect(mealPeople(DINNER0, groups)).toBe(8);
  });
  it('ignores unknown groups and counts a listed group once', () => {
    expect(mealPeople(meal(1, 1, 0, 1, 31, [G1.id, 404, G1.id], 1), groups)).toBe(11);
  });
  it('may be negative', () => {
    expect(mealPeople(meal(1, 1, 0, 1, 31, [G2.id], -7), groups)).toBe(-2);
  });
});

describe('compileIngredients', () => {
  it('sums the chosen days per ingredient, sorted by kind then French name', () => {
    const result = compileIngredients(stayInput([0, 1]));

    expect(result.meals).toEqual({
      101: { day: 0, slot: 1 },
      102: { day: 0, slot: 3 },
      103: { day: 1, slot: 1 },
      104: { day: 1, slot: 0 },
    });
    // É sorts with E in French, before F.
    expect(names(result.ingredients)).toEqual([
      'Ail',
      'Tomates',
      'Pâtes',
      'Échalote',
      'Farine',
      'Lait',
    ]);
    const byName = new Map(result.ingredients.map((i) => [i.ingredient.name, i]));

    // Pasta 500 g for 4: lunch 15 people -> 1875 g, dinner 8 people -> 1000 g.
    expect(byName.get('Pâtes')?.total).toEqual({ pieces: 0, grams: 2875, centiliters: 0 });
    expect(byName.get('Pâtes')?.uses).toEqual([
      { mealId: 101, unite: Unite.G, val: 1875 },
      { mealId: 102, unite: Unite.G, val: 1000 },
    ]);
    expect(formatTotal(byName.get('Pâtes')!.total)).toBe('2,88 kg');

    // Lunch: 1 for 15 (menu) + 2 for 4 x 15 = 7,5 (recipe) = 8,5 pièces in one line.
    // Dinner: 0,5 kg for 8 (menu) and 2 for 4 x 8 = 4 pièces (recipe), never merged.
    expect(byName.get('Tomates')?.uses).toEqual([
      { mealId: 101, unite: Unite.Pieces, val: 8.5 },
      { mealId: 102, unite: Unite.Kg, val: 0.5 },
      { mealId: 102, unite: Unite.Pieces, val: 4 },
    ]);
    expect(byName.get('Tomates')?.total).toEqual({ pieces: 12.5, grams: 500, centiliters: 0 });
    expect(formatTotal(byName.get('Tomates')!.total)).toBe('12,50 pièces et 500 gr');

    // 1 for 4: 15/4 + 8/4 = 5,75.
    expect(byName.get('Échalote')?.total).toEqual({ pieces: 5.75, grams: 0, centiliters: 0 });
    // 200 g for 10 at dinner (8 people): 160 g; day 2 is not chosen.
    expect(byName.get('Farine')?.total).toEqual({ pieces: 0, grams: 160, centiliters: 0 });
    // 1 L for 10 x 15 = 150 cL, 50 cL for 4 x 8 = 100 cL.
    expect(byName.get('Lait')?.uses).toEqual([
      { mealId: 101, unite: Unite.L, val: 1.5 },
      { mealId: 103, unite: Unite.CL, val: 100 },
    ]);
    expect(formatTotal(byName.get('Lait')!.total)).toBe('2,50 L');
    expect(byName.get('Ail')?.total).toEqual({ pieces: 3, grams: 0, centiliters: 0 });
  });

  it('takes only the chosen days', () => {
    const result = compileIngredients(stayInput([2]));
    expect(result.meals).toEqual({ 105: { day: 2, slot: 1 } });
    expect(result.ingredients).toEqual([
      {
        ingredient: FARINE,
        uses: [{ mealId: 105, unite: Unite.Kg, val: 10 }],
        total: { pieces: 0, grams: 10000, centiliters: 0 },
      },
    ]);
  });

  it('needs nothing for a meal whose people count is negative', () => {
    const input = stayInput([2]);
    input.meals = [{ ...LUNCH2, additionalPeople: -12 }];
    expect(compileIngredients(input).ingredients[0]?.total).toEqual({
      pieces: 0,
      grams: 0,
      centiliters: 0,
    });
  });

  it('gives nothing for an empty stay', () => {
    const empty = { meals: [], groups: [], menus: [], recipes: [], ingredients: [], days: [0] };
    expect(compileIngredients(empty)).toEqual({ meals: {}, ingredients: [] });
  });

  it('names the ingredient whose stored quantity cannot be scaled', () => {
    const input = stayInput([2]);
    input.menus = [menu(34, [[FARINE.id, qty(1, Unite.Kg, 0)]])];
    expect(() => compileIngredients(input)).toThrow(DomainError);
    expect(() => compileIngredients(input)).toThrow(
      'Farine : La quantité doit être donnée pour au moins une personne.',
    );
  });
});

describe('fixed quantities in a compile (issue 21)', () => {
  it('counts a fixed line once per meal eaten, whatever its people', () => {
    // A bottle of oil per meal, for lunch (15 people) and dinner (8): 2 L, not scaled.
    const oil = { ...qty(1, Unite.L, 10), fixed: true };
    const lunch = menu(41, [[SEL.id, oil]]);
    const dinner = menu(42, [[SEL.id, oil]]);
    const result = compileIngredients({
      ...stayInput([0]),
      meals: [
        { ...LUNCH0, menuId: lunch.id },
        { ...DINNER0, menuId: dinner.id },
      ],
      menus: [lunch, dinner],
      ingredients: [SEL],
    });
    const sel = result.ingredients.find((i) => i.ingredient.id === SEL.id)!;
    expect(sel.uses).toEqual([
      { mealId: 101, unite: Unite.L, val: 1 },
      { mealId: 102, unite: Unite.L, val: 1 },
    ]);
    expect(sel.total).toEqual({ pieces: 0, grams: 0, centiliters: 200 });
  });
});

describe('groupByKind', () => {
  it('groups consecutive categories in category order, leaving empty ones out', () => {
    const groups = groupByKind(compileIngredients(stayInput([0, 1])).ingredients);
    expect(groups.map((g) => [g.kind, names(g.ingredients)])).toEqual([
      [1, ['Ail', 'Tomates']],
      [2, ['Pâtes']],
      [4, ['Échalote', 'Farine']],
      [5, ['Lait']],
    ]);
  });
  it('gives no group for an empty list', () => {
    expect(groupByKind([])).toEqual([]);
  });
});

describe('previewMeal', () => {
  const rows = stayInput([]);
  it('gives the people and the totals of one meal, sorted by kind then name', () => {
    const preview = previewMeal({ ...rows, meal: DINNER0 });
    expect(preview.people).toBe(8);
    expect(preview.ingredients).toEqual([
      { ingredient: TOMATES, total: { pieces: 4, grams: 500, centiliters: 0 } },
      { ingredient: PATES, total: { pieces: 0, grams: 1000, centiliters: 0 } },
      { ingredient: ECHALOTE, total: { pieces: 2, grams: 0, centiliters: 0 } },
      { ingredient: FARINE, total: { pieces: 0, grams: 160, centiliters: 0 } },
    ]);
  });
  it('keeps a negative head count visible but needs nothing', () => {
    const preview = previewMeal({ ...rows, meal: { ...LUNCH1, additionalPeople: -7 } });
    expect(preview.people).toBe(-2);
    expect(preview.ingredients).toEqual([
      { ingredient: AIL, total: { pieces: 0, grams: 0, centiliters: 0 } },
      { ingredient: LAIT, total: { pieces: 0, grams: 0, centiliters: 0 } },
    ]);
  });
  it('gives an empty list for a meal whose menu is missing', () => {
    expect(previewMeal({ ...rows, meal: BREAKFAST1 })).toEqual({ people: 10, ingredients: [] });
  });
});

describe('loaders over a store', () => {
  async function filledStore(): Promise<MemoryStore> {
    const store = new MemoryStore();
    for (const g of [G1, G2, G_OTHER_STAY]) await store.put('groups', g);
    for (const r of [PASTA, OTHER_RECIPE]) await store.put('recipes', r);
    for (const i of [AIL, TOMATES, PATES, FARINE, ECHALOTE, LAIT, SEL]) {
      await store.put('ingredients', i);
    }
    for (const m of [M_LUNCH, M_DINNER, M_DAY1, M_DAY2, M_OTHER_STAY]) {
      await store.put('menus', m);
    }
    for (const m of [LUNCH0, DINNER0, LUNCH1, BREAKFAST1, LUNCH2, OTHER_STAY_MEAL]) {
      await store.put('meals', m);
    }
    return store;
  }
  const ids = (rows: { id: Id }[]): Id[] => rows.map((r) => r.id).sort((a, b) => a - b);

  it('reads only the rows of the stay and the chosen days', async () => {
    const input = await loadCompileInput(await filledStore(), 1, [0, 1, 1]);
    expect(ids(input.meals)).toEqual([101, 102, 103, 104]);
    expect(ids(input.groups)).toEqual([1, 2]);
    expect(ids(input.menus)).toEqual([31, 32, 33]);
    expect(ids(input.recipes)).toEqual([21]);
    expect(ids(input.ingredients)).toEqual([11, 12, 13, 14, 15, 16]);
    expect(input.days).toEqual([0, 1]);
    expect(compileIngredients(input)).toEqual(compileIngredients(stayInput([0, 1])));
  });

  it('loads nothing for an empty stay', async () => {
    const input = await loadCompileInput(new MemoryStore(), 1, [0]);
    expect(input).toEqual({
      meals: [],
      groups: [],
      menus: [],
      recipes: [],
      ingredients: [],
      days: [0],
    });
  });

  it('reads one meal and what its quantities depend on', async () => {
    const input = await loadMealPreviewInput(await filledStore(), DINNER0.id);
    expect(input.meal).toEqual(DINNER0);
    expect(ids(input.groups)).toEqual([1]);
    expect(ids(input.menus)).toEqual([32]);
    expect(ids(input.recipes)).toEqual([21]);
    expect(ids(input.ingredients)).toEqual([12, 13, 14, 15]);
    expect(previewMeal(input)).toEqual(previewMeal({ ...stayInput([]), meal: DINNER0 }));
  });

  it('refuses a meal that does not exist', async () => {
    const load = loadMealPreviewInput(new MemoryStore(), 404);
    await expect(load).rejects.toThrow(DomainError);
    await expect(load).rejects.toMatchObject({
      code: 'not_found',
      message: "Ce repas n'existe pas.",
    });
  });
});
