/**
 * Alternatives in a meal (issue 20), with values: the split of quantities between the menu and
 * the alternatives (compile, preview), the loaders that fetch the alternatives' recipes, and
 * the warnings an alternative takes away, leaves or raises.
 */
import { describe, expect, it } from 'vitest';
import {
  Allergen,
  Diet,
  DietFact,
  mealWarnings,
  warningText,
  warningsOfDays,
  warningsOfMeal,
  type Dish,
} from './allergens.js';
import {
  alternativeRecipeIds,
  compileIngredients,
  loadCompileInput,
  loadMealPreviewInput,
  mealShares,
  previewMeal,
  type CompileInput,
} from './compile.js';
import type {
  Group,
  GroupNeeds,
  Id,
  Ingredient,
  Meal,
  MealAlternative,
  Menu,
  Quantity,
  Recipe,
} from './entities.js';
import { Horaire, Plat, Unite } from './enums.js';
import { MemoryStore } from './memory-store.js';

const OWNER = 7;
const STAY = 1;

const qty = (val: number, unite: Quantity['unite'], forPeople: number): Quantity => ({
  val,
  unite,
  forPeople,
});
const ingredient = (id: Id, name: string, over: Partial<Ingredient> = {}): Ingredient => ({
  id,
  name,
  kind: 1,
  owner: null,
  ...over,
});
const recipe = (id: Id, name: string, ingredients: [Id, Quantity][]): Recipe => ({
  id,
  owner: OWNER,
  name,
  plat: Plat.PlatPrincipal,
  description: '',
  isPublished: false,
  updated: '2024-05-01T10:00:00Z',
  ingredients: ingredients.map(([ingredientId, quantity]) => ({ ingredientId, quantity })),
});
const menu = (id: Id, recipeIds: Id[], ingredients: [Id, Quantity][] = []): Menu => ({
  id,
  owner: OWNER,
  isFavorite: false,
  isPublished: false,
  updated: '2024-05-01T10:00:00Z',
  ingredients: ingredients.map(([ingredientId, quantity]) => ({
    ingredientId,
    quantity,
    plat: Plat.Entree,
  })),
  recipeIds,
});
const group = (id: Id, size: number, needs?: GroupNeeds): Group => ({
  id,
  stayId: STAY,
  owner: OWNER,
  name: `Groupe ${id}`,
  color: '#AF0853',
  size,
  ...(needs ? { needs } : {}),
});
const meal = (id: Id, menuId: Id, over: Partial<Meal> = {}): Meal => ({
  id,
  stayId: STAY,
  owner: OWNER,
  menuId,
  day: 0,
  slot: Horaire.Midi,
  additionalPeople: 0,
  groupIds: [],
  ...over,
});
const forPeanuts = (people: number, recipeIds: Id[]): MealAlternative => ({
  kind: 'allergen',
  code: Allergen.Arachides,
  people,
  recipeIds,
});
const forVegetarians = (people: number, recipeIds: Id[]): MealAlternative => ({
  kind: 'diet',
  code: Diet.Vegetarien,
  people,
  recipeIds,
});

// Chicken satay for 10 (peanuts, meat); a vegetable gratin for 4 (milk); a ham quiche for 4.
const POULET = ingredient(11, 'Poulet', { diet: [DietFact.Viande] });
const SAUCE = ingredient(12, 'Sauce arachide', { allergens: [Allergen.Arachides] });
const COURGETTE = ingredient(13, 'Courgette');
const CREME = ingredient(14, 'Crème', { allergens: [Allergen.Lait] });
const JAMBON = ingredient(15, 'Jambon', { diet: [DietFact.Porc] });
const PAIN = ingredient(16, 'Pain', { allergens: [Allergen.Gluten] });
const SEL = ingredient(17, 'Sel');
const INGREDIENTS = [POULET, SAUCE, COURGETTE, CREME, JAMBON, PAIN, SEL];

const SATAY = recipe(21, 'Poulet satay', [
  [POULET.id, qty(1000, Unite.G, 10)],
  [SAUCE.id, qty(200, Unite.G, 10)],
  [SEL.id, qty(10, Unite.G, 10)],
]);
const GRATIN = recipe(22, 'Gratin de courgettes', [
  [COURGETTE.id, qty(4, Unite.Pieces, 4)],
  [CREME.id, qty(20, Unite.CL, 4)],
  // Salt here too: the meal's two uses of it make one line.
  [SEL.id, qty(4, Unite.G, 4)],
]);
const QUICHE = recipe(23, 'Quiche au jambon', [[JAMBON.id, qty(200, Unite.G, 4)]]);
const RECIPES = [SATAY, GRATIN, QUICHE];

// The menu: the satay and bread for 10 (1 piece each).
const MENU = menu(31, [SATAY.id], [[PAIN.id, qty(10, Unite.Pieces, 10)]]);

const input = (meals: Meal[], groups: Group[], days = [0, 1]): CompileInput => ({
  meals,
  groups,
  menus: [MENU],
  recipes: RECIPES,
  ingredients: INGREDIENTS,
  days,
});
const byId = <T extends { id: Id }>(rows: readonly T[]) => new Map(rows.map((r) => [r.id, r]));
const lineOf = (result: ReturnType<typeof compileIngredients>, ingredientId: Id) =>
  result.ingredients.find((i) => i.ingredient.id === ingredientId);

describe('mealShares: who eats the menu, who each alternative', () => {
  const groups = byId([group(1, 15), group(2, 5)]);

  it('the menu for the meal’s people less those of the alternatives', () => {
    expect(
      mealShares(
        { groupIds: [1, 2], additionalPeople: 0, alternatives: [forPeanuts(2, [22])] },
        groups,
      ),
    ).toEqual({ menu: 18, alternatives: [2] });
    expect(
      mealShares(
        {
          groupIds: [1, 2],
          additionalPeople: 3,
          alternatives: [forPeanuts(2, [22]), forVegetarians(4, [22])],
        },
        groups,
      ),
    ).toEqual({ menu: 17, alternatives: [2, 4] });
  });

  it('without alternatives, the menu for everyone', () => {
    expect(mealShares({ groupIds: [1, 2], additionalPeople: 1 }, groups)).toEqual({
      menu: 21,
      alternatives: [],
    });
  });

  it('alternatives for more people than the meal has: the menu for nobody, never fewer', () => {
    expect(
      mealShares(
        {
          groupIds: [2],
          additionalPeople: 0,
          alternatives: [forPeanuts(4, [22]), forVegetarians(3, [23])],
        },
        groups,
      ),
    ).toEqual({ menu: 0, alternatives: [4, 3] });
    // A meal counted below zero (a negative correction) with an alternative: still nobody.
    expect(
      mealShares(
        { groupIds: [], additionalPeople: -5, alternatives: [forPeanuts(2, [22])] },
        groups,
      ),
    ).toEqual({ menu: 0, alternatives: [2] });
  });

  it('a negative count of an alternative (a malformed row) counts as nobody', () => {
    expect(
      mealShares(
        { groupIds: [1], additionalPeople: 0, alternatives: [forPeanuts(-3, [22])] },
        groups,
      ),
    ).toEqual({ menu: 15, alternatives: [0] });
  });
});

describe('compileIngredients with alternatives', () => {
  it('20 people, an alternative for 2: the menu for 18, the alternative’s recipe for 2', () => {
    const lunch = meal(41, MENU.id, { groupIds: [1], alternatives: [forPeanuts(2, [GRATIN.id])] });
    const result = compileIngredients(input([lunch], [group(1, 20)]));

    // Menu for 18: 1800 g of chicken, 360 g of sauce, 18 pieces of bread.
    expect(lineOf(result, POULET.id)?.total).toEqual({ pieces: 0, grams: 1800, centiliters: 0 });
    expect(lineOf(result, SAUCE.id)?.total).toEqual({ pieces: 0, grams: 360, centiliters: 0 });
    expect(lineOf(result, PAIN.id)?.total).toEqual({ pieces: 18, grams: 0, centiliters: 0 });
    // Gratin for 2: 2 courgettes, 10 cL of cream, 2 g of salt.
    expect(lineOf(result, COURGETTE.id)?.total).toEqual({ pieces: 2, grams: 0, centiliters: 0 });
    expect(lineOf(result, CREME.id)?.total).toEqual({ pieces: 0, grams: 0, centiliters: 10 });
    // Salt: 18 g for the menu and 2 g for the alternative, one use for the meal.
    expect(lineOf(result, SEL.id)).toEqual({
      ingredient: SEL,
      total: { pieces: 0, grams: 20, centiliters: 0 },
      uses: [{ mealId: lunch.id, unite: Unite.G, val: 20 }],
    });
    // The quiche is no part of the meal.
    expect(lineOf(result, JAMBON.id)).toBeUndefined();
    expect(result.meals).toEqual({ [lunch.id]: { day: 0, slot: Horaire.Midi } });
  });

  it('uses per meal: a meal with an alternative beside one without', () => {
    const lunch = meal(41, MENU.id, { groupIds: [1], alternatives: [forPeanuts(2, [GRATIN.id])] });
    const dinner = meal(42, MENU.id, { groupIds: [1], slot: Horaire.Diner });
    const result = compileIngredients(input([dinner, lunch], [group(1, 20)]));

    expect(lineOf(result, POULET.id)).toMatchObject({
      total: { grams: 1800 + 2000 },
      uses: [
        { mealId: lunch.id, unite: Unite.G, val: 1800 },
        { mealId: dinner.id, unite: Unite.G, val: 2000 },
      ],
    });
    expect(lineOf(result, SEL.id)?.uses).toEqual([
      { mealId: lunch.id, unite: Unite.G, val: 18 + 2 },
      { mealId: dinner.id, unite: Unite.G, val: 20 },
    ]);
    expect(lineOf(result, SAUCE.id)?.uses).toEqual([
      { mealId: lunch.id, unite: Unite.G, val: 360 },
      { mealId: dinner.id, unite: Unite.G, val: 400 },
    ]);
    // Only the lunch has courgettes.
    expect(lineOf(result, COURGETTE.id)?.uses).toEqual([
      { mealId: lunch.id, unite: Unite.Pieces, val: 2 },
    ]);
  });

  it('two alternatives, each for its people; the menu for the rest', () => {
    const lunch = meal(41, MENU.id, {
      groupIds: [1],
      additionalPeople: 2,
      alternatives: [forPeanuts(3, [GRATIN.id]), forVegetarians(4, [GRATIN.id, QUICHE.id])],
    });
    const result = compileIngredients(input([lunch], [group(1, 20)]));
    // 22 people: menu for 15, gratin for 3 + 4, quiche for 4.
    expect(lineOf(result, SAUCE.id)?.total.grams).toBe(300);
    expect(lineOf(result, COURGETTE.id)?.total.pieces).toBe(7);
    expect(lineOf(result, JAMBON.id)?.total.grams).toBe(200);
    expect(lineOf(result, POULET.id)?.total.grams).toBe(1500);
    expect(lineOf(result, SEL.id)?.total.grams).toBe(15 + 7);
  });

  it('alternatives for more people than the meal: the menu for 0, the alternatives in full', () => {
    const lunch = meal(41, MENU.id, {
      groupIds: [1],
      alternatives: [forPeanuts(6, [GRATIN.id])],
    });
    const result = compileIngredients(input([lunch], [group(1, 4)]));
    expect(lineOf(result, SAUCE.id)?.total).toEqual({ pieces: 0, grams: 0, centiliters: 0 });
    expect(lineOf(result, PAIN.id)?.uses).toEqual([
      { mealId: lunch.id, unite: Unite.Pieces, val: 0 },
    ]);
    // Nothing negative anywhere: the gratin for 6 only.
    expect(lineOf(result, POULET.id)?.total.grams).toBe(0);
    expect(lineOf(result, SEL.id)?.total.grams).toBe(6);
    expect(lineOf(result, COURGETTE.id)?.total.pieces).toBe(6);
    for (const line of result.ingredients) {
      for (const use of line.uses) expect(use.val).toBeGreaterThanOrEqual(0);
    }
  });

  it('an alternative whose recipe is not loaded is skipped; the menu still gives way', () => {
    const lunch = meal(41, MENU.id, { groupIds: [1], alternatives: [forPeanuts(2, [999])] });
    const result = compileIngredients(input([lunch], [group(1, 20)]));
    expect(lineOf(result, SAUCE.id)?.total.grams).toBe(360);
    expect(lineOf(result, COURGETTE.id)).toBeUndefined();
  });

  it('an alternative for 0 people adds nothing and takes nobody from the menu', () => {
    const lunch = meal(41, MENU.id, { groupIds: [1], alternatives: [forPeanuts(0, [QUICHE.id])] });
    const result = compileIngredients(input([lunch], [group(1, 20)]));
    expect(lineOf(result, SAUCE.id)?.total.grams).toBe(400);
    expect(lineOf(result, JAMBON.id)?.total.grams).toBe(0);
  });

  it('a meal of a day not chosen brings neither its menu nor its alternative', () => {
    const lunch = meal(41, MENU.id, { groupIds: [1] });
    const other = meal(42, MENU.id, {
      day: 1,
      groupIds: [1],
      alternatives: [forVegetarians(2, [QUICHE.id])],
    });
    const result = compileIngredients(input([lunch, other], [group(1, 20)], [0]));
    expect(lineOf(result, JAMBON.id)).toBeUndefined();
    expect(lineOf(result, SAUCE.id)?.total.grams).toBe(400);
  });
});

describe('previewMeal with alternatives', () => {
  it('tells the meal’s people in full and splits the quantities', () => {
    const lunch = meal(41, MENU.id, {
      groupIds: [1, 2],
      alternatives: [forVegetarians(5, [GRATIN.id])],
    });
    const preview = previewMeal({
      meal: lunch,
      groups: [group(1, 15), group(2, 10)],
      menus: [MENU],
      recipes: RECIPES,
      ingredients: INGREDIENTS,
    });
    expect(preview.people).toBe(25);
    const totals = Object.fromEntries(
      preview.ingredients.map(({ ingredient, total }) => [ingredient.name, total]),
    );
    expect(totals).toEqual({
      Courgette: { pieces: 5, grams: 0, centiliters: 0 },
      Crème: { pieces: 0, grams: 0, centiliters: 25 },
      Pain: { pieces: 20, grams: 0, centiliters: 0 },
      Poulet: { pieces: 0, grams: 2000, centiliters: 0 },
      'Sauce arachide': { pieces: 0, grams: 400, centiliters: 0 },
      Sel: { pieces: 0, grams: 20 + 5, centiliters: 0 },
    });
  });

  it('a meal of 3 with alternatives for 5: people 3, the menu for nobody', () => {
    const lunch = meal(41, MENU.id, {
      additionalPeople: 3,
      alternatives: [forVegetarians(5, [QUICHE.id])],
    });
    const preview = previewMeal({
      meal: lunch,
      groups: [],
      menus: [MENU],
      recipes: RECIPES,
      ingredients: INGREDIENTS,
    });
    expect(preview.people).toBe(3);
    const totals = Object.fromEntries(
      preview.ingredients.map(({ ingredient, total }) => [ingredient.name, total]),
    );
    expect(totals['Sauce arachide']).toEqual({ pieces: 0, grams: 0, centiliters: 0 });
    expect(totals.Jambon).toEqual({ pieces: 0, grams: 250, centiliters: 0 });
  });
});

describe('the loaders fetch the alternatives’ recipes and their ingredients', () => {
  async function storeWithStay() {
    const store = new MemoryStore();
    for (const i of INGREDIENTS) await store.put('ingredients', i);
    for (const r of RECIPES) await store.put('recipes', r);
    // A recipe of nobody's meal: never loaded.
    await store.put('recipes', recipe(24, 'Tarte', [[PAIN.id, qty(1, Unite.Pieces, 1)]]));
    await store.put('menus', MENU);
    await store.put('groups', group(1, 20));
    const lunch = meal(41, MENU.id, {
      groupIds: [1],
      alternatives: [forPeanuts(2, [GRATIN.id])],
    });
    const dinner = meal(42, MENU.id, {
      day: 1,
      groupIds: [1],
      alternatives: [forVegetarians(3, [QUICHE.id])],
    });
    await store.put('meals', lunch);
    await store.put('meals', dinner);
    return { store, lunch, dinner };
  }

  it('alternativeRecipeIds lists the recipes of every alternative of the meals', () => {
    expect(
      alternativeRecipeIds([
        meal(1, 1, { alternatives: [forPeanuts(1, [5, 6]), forVegetarians(1, [7])] }),
        meal(2, 1),
        meal(3, 1, { alternatives: [forPeanuts(1, [5])] }),
      ]),
    ).toEqual([5, 6, 7, 5]);
  });

  it('loadCompileInput: the chosen days’ alternatives’ recipes and their ingredients', async () => {
    const { store, lunch } = await storeWithStay();
    const loaded = await loadCompileInput(store, STAY, [0]);
    expect(loaded.meals.map((m) => m.id)).toEqual([lunch.id]);
    expect(loaded.recipes.map((r) => r.id).sort()).toEqual([SATAY.id, GRATIN.id]);
    expect(loaded.ingredients.map((i) => i.id).sort()).toEqual(
      [POULET.id, SAUCE.id, COURGETTE.id, CREME.id, PAIN.id, SEL.id].sort(),
    );
    const result = compileIngredients(loaded);
    expect(lineOf(result, COURGETTE.id)?.total.pieces).toBe(2);
    expect(lineOf(result, SAUCE.id)?.total.grams).toBe(360);
  });

  it('loadCompileInput over both days: each day’s alternative, no recipe twice', async () => {
    const { store } = await storeWithStay();
    const loaded = await loadCompileInput(store, STAY, [0, 1]);
    expect(loaded.recipes.map((r) => r.id).sort()).toEqual([SATAY.id, GRATIN.id, QUICHE.id]);
    expect(loaded.ingredients.map((i) => i.id)).toContain(JAMBON.id);
    const result = compileIngredients(loaded);
    // 360 g at lunch (for 18), 340 g at dinner (for 17).
    expect(lineOf(result, SAUCE.id)?.total.grams).toBe(360 + 340);
    expect(lineOf(result, JAMBON.id)?.total.grams).toBe(150);
  });

  it('loadMealPreviewInput: the meal’s alternative’s recipe and ingredients', async () => {
    const { store, dinner } = await storeWithStay();
    const loaded = await loadMealPreviewInput(store, dinner.id);
    expect(loaded.recipes.map((r) => r.id).sort()).toEqual([SATAY.id, QUICHE.id]);
    expect(loaded.ingredients.map((i) => i.id)).toContain(JAMBON.id);
    const preview = previewMeal(loaded);
    expect(preview.people).toBe(20);
    const ham = preview.ingredients.find((i) => i.ingredient.id === JAMBON.id);
    expect(ham?.total.grams).toBe(150);
  });

  it('a recipe of an alternative that is gone is left out, the rest loads', async () => {
    const { store, lunch } = await storeWithStay();
    await store.put('meals', { ...lunch, alternatives: [forPeanuts(2, [GRATIN.id, 777])] });
    const loaded = await loadCompileInput(store, STAY, [0]);
    expect(loaded.recipes.map((r) => r.id).sort()).toEqual([SATAY.id, GRATIN.id]);
  });
});

describe('warnings with alternatives', () => {
  // 20 people: 3 allergic to peanuts, 2 vegetarians.
  const needs: GroupNeeds = {
    diets: { [Diet.Vegetarien]: 2 },
    allergies: { [Allergen.Arachides]: 3 },
    notes: '',
  };
  const groups = byId([group(1, 20, needs)]);
  const recipes = byId(RECIPES);
  const ingredients = byId(INGREDIENTS);
  const warnings = (alternatives?: MealAlternative[]) =>
    warningsOfMeal(
      meal(41, MENU.id, { groupIds: [1], ...(alternatives ? { alternatives } : {}) }),
      MENU,
      groups,
      recipes,
      ingredients,
    ).map(warningText);

  it('without an alternative: the allergic people and the vegetarians', () => {
    expect(warnings()).toEqual([
      '2 personnes végétariennes : Poulet satay',
      '3 personnes allergiques aux arachides : Poulet satay',
    ]);
  });

  it('an alternative for all of the allergic people: their warning goes, the others stay', () => {
    expect(warnings([forPeanuts(3, [GRATIN.id])])).toEqual([
      '2 personnes végétariennes : Poulet satay',
    ]);
    // For more people than counted: covered all the same.
    expect(warnings([forPeanuts(5, [GRATIN.id])])).toEqual([
      '2 personnes végétariennes : Poulet satay',
    ]);
  });

  it('an alternative for some of them: the others are still warned of', () => {
    expect(warnings([forPeanuts(2, [GRATIN.id])])).toEqual([
      '2 personnes végétariennes : Poulet satay',
      '1 personne allergique aux arachides : Poulet satay',
    ]);
  });

  it('both covered: no warning at all', () => {
    expect(warnings([forVegetarians(2, [GRATIN.id]), forPeanuts(3, [GRATIN.id])])).toEqual([]);
  });

  it('an alternative that does not suit its people warns, naming its own dishes', () => {
    // Ham quiche for the vegetarians: they are covered from the satay but not by the quiche.
    expect(
      warnings([forVegetarians(2, [QUICHE.id, GRATIN.id]), forPeanuts(3, [GRATIN.id])]),
    ).toEqual(['2 personnes végétariennes : Quiche au jambon']);
    // The satay itself offered to the allergic people: they are warned of it, as theirs.
    expect(warnings([forVegetarians(2, [GRATIN.id]), forPeanuts(1, [SATAY.id])])).toEqual([
      '2 personnes allergiques aux arachides : Poulet satay',
      '1 personne allergique aux arachides : Poulet satay',
    ]);
  });

  it('an unsuitable alternative for more people than counted warns for those counted', () => {
    const list = warningsOfMeal(
      meal(41, MENU.id, { groupIds: [1], alternatives: [forVegetarians(6, [QUICHE.id])] }),
      MENU,
      groups,
      recipes,
      ingredients,
    );
    expect(list).toContainEqual({
      people: 2,
      reason: { diet: Diet.Vegetarien },
      dishes: ['Quiche au jambon'],
    });
  });

  it('an alternative for nobody counted, or for another reason, changes nothing', () => {
    // Sans porc: nobody of the meal follows it; its ham quiche warns nobody either.
    const noPork: MealAlternative = {
      kind: 'diet',
      code: Diet.SansPorc,
      people: 2,
      recipeIds: [QUICHE.id],
    };
    expect(warnings([noPork])).toEqual(warnings());
    // Allergy to milk: nobody counted.
    const milk: MealAlternative = {
      kind: 'allergen',
      code: Allergen.Lait,
      people: 3,
      recipeIds: [GRATIN.id],
    };
    expect(warnings([milk])).toEqual(warnings());
  });

  it('an alternative for 0 people covers nobody and is not warned of', () => {
    expect(warnings([forPeanuts(0, [SATAY.id])])).toEqual(warnings());
  });

  it('mealWarnings with dishes given: the alternatives’ dishes by position', () => {
    const dish = (name: string, allergens: Allergen[]): Dish => ({
      name,
      facts: { allergens: new Set(allergens), facts: new Set() },
    });
    const list = mealWarnings(
      {
        groupIds: [1],
        alternatives: [forVegetarians(2, [1]), forPeanuts(3, [2])],
      },
      groups,
      [dish('Riz', [])],
      [[dish('Salade', [])], [dish('Cacahuètes', [Allergen.Arachides])]],
    );
    expect(list).toEqual([
      { people: 3, reason: { allergen: Allergen.Arachides }, dishes: ['Cacahuètes'] },
    ]);
  });

  it('warningsOfDays over the loaded days: the alternatives’ recipes are read too', async () => {
    const store = new MemoryStore();
    for (const i of INGREDIENTS) await store.put('ingredients', i);
    for (const r of RECIPES) await store.put('recipes', r);
    await store.put('menus', MENU);
    await store.put('groups', group(1, 20, needs));
    // Lunch: both covered, the vegetarians by the ham quiche. Dinner: nothing covered.
    await store.put(
      'meals',
      meal(41, MENU.id, {
        groupIds: [1],
        alternatives: [forVegetarians(2, [QUICHE.id]), forPeanuts(3, [GRATIN.id])],
      }),
    );
    await store.put('meals', meal(42, MENU.id, { groupIds: [1], slot: Horaire.Diner }));

    const days = warningsOfDays(await loadCompileInput(store, STAY, [0]));
    expect(days.map(({ meal: m, warnings: w }) => [m.id, w.map(warningText)])).toEqual([
      [41, ['2 personnes végétariennes : Quiche au jambon']],
      [
        42,
        [
          '2 personnes végétariennes : Poulet satay',
          '3 personnes allergiques aux arachides : Poulet satay',
        ],
      ],
    ]);
  });
});
