import { describe, expect, it } from 'vitest';
import {
  ALLERGENS,
  ALLERGEN_LABELS,
  ALLERGIC_TO,
  Allergen,
  DIETS,
  DIET_FACTS,
  Diet,
  DietFact,
  alternativeDishes,
  alternativeTitle,
  dishesOf,
  factsOf,
  impliedFacts,
  isFor,
  mealNeeds,
  mealWarnings,
  reasonOf,
  sortedAllergens,
  suitsDiet,
  tidyNeeds,
  warningText,
  warningsOfDays,
  warningsOfMeal,
  whoText,
  type Dish,
  type MealWarning,
} from './allergens.js';
import type {
  Group,
  GroupNeeds,
  Id,
  Ingredient,
  Meal,
  MealAlternative,
  Menu,
  Recipe,
} from './entities.js';
import { Horaire, Plat, Unite } from './enums.js';

const { Viande, Porc, Poisson, Animal, Alcool } = DietFact;

const sorted = (set: ReadonlySet<number>): number[] => [...set].sort((a, b) => a - b);
const facts = (...f: DietFact[]): Set<DietFact> => new Set(f);

let nextId = 1;
const ingredient = (name: string, allergens?: number[], diet?: number[]): Ingredient => ({
  id: nextId++,
  name,
  kind: 0,
  owner: null,
  ...(allergens ? { allergens } : {}),
  ...(diet ? { diet } : {}),
});
const byId = <T extends { id: Id }>(rows: readonly T[]): Map<Id, T> =>
  new Map(rows.map((r) => [r.id, r]));
const quantity = { val: 1, unite: Unite.Kg, forPeople: 10 };
const recipe = (id: Id, name: string, ingredients: readonly Ingredient[]): Recipe => ({
  id,
  owner: 1,
  name,
  plat: Plat.PlatPrincipal,
  description: '',
  isPublished: false,
  updated: '2024-05-01T10:00:00.000Z',
  ingredients: ingredients.map((i) => ({ ingredientId: i.id, quantity })),
});
const menuOf = (recipeIds: Id[], ingredients: readonly Ingredient[] = []) => ({
  recipeIds,
  ingredients: ingredients.map((i) => ({ ingredientId: i.id, quantity, plat: Plat.Autre })),
});
const group = (id: Id, needs?: Partial<GroupNeeds>): Group => ({
  id,
  stayId: 1,
  owner: 1,
  name: `Groupe ${id}`,
  color: '#AF0853',
  size: 20,
  ...(needs ? { needs: { diets: {}, allergies: {}, notes: '', ...needs } } : {}),
});
const dish = (name: string, allergens: number[], diet: number[] = []): Dish => ({
  name,
  facts: factsOf([{ allergens, diet }]),
});

describe('the codes', () => {
  it('are the 14 allergens of annex II and the 5 diet facts, in a fixed order', () => {
    expect(ALLERGENS).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(ALLERGEN_LABELS[Allergen.Gluten]).toBe('Céréales contenant du gluten');
    expect(ALLERGEN_LABELS[Allergen.Sulfites]).toBe('Anhydride sulfureux et sulfites');
    expect(ALLERGEN_LABELS[Allergen.Mollusques]).toBe('Mollusques');
    expect(ALLERGIC_TO[Allergen.Moutarde]).toBe('à la moutarde');
    expect(DIET_FACTS).toEqual([0, 1, 2, 3, 4]);
    expect(DIETS).toEqual([0, 1, 2, 3]);
  });

  it('sorts allergens in the regulation order', () => {
    expect(sortedAllergens(new Set([Allergen.Mollusques, Allergen.Gluten, Allergen.Lait]))).toEqual(
      [0, 6, 13],
    );
    expect(sortedAllergens(new Set())).toEqual([]);
  });
});

describe('impliedFacts', () => {
  it('adds meat to pork, and animal origin to meat and fish', () => {
    expect(sorted(impliedFacts([Porc]))).toEqual([Viande, Porc, Animal]);
    expect(sorted(impliedFacts([Viande]))).toEqual([Viande, Animal]);
    expect(sorted(impliedFacts([Poisson]))).toEqual([Poisson, Animal]);
  });

  it('adds nothing to an animal product, alcohol or nothing', () => {
    expect(sorted(impliedFacts([Animal]))).toEqual([Animal]);
    expect(sorted(impliedFacts([Alcool]))).toEqual([Alcool]);
    expect(sorted(impliedFacts([]))).toEqual([]);
    expect(sorted(impliedFacts([Alcool, Poisson]))).toEqual([Poisson, Animal, Alcool]);
  });
});

describe('suitsDiet', () => {
  const table: [string, Set<DietFact>, boolean[]][] = [
    // [what, facts, suits: végétarien, sans porc, sans viande, végétalien]
    ['nothing', facts(), [true, true, true, true]],
    ['meat', facts(Viande), [false, true, false, false]],
    ['pork', facts(Porc), [false, false, false, false]],
    ['fish', facts(Poisson), [false, true, true, false]],
    ['dairy or eggs', facts(Animal), [true, true, true, false]],
    ['alcohol', facts(Alcool), [true, true, true, true]],
    ['meat and fish', facts(Viande, Poisson), [false, true, false, false]],
  ];
  for (const [what, given, expected] of table) {
    it(`${what}: ${JSON.stringify(expected)}`, () => {
      expect(DIETS.map((diet) => suitsDiet(given, diet))).toEqual(expected);
    });
  }

  it('vegetarian refuses meat, pork and fish; accepts dairy and eggs', () => {
    expect(suitsDiet(facts(Viande), Diet.Vegetarien)).toBe(false);
    expect(suitsDiet(facts(Porc), Diet.Vegetarien)).toBe(false);
    expect(suitsDiet(facts(Poisson), Diet.Vegetarien)).toBe(false);
    expect(suitsDiet(facts(Animal), Diet.Vegetarien)).toBe(true);
  });

  it('sans porc refuses only pork', () => {
    expect(suitsDiet(facts(Porc), Diet.SansPorc)).toBe(false);
    expect(suitsDiet(facts(Viande), Diet.SansPorc)).toBe(true);
    expect(suitsDiet(facts(Poisson), Diet.SansPorc)).toBe(true);
  });

  it('sans viande refuses meat and pork, not fish', () => {
    expect(suitsDiet(facts(Viande), Diet.SansViande)).toBe(false);
    expect(suitsDiet(facts(Porc), Diet.SansViande)).toBe(false);
    expect(suitsDiet(facts(Poisson), Diet.SansViande)).toBe(true);
  });

  it('vegan refuses every animal product, dairy and eggs included', () => {
    for (const f of [Viande, Porc, Poisson, Animal]) {
      expect(suitsDiet(facts(f), Diet.Vegetalien)).toBe(false);
    }
    expect(suitsDiet(facts(Alcool), Diet.Vegetalien)).toBe(true);
  });
});

describe('factsOf', () => {
  it('is the union of the ingredients, diet facts implied', () => {
    const out = factsOf([
      { allergens: [Allergen.Gluten], diet: [] },
      { allergens: [Allergen.Moutarde, Allergen.Gluten] },
      { diet: [Porc] },
      {},
    ]);
    expect(sorted(out.allergens)).toEqual([Allergen.Gluten, Allergen.Moutarde]);
    expect(sorted(out.facts)).toEqual([Viande, Porc, Animal]);
  });

  it('is empty for no ingredient, or ingredients with nothing known', () => {
    expect(factsOf([])).toEqual({ allergens: new Set(), facts: new Set() });
    expect(factsOf([{}, { allergens: [], diet: [] }])).toEqual({
      allergens: new Set(),
      facts: new Set(),
    });
  });

  it('reads what some allergens say: milk and eggs are animal, seafood is fish', () => {
    expect(sorted(factsOf([{ allergens: [Allergen.Lait] }]).facts)).toEqual([Animal]);
    expect(sorted(factsOf([{ allergens: [Allergen.Oeufs] }]).facts)).toEqual([Animal]);
    for (const seafood of [Allergen.Poissons, Allergen.Crustaces, Allergen.Mollusques]) {
      expect(sorted(factsOf([{ allergens: [seafood] }]).facts)).toEqual([Poisson, Animal]);
    }
    for (const other of [Allergen.Gluten, Allergen.Arachides, Allergen.Soja, Allergen.Sulfites]) {
      expect(sorted(factsOf([{ allergens: [other] }]).facts)).toEqual([]);
    }
  });

  it('leaves the ingredient as it was', () => {
    const shrimps = { allergens: [Allergen.Crustaces], diet: [Animal] };
    factsOf([shrimps]);
    expect(shrimps).toEqual({ allergens: [Allergen.Crustaces], diet: [Animal] });
  });
});

describe('dishesOf', () => {
  const farine = ingredient('Farine de blé', [Allergen.Gluten]);
  const beurre = ingredient('Beurre', [Allergen.Lait], [Animal]);
  const lardons = ingredient('Lardons', [], [Porc]);
  const pomme = ingredient('Pomme');
  const cacahuetes = ingredient('Cacahuètes', [Allergen.Arachides]);
  const ingredients = byId([farine, beurre, lardons, pomme, cacahuetes]);
  const quiche = recipe(501, 'Quiche lorraine', [farine, beurre, lardons]);
  const tarte = recipe(502, 'Tarte aux pommes', [farine, pomme, ingredient('Disparu')]);
  const recipes = byId([quiche, tarte]);

  it('gives each recipe, then each of the menu own ingredients, with their facts', () => {
    const dishes = dishesOf(menuOf([501, 502], [cacahuetes, pomme]), recipes, ingredients);
    expect(dishes.map((d) => d.name)).toEqual([
      'Quiche lorraine',
      'Tarte aux pommes',
      'Cacahuètes',
      'Pomme',
    ]);
    expect(dishes.map((d) => [sorted(d.facts.allergens), sorted(d.facts.facts)])).toEqual([
      [
        [Allergen.Gluten, Allergen.Lait],
        [Viande, Porc, Animal],
      ],
      [[Allergen.Gluten], []],
      [[Allergen.Arachides], []],
      [[], []],
    ]);
  });

  it('skips recipes and ingredients it cannot find', () => {
    const lost = ingredient('Perdu');
    const dishes = dishesOf(menuOf([999, 502], [lost, cacahuetes]), recipes, ingredients);
    // The recipe's missing ingredient ('Disparu') is skipped, the recipe stays.
    expect(dishes.map((d) => d.name)).toEqual(['Tarte aux pommes', 'Cacahuètes']);
  });

  it('gives nothing for an empty menu', () => {
    expect(dishesOf(menuOf([]), recipes, ingredients)).toEqual([]);
  });
});

describe('mealNeeds', () => {
  it('adds up the needs of the meal groups, a group listed twice counted once', () => {
    const groups = byId([
      group(1, { diets: { 0: 2, 1: 1 }, allergies: { 4: 1 } }),
      group(2, { diets: { 0: 3 }, allergies: { 4: 2, 6: 1 } }),
      group(3),
      group(4, { diets: { 3: 5 } }),
    ]);
    const { diets, allergies } = mealNeeds({ groupIds: [1, 2, 1, 3, 77] }, groups);
    expect(Object.fromEntries(diets)).toEqual({ 0: 5, 1: 1, 2: 0, 3: 0 });
    expect(allergies.get(Allergen.Arachides)).toBe(3);
    expect(allergies.get(Allergen.Lait)).toBe(1);
    expect(allergies.get(Allergen.Gluten)).toBe(0);
    expect([...allergies.values()].reduce((a, b) => a + b, 0)).toBe(4);
  });

  it('counts nobody for a meal without groups', () => {
    const { diets, allergies } = mealNeeds({ groupIds: [] }, new Map());
    expect([...diets.values(), ...allergies.values()].every((n) => n === 0)).toBe(true);
  });
});

describe('mealWarnings', () => {
  const satay = dish('Sauce satay', [Allergen.Arachides, Allergen.Soja]);
  const quiche = dish('Quiche lorraine', [Allergen.Gluten, Allergen.Lait, Allergen.Oeufs], [Porc]);
  const poisson = dish('Poisson pané', [Allergen.Poissons, Allergen.Gluten]);
  const salade = dish('Salade verte', []);
  const dishes = [satay, quiche, poisson, salade];

  it('names, per diet then per allergen with people, the dishes that do not suit them', () => {
    const groups = byId([
      group(1, { diets: { 0: 2, 1: 1 }, allergies: { 4: 2 } }),
      group(2, { diets: { 3: 1 }, allergies: { 0: 1 } }),
    ]);
    const warnings = mealWarnings({ groupIds: [1, 2] }, groups, dishes);
    expect(warnings).toEqual<MealWarning[]>([
      { people: 2, reason: { diet: Diet.Vegetarien }, dishes: ['Quiche lorraine', 'Poisson pané'] },
      { people: 1, reason: { diet: Diet.SansPorc }, dishes: ['Quiche lorraine'] },
      {
        people: 1,
        reason: { diet: Diet.Vegetalien },
        dishes: ['Quiche lorraine', 'Poisson pané'],
      },
      {
        people: 1,
        reason: { allergen: Allergen.Gluten },
        dishes: ['Quiche lorraine', 'Poisson pané'],
      },
      { people: 2, reason: { allergen: Allergen.Arachides }, dishes: ['Sauce satay'] },
    ]);
  });

  it('warns nobody who is not counted, and of nothing that suits', () => {
    const groups = byId([
      group(1, { diets: { 0: 0 }, allergies: { 4: 0 }, notes: 'Rien de grave' }),
      group(2, { diets: { 2: 3 }, allergies: { 12: 4, 6: 0 } }),
      group(3),
    ]);
    // Zero counts say nothing; fish suits sans viande; no dish holds lupin.
    expect(mealWarnings({ groupIds: [1, 2, 3] }, groups, [satay, poisson, salade])).toEqual([]);
    // Counted people, but groups not at this meal.
    expect(mealWarnings({ groupIds: [3] }, groups, dishes)).toEqual([]);
    expect(mealWarnings({ groupIds: [2] }, groups, [])).toEqual([]);
  });

  it('counts a group listed twice once', () => {
    const groups = byId([group(1, { allergies: { 4: 2 } })]);
    expect(mealWarnings({ groupIds: [1, 1] }, groups, [satay])).toEqual([
      { people: 2, reason: { allergen: Allergen.Arachides }, dishes: ['Sauce satay'] },
    ]);
  });

  it('warns vegetarians of seafood marked by its allergen only', () => {
    const groups = byId([group(1, { diets: { 0: 1, 2: 1 } })]);
    const crevettes = dish('Crevettes', [Allergen.Crustaces]);
    const moules = dish('Moules', [Allergen.Mollusques], [Animal]);
    expect(mealWarnings({ groupIds: [1] }, groups, [crevettes, moules, salade])).toEqual([
      { people: 1, reason: { diet: Diet.Vegetarien }, dishes: ['Crevettes', 'Moules'] },
    ]);
  });

  it('warningsOfMeal reads the menu as planned; no menu, no warning', () => {
    const cacahuetes = ingredient('Cacahuètes', [Allergen.Arachides]);
    const ingredients = byId([cacahuetes]);
    const groups = byId([group(1, { allergies: { 4: 1 } })]);
    const menu: Pick<Menu, 'recipeIds' | 'ingredients'> = menuOf([], [cacahuetes]);
    const warnings = warningsOfMeal({ groupIds: [1] }, menu, groups, new Map(), ingredients);
    expect(warnings.map(warningText)).toEqual(['1 personne allergique aux arachides : Cacahuètes']);
    expect(warningsOfMeal({ groupIds: [1] }, undefined, groups, new Map(), ingredients)).toEqual(
      [],
    );
  });
});

describe('warningText', () => {
  const text = (people: number, reason: MealWarning['reason'], dishes: string[]) =>
    warningText({ people, reason, dishes });

  it('says who cannot eat which dishes, in French, agreeing in number and gender', () => {
    expect(text(2, { allergen: Allergen.Arachides }, ['Sauce satay'])).toBe(
      '2 personnes allergiques aux arachides : Sauce satay',
    );
    expect(text(1, { allergen: Allergen.Arachides }, ['Sauce satay'])).toBe(
      '1 personne allergique aux arachides : Sauce satay',
    );
    expect(text(3, { diet: Diet.Vegetarien }, ['Quiche lorraine', 'Poisson pané'])).toBe(
      '3 personnes végétariennes : Quiche lorraine, Poisson pané',
    );
    expect(text(1, { diet: Diet.Vegetarien }, ['Quiche lorraine'])).toBe(
      '1 personne végétarienne : Quiche lorraine',
    );
    expect(text(4, { diet: Diet.Vegetalien }, ['Omelette'])).toBe(
      '4 personnes végétaliennes : Omelette',
    );
    expect(text(1, { diet: Diet.Vegetalien }, ['Omelette'])).toBe(
      '1 personne végétalienne : Omelette',
    );
    expect(text(2, { diet: Diet.SansPorc }, ['Lardons'])).toBe('2 personnes sans porc : Lardons');
    expect(text(1, { diet: Diet.SansViande }, ['Steak haché'])).toBe(
      '1 personne sans viande : Steak haché',
    );
  });

  it('uses the right article for each allergen', () => {
    expect(text(1, { allergen: Allergen.Gluten }, ['Pain'])).toBe(
      '1 personne allergique au gluten : Pain',
    );
    expect(text(5, { allergen: Allergen.Moutarde }, ['Vinaigrette'])).toBe(
      '5 personnes allergiques à la moutarde : Vinaigrette',
    );
    expect(text(2, { allergen: Allergen.Oeufs }, ['Mayonnaise'])).toBe(
      '2 personnes allergiques aux œufs : Mayonnaise',
    );
    expect(text(2, { allergen: Allergen.FruitsACoque }, ['Pesto'])).toBe(
      '2 personnes allergiques aux fruits à coque : Pesto',
    );
  });
});

describe('tidyNeeds', () => {
  it('drops zero counts and trims the notes', () => {
    expect(
      tidyNeeds({
        diets: { 0: 2, 1: 0 },
        allergies: { 4: 0, 6: 1 },
        notes: '  Léa : pas de kiwi  ',
      }),
    ).toEqual({ diets: { 0: 2 }, allergies: { 6: 1 }, notes: 'Léa : pas de kiwi' });
  });

  it('keeps notes alone, or counts alone', () => {
    expect(tidyNeeds({ diets: {}, allergies: {}, notes: 'Un enfant diabétique' })).toEqual({
      diets: {},
      allergies: {},
      notes: 'Un enfant diabétique',
    });
    expect(tidyNeeds({ diets: { 3: 1 }, allergies: {}, notes: ' ' })).toEqual({
      diets: { 3: 1 },
      allergies: {},
      notes: '',
    });
  });

  it('gives null when nothing is left', () => {
    expect(tidyNeeds({ diets: {}, allergies: {}, notes: '' })).toBeNull();
    expect(tidyNeeds({ diets: { 0: 0, 2: 0 }, allergies: { 13: 0 }, notes: ' \n ' })).toBeNull();
  });
});

describe('alternatives in mealWarnings', () => {
  const alt = (
    kind: MealAlternative['kind'],
    code: number,
    people: number,
    recipeIds: Id[] = [],
  ): MealAlternative => ({ kind, code, people, recipeIds });
  const quiche = dish('Quiche lorraine', [Allergen.Gluten, Allergen.Lait], [Porc]);
  const satay = dish('Sauce satay', [Allergen.Arachides]);
  const omelette = dish('Omelette', [Allergen.Oeufs]);
  const salade = dish('Salade verte', []);
  const groups = byId([group(1, { diets: { 0: 3 }, allergies: { 4: 2 } })]);

  it('take the people they cover off the menu warning', () => {
    const meal = { groupIds: [1], alternatives: [alt('diet', Diet.Vegetarien, 2)] };
    expect(mealWarnings(meal, groups, [quiche, satay], [[salade]])).toEqual([
      { people: 1, reason: { diet: Diet.Vegetarien }, dishes: ['Quiche lorraine'] },
      { people: 2, reason: { allergen: Allergen.Arachides }, dishes: ['Sauce satay'] },
    ]);
  });

  it('silence the menu warning when they cover everyone', () => {
    const meal = {
      groupIds: [1],
      alternatives: [alt('diet', Diet.Vegetarien, 3), alt('allergen', Allergen.Arachides, 5)],
    };
    expect(mealWarnings(meal, groups, [quiche, satay], [[salade], [omelette]])).toEqual([]);
  });

  it('warn when the alternative itself does not suit, for at most the people counted', () => {
    const meal = {
      groupIds: [1],
      alternatives: [alt('diet', Diet.Vegetarien, 5), alt('allergen', Allergen.Arachides, 1)],
    };
    expect(mealWarnings(meal, groups, [quiche, satay], [[quiche, salade], [satay]])).toEqual([
      { people: 3, reason: { diet: Diet.Vegetarien }, dishes: ['Quiche lorraine'] },
      { people: 1, reason: { allergen: Allergen.Arachides }, dishes: ['Sauce satay'] },
      { people: 1, reason: { allergen: Allergen.Arachides }, dishes: ['Sauce satay'] },
    ]);
  });

  it('for a diet or allergy nobody has, or for nobody, say nothing', () => {
    const meal = {
      groupIds: [1],
      alternatives: [alt('diet', Diet.Vegetalien, 2), alt('allergen', Allergen.Gluten, 0)],
    };
    expect(mealWarnings(meal, groups, [salade], [[omelette], [quiche]])).toEqual([]);
  });

  it('isFor, reasonOf, alternativeDishes', () => {
    expect(isFor(alt('diet', 0, 1), { diet: Diet.Vegetarien })).toBe(true);
    expect(isFor(alt('diet', 0, 1), { allergen: Allergen.Gluten })).toBe(false);
    expect(isFor(alt('allergen', 4, 1), { allergen: Allergen.Arachides })).toBe(true);
    expect(isFor(alt('allergen', 4, 1), { diet: 4 as Diet })).toBe(false);
    expect(reasonOf(alt('diet', 1, 2))).toEqual({ diet: Diet.SansPorc });
    expect(reasonOf(alt('allergen', 6, 2))).toEqual({ allergen: Allergen.Lait });

    const riz = ingredient('Riz');
    const lait = ingredient('Lait', [Allergen.Lait]);
    const rizAuLait = recipe(601, 'Riz au lait', [riz, lait]);
    const dishes = alternativeDishes(
      { recipeIds: [601, 999] },
      byId([rizAuLait]),
      byId([riz, lait]),
    );
    expect(dishes.map((d) => [d.name, sorted(d.facts.allergens), sorted(d.facts.facts)])).toEqual([
      ['Riz au lait', [Allergen.Lait], [Animal]],
    ]);
  });
});

describe('whoText and alternativeTitle', () => {
  it('say who, in French', () => {
    expect(whoText(2, { allergen: Allergen.Arachides })).toBe(
      '2 personnes allergiques aux arachides',
    );
    expect(whoText(1, { diet: Diet.Vegetarien })).toBe('1 personne végétarienne');
    // Nobody (an alternative set for 0 through /api): never said as one person.
    expect(whoText(0, { allergen: Allergen.Arachides })).toBe(
      '0 personne allergique aux arachides',
    );
    expect(whoText(3, { diet: Diet.SansPorc })).toBe('3 personnes sans porc');
    expect(alternativeTitle({ kind: 'allergen', code: Allergen.Arachides, people: 2 })).toBe(
      'Alternative pour 2 personnes allergiques aux arachides',
    );
    expect(alternativeTitle({ kind: 'diet', code: Diet.Vegetalien, people: 1 })).toBe(
      'Alternative pour 1 personne végétalienne',
    );
  });
});

describe('warningsOfDays', () => {
  it('lists the chosen days meals with warnings, in meal order', () => {
    const cacahuetes = ingredient('Cacahuètes', [Allergen.Arachides]);
    const pomme = ingredient('Pomme');
    const menus: Menu[] = [
      {
        id: 801,
        owner: 1,
        isFavorite: true,
        isPublished: false,
        updated: '',
        ...menuOf([], [cacahuetes]),
      },
      {
        id: 802,
        owner: 1,
        isFavorite: true,
        isPublished: false,
        updated: '',
        ...menuOf([], [pomme]),
      },
    ];
    const meal = (id: Id, day: number, slot: Horaire, menuId: Id): Meal => ({
      id,
      stayId: 1,
      owner: 1,
      menuId,
      day,
      slot,
      additionalPeople: 0,
      groupIds: [1],
    });
    const meals = [
      meal(901, 1, Horaire.Diner, 801),
      meal(902, 1, Horaire.Midi, 801),
      meal(903, 0, Horaire.Diner, 801),
      meal(904, 1, Horaire.Gouter, 802),
      meal(905, 2, Horaire.Midi, 801),
      meal(906, 1, Horaire.Diner, 999),
    ];
    const found = warningsOfDays({
      meals,
      groups: [group(1, { allergies: { 4: 1 } })],
      menus,
      recipes: [],
      ingredients: [cacahuetes, pomme],
      days: [0, 1],
    });
    expect(found.map((f) => f.meal.id)).toEqual([903, 902, 901]);
    expect(found[0]?.warnings.map(warningText)).toEqual([
      '1 personne allergique aux arachides : Cacahuètes',
    ]);
  });
});
