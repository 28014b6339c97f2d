import { describe, expect, it } from 'vitest';
import { compileIngredients, type CompileInput } from './compile.js';
import {
  costOfNeed,
  formatEuros,
  formatPackSize,
  formatPacks,
  isOverBudget,
  measurePrice,
  packsFor,
  perLabel,
  planCosts,
  priceOf,
  purchaseLine,
  purchasesByIngredient,
  toCents,
  type CostInput,
} from './costs.js';
import type {
  Group,
  Id,
  Ingredient,
  Meal,
  Menu,
  Pack,
  Price,
  PricePer,
  Purchase,
  Quantity,
  Recipe,
} from './entities.js';
import { NO_SUPPLIER } from './entities.js';
import { Horaire, IngredientKind, Plat, Unite } from './enums.js';
import { addToTotal, emptyTotal, scaleQuantity, type QuantityTotal } from './quantity.js';

const OWNER = 7;
const DAY = '2024-06-15';

const total = (pieces: number, grams: number, centiliters: number): QuantityTotal => ({
  pieces,
  grams,
  centiliters,
});
const grams = (g: number) => total(0, g, 0);
const pieces = (n: number) => total(n, 0, 0);
const centiliters = (cl: number) => total(0, 0, cl);

const pack = (name: string, size: number, unite: Unite): Pack => ({ name, size, unite });
const PAQUET_500G = pack('paquet', 500, Unite.G);
const PLATEAU_30 = pack('plateau', 30, Unite.Pieces);

const price = (amount: number, per: PricePer, supplierId: Id | null = null): Price => ({
  supplierId,
  amount,
  per,
  date: DAY,
});
const purchase = (
  ingredientId: Id,
  packOf: Pack | null,
  prices: Price[],
  id: Id = 1000 + ingredientId,
): Purchase => ({ id, owner: OWNER, ingredientId, pack: packOf, prices });

describe('packsFor', () => {
  it('rounds a need up to whole packs: 1,2 kg in packets of 500 gr is 3 packets', () => {
    expect(packsFor(grams(1200), PAQUET_500G)).toEqual({ count: 3, rest: emptyTotal() });
    expect(packsFor(grams(1000), PAQUET_500G).count).toBe(2);
    expect(packsFor(grams(1001), PAQUET_500G).count).toBe(3);
    expect(packsFor(grams(500.5), PAQUET_500G).count).toBe(2);
    expect(packsFor(grams(1), PAQUET_500G).count).toBe(1);
  });

  it('counts a pack in kg or L in the need’s grams or centilitres', () => {
    expect(packsFor(grams(1200), pack('sac', 1, Unite.Kg)).count).toBe(2);
    expect(packsFor(grams(5000), pack('sac', 5, Unite.Kg)).count).toBe(1);
    expect(packsFor(centiliters(150), pack('brique', 1, Unite.L)).count).toBe(2);
    expect(packsFor(centiliters(75), pack('bouteille', 75, Unite.CL)).count).toBe(1);
  });

  it('takes no extra pack for a floating-point residue of an exact multiple', () => {
    // 100 gr a person for 3 people, scaled as compile does: 0,1 × 3 is 0.30000000000000004 kg,
    // so 300.00000000000006 gr, which a plain Math.ceil would make 4 packets of 100 gr.
    const perPerson = { val: 0.1, unite: Unite.Kg, forPeople: 1 };
    const need = addToTotal(emptyTotal(), Unite.Kg, scaleQuantity(perPerson, 3));
    expect(need.grams).not.toBe(300);
    expect(Math.ceil(need.grams / 100)).toBe(4);
    expect(packsFor(need, pack('sachet', 0.1, Unite.Kg)).count).toBe(3);
    expect(packsFor(need, pack('sachet', 100, Unite.G)).count).toBe(3);
    expect(packsFor(need, pack('sachet', 300, Unite.G)).count).toBe(1);
    // 0,1 L for 3 people (30.000000000000004 cL) in bottles of 10 cL.
    const milk = addToTotal(
      emptyTotal(),
      Unite.L,
      scaleQuantity({ ...perPerson, unite: Unite.L }, 3),
    );
    expect(milk.centiliters).not.toBe(30);
    expect(packsFor(milk, pack('fiole', 10, Unite.CL)).count).toBe(3);
    // A residue below: 0,7 kg × 3 / 700 gr is 2.9999999999999996 packets, still 3.
    const below = grams(0.7 * 3 * 1000);
    expect(below.grams / 700).toBeLessThan(3);
    expect(packsFor(below, pack('boîte', 700, Unite.G)).count).toBe(3);
  });

  it('counts eggs by the tray: 22 eggs is 1 tray of 30, 31 eggs are 2', () => {
    expect(packsFor(pieces(22), PLATEAU_30).count).toBe(1);
    expect(packsFor(pieces(30), PLATEAU_30).count).toBe(1);
    expect(packsFor(pieces(31), PLATEAU_30).count).toBe(2);
    expect(packsFor(pieces(60), PLATEAU_30).count).toBe(2);
  });

  it('leaves the other measures to buy by the measure, and nothing for no need', () => {
    expect(packsFor(total(2, 1200, 50), PAQUET_500G)).toEqual({
      count: 3,
      rest: total(2, 0, 50),
    });
    expect(packsFor(total(31, 250, 0), PLATEAU_30)).toEqual({ count: 2, rest: grams(250) });
    expect(packsFor(pieces(12), PAQUET_500G)).toEqual({ count: 0, rest: pieces(12) });
    expect(packsFor(emptyTotal(), PAQUET_500G)).toEqual({ count: 0, rest: emptyTotal() });
    expect(packsFor(grams(-5), PAQUET_500G).count).toBe(0);
  });
});

describe('priceOf', () => {
  const CARREFOUR = 301;
  const BIOCOOP = 302;
  const flour = purchase(1, PAQUET_500G, [
    price(1.5, 'pack'),
    price(1, 'pack', CARREFOUR),
    price(2, Unite.Kg, BIOCOOP),
  ]);

  it('takes the supplier’s price, else the default one', () => {
    expect(priceOf(flour, CARREFOUR)).toEqual(price(1, 'pack', CARREFOUR));
    expect(priceOf(flour, BIOCOOP)).toEqual(price(2, Unite.Kg, BIOCOOP));
    expect(priceOf(flour, 999)).toEqual(price(1.5, 'pack'));
  });

  it('gives the default price for no supplier (NO_SUPPLIER or null)', () => {
    expect(priceOf(flour, NO_SUPPLIER)).toEqual(price(1.5, 'pack'));
    expect(priceOf(flour, null)).toEqual(price(1.5, 'pack'));
  });

  it('is null without a row, or with only another supplier’s price', () => {
    expect(priceOf(undefined, CARREFOUR)).toBeNull();
    const onlyCarrefour = purchase(2, null, [price(3, Unite.Kg, CARREFOUR)]);
    expect(priceOf(onlyCarrefour, BIOCOOP)).toBeNull();
    expect(priceOf(onlyCarrefour, NO_SUPPLIER)).toBeNull();
    expect(priceOf(purchase(3, PAQUET_500G, []), CARREFOUR)).toBeNull();
  });
});

describe('measurePrice', () => {
  it('divides a pack’s price by its size in grams, centilitres or pieces', () => {
    expect(measurePrice(price(2.5, 'pack'), PAQUET_500G)).toEqual({
      measure: 'grams',
      perMeasure: 0.005,
    });
    expect(measurePrice(price(6, 'pack'), PLATEAU_30)).toEqual({
      measure: 'pieces',
      perMeasure: 0.2,
    });
    expect(measurePrice(price(3, 'pack'), pack('bidon', 2, Unite.L))).toEqual({
      measure: 'centiliters',
      perMeasure: 0.015,
    });
    expect(measurePrice(price(4, 'pack'), pack('sac', 1, Unite.Kg))).toEqual({
      measure: 'grams',
      perMeasure: 0.004,
    });
  });

  it('turns a price per kg or L into a price per gram or centilitre', () => {
    expect(measurePrice(price(8, Unite.Kg), null)).toEqual({ measure: 'grams', perMeasure: 0.008 });
    expect(measurePrice(price(0.01, Unite.G), null)).toEqual({
      measure: 'grams',
      perMeasure: 0.01,
    });
    expect(measurePrice(price(1.5, Unite.L), PAQUET_500G)).toEqual({
      measure: 'centiliters',
      perMeasure: 0.015,
    });
    expect(measurePrice(price(0.05, Unite.CL), null)).toEqual({
      measure: 'centiliters',
      perMeasure: 0.05,
    });
    expect(measurePrice(price(0.25, Unite.Pieces), null)).toEqual({
      measure: 'pieces',
      perMeasure: 0.25,
    });
  });

  it('is null for a price per pack without a pack', () => {
    expect(measurePrice(price(2.5, 'pack'), null)).toBeNull();
  });
});

describe('costOfNeed', () => {
  it('is the share of a pack’s price: 200 gr of a 2,50 € packet of 500 gr cost 1 €', () => {
    const row = purchase(1, PAQUET_500G, [price(2.5, 'pack')]);
    const cost = costOfNeed(grams(200), row, null);
    expect(cost.missing).toBeNull();
    expect(cost.cost).toBeCloseTo(1, 10);
    // 22 eggs of a 6 € tray of 30: 4,40 €, not a whole tray.
    const eggs = purchase(2, PLATEAU_30, [price(6, 'pack')]);
    expect(costOfNeed(pieces(22), eggs, null).cost).toBeCloseTo(4.4, 10);
  });

  it('counts a price per kg, L or piece by the measure', () => {
    const meat = purchase(1, null, [price(8, Unite.Kg)]);
    expect(costOfNeed(grams(250), meat, null).cost).toBeCloseTo(2, 10);
    const milk = purchase(2, null, [price(1.2, Unite.L)]);
    expect(costOfNeed(centiliters(30), milk, NO_SUPPLIER).cost).toBeCloseTo(0.36, 10);
    const bread = purchase(3, null, [price(1.5, Unite.Pieces)]);
    expect(costOfNeed(pieces(3), bread, null)).toEqual({ cost: 4.5, missing: null });
  });

  it('uses the supplier’s price', () => {
    const row = purchase(1, PAQUET_500G, [price(2.5, 'pack'), price(1, 'pack', 301)]);
    expect(costOfNeed(grams(1000), row, 301).cost).toBeCloseTo(2, 10);
    expect(costOfNeed(grams(1000), row, 302).cost).toBeCloseTo(5, 10);
  });

  it('says why a need has no cost: no price, no pack, another measure', () => {
    expect(costOfNeed(grams(200), undefined, null)).toEqual({ cost: 0, missing: 'noPrice' });
    expect(costOfNeed(grams(200), purchase(1, PAQUET_500G, []), null)).toEqual({
      cost: 0,
      missing: 'noPrice',
    });
    // A row made by hand (the mutator refuses it): a price per pack and no pack.
    expect(costOfNeed(grams(200), purchase(1, null, [price(2, 'pack')]), null)).toEqual({
      cost: 0,
      missing: 'noPack',
    });
    // Chocolate priced per kg, needed in bars.
    expect(costOfNeed(pieces(3), purchase(1, null, [price(9, Unite.Kg)]), null)).toEqual({
      cost: 0,
      missing: 'otherMeasure',
    });
    // Eggs priced by the tray, needed in grams.
    expect(costOfNeed(grams(100), purchase(1, PLATEAU_30, [price(6, 'pack')]), null)).toEqual({
      cost: 0,
      missing: 'otherMeasure',
    });
  });

  it('costs nothing and misses nothing when nothing is needed', () => {
    expect(costOfNeed(emptyTotal(), undefined, null)).toEqual({ cost: 0, missing: null });
  });
});

describe('purchaseLine', () => {
  it('buys whole packs at the pack’s price', () => {
    const row = purchase(1, PAQUET_500G, [price(1, 'pack')]);
    expect(purchaseLine(grams(1200), row, null)).toEqual({
      packs: 3,
      pack: PAQUET_500G,
      loose: emptyTotal(),
      price: price(1, 'pack'),
      cost: 3,
      missing: null,
    });
    const eggs = purchase(2, PLATEAU_30, [price(6, 'pack')]);
    expect(purchaseLine(pieces(22), eggs, null)).toMatchObject({ packs: 1, cost: 6 });
    expect(purchaseLine(pieces(31), eggs, null)).toMatchObject({ packs: 2, cost: 12 });
    // 21,6 eggs are 22 eggs: still one tray; 30,2 are 31: two trays.
    expect(purchaseLine(pieces(21.6), eggs, null)).toMatchObject({ packs: 1, cost: 6 });
    expect(purchaseLine(pieces(30.2), eggs, null)).toMatchObject({ packs: 2, cost: 12 });
  });

  it('prices whole packs by the kg when the price is per kg', () => {
    // 3 packets of 500 gr at 2 €/kg: 1,5 kg, 3 €.
    const row = purchase(1, PAQUET_500G, [price(2, Unite.Kg)]);
    const line = purchaseLine(grams(1200), row, null);
    expect(line.packs).toBe(3);
    expect(line.cost).toBeCloseTo(3, 10);
    expect(line.missing).toBeNull();
    // Eggs by the tray, priced per egg: 2 trays of 30 at 0,25 €.
    const eggs = purchase(2, PLATEAU_30, [price(0.25, Unite.Pieces)]);
    expect(purchaseLine(pieces(31), eggs, null)).toMatchObject({ packs: 2, cost: 15 });
  });

  it('buys loose pieces whole and loose mass as it is', () => {
    const eggs = purchase(1, null, [price(0.25, Unite.Pieces)]);
    expect(purchaseLine(pieces(21.6), eggs, null)).toEqual({
      packs: null,
      pack: null,
      loose: pieces(22),
      price: price(0.25, Unite.Pieces),
      cost: 5.5,
      missing: null,
    });
    const meat = purchase(2, null, [price(10, Unite.Kg)]);
    const line = purchaseLine(grams(1234), meat, null);
    expect(line.loose).toEqual(grams(1234));
    expect(line.cost).toBeCloseTo(12.34, 10);
  });

  it('prices the rest beside the packs by the measure, when it can', () => {
    // Packets of 500 gr priced per kg, and a need in pieces too: the pieces have no price.
    const row = purchase(1, PAQUET_500G, [price(2, Unite.Kg)]);
    const line = purchaseLine(total(2.5, 1200, 0), row, null);
    expect(line.packs).toBe(3);
    expect(line.loose).toEqual(pieces(3));
    expect(line.cost).toBeCloseTo(3, 10);
    expect(line.missing).toBe('otherMeasure');
  });

  it('says why a line has no cost, with the packs still counted', () => {
    expect(purchaseLine(grams(1200), undefined, null)).toEqual({
      packs: null,
      pack: null,
      loose: grams(1200),
      price: null,
      cost: 0,
      missing: 'noPrice',
    });
    expect(purchaseLine(grams(1200), purchase(1, PAQUET_500G, []), null)).toMatchObject({
      packs: 3,
      cost: 0,
      missing: 'noPrice',
    });
    expect(purchaseLine(grams(1200), purchase(1, null, [price(2, 'pack')]), null)).toMatchObject({
      packs: null,
      loose: grams(1200),
      cost: 0,
      missing: 'noPack',
    });
    expect(purchaseLine(pieces(3), purchase(1, null, [price(9, Unite.Kg)]), null)).toMatchObject({
      cost: 0,
      missing: 'otherMeasure',
    });
    // Trays of eggs priced per kg: the trays are counted, not priced.
    expect(
      purchaseLine(pieces(31), purchase(1, PLATEAU_30, [price(4, Unite.Kg)]), null),
    ).toMatchObject({ packs: 2, cost: 0, missing: 'otherMeasure' });
    // Packets of 500 gr priced per packet, and pieces beside them.
    expect(
      purchaseLine(total(2, 600, 0), purchase(1, PAQUET_500G, [price(1, 'pack')]), null),
    ).toMatchObject({ packs: 2, loose: pieces(2), cost: 2, missing: 'otherMeasure' });
  });

  it('has nothing to buy for no need', () => {
    expect(purchaseLine(emptyTotal(), undefined, null)).toMatchObject({
      packs: null,
      cost: 0,
      missing: null,
    });
  });
});

describe('purchasesByIngredient', () => {
  it('keeps one row per ingredient, the newest id, in any order', () => {
    const rows = [
      purchase(1, null, [price(1, Unite.Kg)], 5),
      purchase(1, null, [price(3, Unite.Kg)], 9),
      purchase(2, null, [price(2, Unite.Kg)], 7),
      purchase(1, null, [price(2, Unite.Kg)], 3),
    ];
    const byIngredient = purchasesByIngredient(rows);
    expect([...byIngredient.keys()].sort()).toEqual([1, 2]);
    expect(byIngredient.get(1)?.id).toBe(9);
    expect(byIngredient.get(2)?.id).toBe(7);
    expect(purchasesByIngredient([...rows].reverse()).get(1)?.id).toBe(9);
    expect(purchasesByIngredient([]).size).toBe(0);
  });
});

// ---- A small stay, planned with the domain's rows ----

const BOUCHERIE = 301;
const BOULANGERIE = 302;
const CARREFOUR = 303;
const SUPPLIERS = [
  { id: CARREFOUR, name: 'Carrefour' },
  { id: BOULANGERIE, name: 'Boulangerie' },
  { id: BOUCHERIE, name: 'Boucherie Martin' },
];

const ingredient = (id: Id, name: string, kind: IngredientKind): Ingredient => ({
  id,
  name,
  kind,
  owner: null,
});
const FLOUR = ingredient(1, 'Farine', IngredientKind.Epicerie);
const EGGS = ingredient(2, 'Œufs', IngredientKind.Laitages);
const OIL = ingredient(3, 'Huile', IngredientKind.Epicerie);
const MEAT = ingredient(4, 'Bœuf', IngredientKind.ViandesPoissons);
const MILK = ingredient(5, 'Lait', IngredientKind.Laitages);
const BREAD = ingredient(6, 'Pain', IngredientKind.Boulangerie);
const SAFFRON = ingredient(7, 'Safran', IngredientKind.Epicerie);
const BUTTER = ingredient(8, 'Beurre', IngredientKind.Laitages);
const CHOCOLATE = ingredient(9, 'Chocolat', IngredientKind.Epicerie);
const INGREDIENTS = [FLOUR, EGGS, OIL, MEAT, MILK, BREAD, SAFFRON, BUTTER, CHOCOLATE];

const SUPPLIER_OF: Record<Id, Id> = {
  [FLOUR.id]: CARREFOUR,
  [MILK.id]: CARREFOUR,
  [BREAD.id]: BOULANGERIE,
  [MEAT.id]: BOUCHERIE,
};

const PURCHASES: Purchase[] = [
  // Carrefour's packet of flour is 1 €, 1,50 € elsewhere.
  purchase(FLOUR.id, PAQUET_500G, [price(1.5, 'pack'), price(1, 'pack', CARREFOUR)]),
  // Eggs by the tray of 30 at 6 € (0,20 € an egg), bought from no supplier.
  purchase(EGGS.id, PLATEAU_30, [price(6, 'pack')]),
  // A bottle of oil, 3 €.
  purchase(OIL.id, null, [price(3, Unite.Pieces)]),
  // Beef: 10 €/kg at the butcher's, 12 €/kg by default.
  purchase(MEAT.id, null, [price(12, Unite.Kg), price(10, Unite.Kg, BOUCHERIE)]),
  purchase(MILK.id, null, [price(1, Unite.L)]),
  // Bread only has the baker's price.
  purchase(BREAD.id, null, [price(1.5, Unite.Pieces, BOULANGERIE)]),
  // No row for saffron; butter priced per pack without a pack (made by hand: the mutator
  // refuses it); chocolate priced per kg but counted in bars.
  purchase(BUTTER.id, null, [price(2, 'pack')]),
  purchase(CHOCOLATE.id, null, [price(9, Unite.Kg)]),
];

const quantity = (val: number, unite: Unite, forPeople: number, fixed?: true): Quantity =>
  fixed ? { val, unite, forPeople, fixed } : { val, unite, forPeople };
const menu = (id: Id, items: [Ingredient, Quantity][], recipeIds: Id[] = []): Menu => ({
  id,
  owner: OWNER,
  isFavorite: false,
  isPublished: false,
  updated: '2024-05-01T10:00:00.000Z',
  ingredients: items.map(([i, q]) => ({ ingredientId: i.id, quantity: q, plat: Plat.Entree })),
  recipeIds,
});
const group = (id: Id, size: number): Group => ({
  id,
  stayId: 50,
  owner: OWNER,
  name: `Groupe ${id}`,
  color: '#AF0853',
  size,
});
const meal = (
  id: Id,
  day: number,
  slot: Horaire,
  menuId: Id,
  groupIds: Id[],
  additionalPeople = 0,
): Meal => ({ id, stayId: 50, owner: OWNER, menuId, day, slot, additionalPeople, groupIds });

const GRANDS = group(60, 8);
const PETITS = group(61, 4);
const ONE_BOTTLE = quantity(1, Unite.Pieces, 10, true);

const RECIPES: Recipe[] = [
  {
    id: 70,
    owner: OWNER,
    name: 'Tartines',
    plat: Plat.PlatPrincipal,
    description: '',
    isPublished: false,
    updated: '2024-05-01T10:00:00.000Z',
    // One loaf for 2, 200 mL of milk each.
    ingredients: [
      { ingredientId: BREAD.id, quantity: quantity(1, Unite.Pieces, 2) },
      { ingredientId: MILK.id, quantity: quantity(20, Unite.CL, 1) },
    ],
  },
];
const MENUS: Menu[] = [
  // Day 0, lunch, 12 people: 1,2 kg of flour, 24 eggs, a bottle of oil, 1,8 kg of beef.
  menu(80, [
    [FLOUR, quantity(0.1, Unite.Kg, 1)],
    [EGGS, quantity(2, Unite.Pieces, 1)],
    [OIL, ONE_BOTTLE],
    [MEAT, quantity(150, Unite.G, 1)],
  ]),
  // Day 0, dinner, the 8 'Grands': 2 L of milk, 2 loaves, a bottle of oil, a 2,38 kg roast.
  menu(81, [
    [MILK, quantity(0.25, Unite.L, 1)],
    [BREAD, quantity(1, Unite.Pieces, 4)],
    [OIL, ONE_BOTTLE],
    [MEAT, quantity(2.38, Unite.Kg, 8)],
  ]),
  // Day 1, breakfast, 12 people: the 'Tartines' recipe (6 loaves, 2,4 L of milk), 12 eggs.
  menu(82, [[EGGS, quantity(1, Unite.Pieces, 1)]], [70]),
  // Day 1, lunch, the 'Grands' and 2 adults: 4,5 kg of beef, a bottle of oil.
  menu(83, [
    [MEAT, quantity(0.45, Unite.Kg, 1)],
    [OIL, ONE_BOTTLE],
  ]),
  // Day 1, dinner nobody eats (its groups went home): oil and saffron, needing nothing.
  menu(84, [
    [OIL, ONE_BOTTLE],
    [SAFFRON, quantity(1, Unite.G, 10)],
  ]),
  // Day 2, snack, 12 people: milk, and what has no usable price.
  menu(85, [
    [MILK, quantity(20, Unite.CL, 1)],
    [SAFFRON, quantity(1, Unite.G, 12)],
    [BUTTER, quantity(0.25, Unite.Kg, 12)],
    [CHOCOLATE, quantity(1, Unite.Pieces, 4)],
  ]),
];
const LUNCH_0 = meal(90, 0, Horaire.Midi, 80, [GRANDS.id, PETITS.id]);
const DINNER_0 = meal(91, 0, Horaire.Diner, 81, [GRANDS.id]);
const BREAKFAST_1 = meal(92, 1, Horaire.PetitDejeuner, 82, [GRANDS.id, PETITS.id]);
const LUNCH_1 = meal(93, 1, Horaire.Midi, 83, [GRANDS.id], 2);
const DINNER_1 = meal(94, 1, Horaire.Diner, 84, [], 0);
const SNACK_2 = meal(95, 2, Horaire.Gouter, 85, [PETITS.id, GRANDS.id]);
const MEALS = [SNACK_2, DINNER_1, LUNCH_1, BREAKFAST_1, DINNER_0, LUNCH_0];

function compileInput(days: number[]): CompileInput {
  return {
    meals: MEALS,
    groups: [GRANDS, PETITS],
    menus: MENUS,
    recipes: RECIPES,
    ingredients: INGREDIENTS,
    days,
  };
}

function costs(days: number[], budget: number | null = 5, over: Partial<CostInput> = {}) {
  return planCosts({
    compiled: compileIngredients(compileInput(days)),
    meals: MEALS,
    groups: [GRANDS, PETITS],
    purchases: purchasesByIngredient(PURCHASES),
    supplierOf: (i) => SUPPLIER_OF[i.id] ?? NO_SUPPLIER,
    suppliers: SUPPLIERS,
    budget,
    ...over,
  });
}

/** Euros in a test: exact to far below the cent. */
const euros = (value: number | null | undefined, expected: number): void => {
  expect(value).not.toBeNull();
  expect(value).toBeCloseTo(expected, 9);
};

describe('fixed quantities through compileIngredients', () => {
  it('counts a fixed bottle once per meal eaten whatever its people, none for nobody', () => {
    const compiled = compileIngredients(compileInput([0, 1]));
    const oil = compiled.ingredients.find((i) => i.ingredient.id === OIL.id);
    // 12, 8, 10 and 0 people: 1, 1, 1 and 0 bottles (never 1,2 or 0,8 bottles).
    expect(oil?.uses).toEqual([
      { mealId: LUNCH_0.id, unite: Unite.Pieces, val: 1 },
      { mealId: DINNER_0.id, unite: Unite.Pieces, val: 1 },
      { mealId: LUNCH_1.id, unite: Unite.Pieces, val: 1 },
      { mealId: DINNER_1.id, unite: Unite.Pieces, val: 0 },
    ]);
    expect(oil?.total).toEqual(pieces(3));
    // Saffron scales: none for the meal nobody eats.
    const saffron = compiled.ingredients.find((i) => i.ingredient.id === SAFFRON.id);
    expect(saffron?.total).toEqual(emptyTotal());
    const plan = costs([0, 1]);
    expect(plan.lines.get(OIL.id)).toMatchObject({ packs: null, loose: pieces(3), cost: 9 });
    expect(plan.meals.find((m) => m.mealId === DINNER_1.id)).toEqual({
      mealId: DINNER_1.id,
      day: 1,
      people: 0,
      cost: 0,
      perPerson: null,
      complete: true,
    });
  });
});

describe('planCosts on a stay of two days and a budget of 5 € per person-day', () => {
  it('costs each meal its share, in euros and per person', () => {
    const plan = costs([0, 1]);
    const byMeal = new Map(plan.meals.map((m) => [m.mealId, m]));
    expect([...byMeal.keys()].sort()).toEqual([90, 91, 92, 93, 94]);
    const expected: [Meal, number, number, number][] = [
      // Flour 1200 gr × 1 €/500 gr (Carrefour's) + 24 eggs × 0,20 € + oil 3 € + 1,8 kg × 10 €.
      [LUNCH_0, 0, 12, 2.4 + 4.8 + 3 + 18],
      // Milk 2 L × 1 € + 2 loaves × 1,50 € + oil 3 € + 2,38 kg × 10 €.
      [DINNER_0, 0, 8, 2 + 3 + 3 + 23.8],
      // 6 loaves × 1,50 € + 2,4 L of milk + 12 eggs × 0,20 €.
      [BREAKFAST_1, 1, 12, 9 + 2.4 + 2.4],
      // 4,5 kg of beef and a bottle of oil, for 8 + 2 people.
      [LUNCH_1, 1, 10, 45 + 3],
    ];
    for (const [m, day, people, cost] of expected) {
      const got = byMeal.get(m.id);
      expect(got?.day, `${m.id}`).toBe(day);
      expect(got?.people, `${m.id}`).toBe(people);
      expect(got?.complete, `${m.id}`).toBe(true);
      euros(got?.cost, cost);
      euros(got?.perPerson, cost / people);
    }
    euros(byMeal.get(LUNCH_0.id)?.cost, 28.2);
    euros(byMeal.get(LUNCH_0.id)?.perPerson, 2.35);
    euros(byMeal.get(DINNER_0.id)?.perPerson, 3.975);
    euros(byMeal.get(BREAKFAST_1.id)?.perPerson, 1.15);
    euros(byMeal.get(LUNCH_1.id)?.perPerson, 4.8);
  });

  it('costs each day for its people (the most at one meal), against the budget', () => {
    const plan = costs([0, 1]);
    expect(plan.days.map((d) => [d.day, d.people, d.overBudget, d.complete])).toEqual([
      [0, 12, false, true],
      [1, 12, true, true],
    ]);
    // Day 0: 28,20 + 31,80 = 60 € for 12 people, exactly the budget: not over.
    euros(plan.days[0]?.cost, 60);
    euros(plan.days[0]?.perPerson, 5);
    expect(formatEuros(plan.days[0]!.perPerson!)).toBe('5,00\u00a0€');
    // Day 1: 13,80 + 48 = 61,80 € for 12: 5,15 € per person, over.
    euros(plan.days[1]?.cost, 61.8);
    euros(plan.days[1]?.perPerson, 5.15);
    // The plan: 121,80 € over 24 person-days.
    euros(plan.cost, 121.8);
    expect(plan.personDays).toBe(24);
    euros(plan.perPersonDay, 5.075);
    expect(plan.complete).toBe(true);
    expect(plan.missing).toEqual([]);
  });

  it('marks no day over budget without a budget, and all of them under a low one', () => {
    expect(costs([0, 1], null).days.map((d) => d.overBudget)).toEqual([false, false]);
    expect(costs([0, 1], 5.15).days.map((d) => d.overBudget)).toEqual([false, false]);
    expect(costs([0, 1], 4.99).days.map((d) => d.overBudget)).toEqual([true, true]);
  });

  it('gives what to pay per supplier in whole packs, « Sans fournisseur » first', () => {
    const plan = costs([0, 1]);
    expect(plan.suppliers.map((s) => [s.supplierId, s.name, s.complete])).toEqual([
      [NO_SUPPLIER, 'Sans fournisseur', true],
      [BOUCHERIE, 'Boucherie Martin', true],
      [BOULANGERIE, 'Boulangerie', true],
      [CARREFOUR, 'Carrefour', true],
    ]);
    // 36 eggs are 2 trays (12 €) and 3 bottles of oil (9 €).
    euros(plan.suppliers[0]?.cost, 21);
    // 1,8 + 2,38 + 4,5 = 8,68 kg of beef at 10 €/kg.
    euros(plan.suppliers[1]?.cost, 86.8);
    // 8 loaves at 1,50 €.
    euros(plan.suppliers[2]?.cost, 12);
    // 3 packets of flour at 1 € and 4,4 L of milk at 1 €.
    euros(plan.suppliers[3]?.cost, 7.4);
    // More than what is eaten: whole trays (60 eggs for 36) and packets (1,5 kg for 1,2).
    euros(plan.toPay, 127.2);
    euros(plan.toPay - plan.cost, 24 * 0.2 + 0.6);
    expect(plan.lines.get(EGGS.id)).toMatchObject({ packs: 2, pack: PLATEAU_30, cost: 12 });
    expect(plan.lines.get(FLOUR.id)).toMatchObject({ packs: 3, pack: PAQUET_500G, cost: 3 });
    expect(plan.lines.get(BREAD.id)).toMatchObject({ packs: null, loose: pieces(8), cost: 12 });
  });

  it('counts a supplier no longer in the profile as none, at the default price', () => {
    const plan = costs([0, 1], 5, { suppliers: SUPPLIERS.filter((s) => s.id !== BOUCHERIE) });
    expect(plan.suppliers.map((s) => s.name)).toEqual([
      'Sans fournisseur',
      'Boulangerie',
      'Carrefour',
    ]);
    euros(plan.suppliers[0]?.cost, 21 + 86.8);
  });

  it('takes the default price for an ingredient of no supplier', () => {
    // Everything of « Sans fournisseur »: flour at 1,50 € a packet, beef at 12 €/kg, and bread,
    // which only has the baker's price, is missing.
    const plan = costs([0], 5, { supplierOf: () => NO_SUPPLIER });
    euros(plan.lines.get(FLOUR.id)?.cost, 4.5);
    euros(plan.lines.get(MEAT.id)?.cost, (1.8 + 2.38) * 12);
    expect(plan.missing).toEqual([{ ingredient: BREAD, reason: 'noPrice' }]);
    expect(plan.suppliers).toHaveLength(1);
    expect(plan.suppliers[0]).toMatchObject({ name: 'Sans fournisseur', complete: false });
  });
});

describe('planCosts with missing prices', () => {
  it('lists each missing price with its reason, and marks the costs incomplete', () => {
    const plan = costs([2]);
    // In the compile's order: category (Épicerie, then Laitages), then name.
    expect(plan.missing).toEqual([
      { ingredient: CHOCOLATE, reason: 'otherMeasure' },
      { ingredient: SAFFRON, reason: 'noPrice' },
      { ingredient: BUTTER, reason: 'noPack' },
    ]);
    expect(plan.complete).toBe(false);
    // What could be priced is counted: 2,4 L of milk. The rest is not taken as 0 silently.
    const [snack] = plan.meals;
    expect(snack).toMatchObject({ mealId: SNACK_2.id, people: 12, complete: false });
    euros(snack?.cost, 2.4);
    expect(plan.days).toHaveLength(1);
    expect(plan.days[0]).toMatchObject({ day: 2, people: 12, complete: false });
    euros(plan.days[0]?.perPerson, 0.2);
    expect(plan.suppliers.map((s) => [s.name, s.complete])).toEqual([
      ['Sans fournisseur', false],
      ['Carrefour', true],
    ]);
    expect(plan.lines.get(SAFFRON.id)).toMatchObject({ price: null, missing: 'noPrice' });
    expect(plan.lines.get(CHOCOLATE.id)).toMatchObject({
      loose: pieces(3),
      missing: 'otherMeasure',
    });
  });

  it('needs no price for a meal nobody eats', () => {
    // Saffron has no price but the dinner of day 1 needs none of it.
    const plan = costs([1]);
    expect(plan.missing).toEqual([]);
    expect(plan.complete).toBe(true);
  });

  it('costs the whole stay, all days, incomplete while a price is missing', () => {
    const plan = costs([0, 1, 2]);
    expect(plan.days.map((d) => [d.day, d.people, d.overBudget, d.complete])).toEqual([
      [0, 12, false, true],
      [1, 12, true, true],
      [2, 12, false, false],
    ]);
    euros(plan.cost, 60 + 61.8 + 2.4);
    expect(plan.personDays).toBe(36);
    euros(plan.perPersonDay, 124.2 / 36);
    expect(plan.complete).toBe(false);
    expect(plan.missing.map((m) => [m.ingredient.name, m.reason])).toEqual([
      ['Chocolat', 'otherMeasure'],
      ['Safran', 'noPrice'],
      ['Beurre', 'noPack'],
    ]);
    // 6,8 L of milk now.
    euros(plan.suppliers.find((s) => s.supplierId === CARREFOUR)?.cost, 3 + 6.8);
  });

  it('leaves out meals of other days and costs nothing for no day', () => {
    const plan = costs([]);
    expect(plan).toMatchObject({
      meals: [],
      days: [],
      cost: 0,
      personDays: 0,
      perPersonDay: null,
      complete: true,
      suppliers: [],
      toPay: 0,
      missing: [],
    });
  });
});

describe('isOverBudget', () => {
  it('compares to the cent, and never without a budget or people', () => {
    expect(isOverBudget(5, 5)).toBe(false);
    expect(isOverBudget(5.004, 5)).toBe(false);
    expect(isOverBudget(5.006, 5)).toBe(true);
    expect(isOverBudget(60 / 12, 5)).toBe(false);
    expect(isOverBudget(null, 5)).toBe(false);
    expect(isOverBudget(100, null)).toBe(false);
  });
});

describe('formatting', () => {
  it('writes euros as French does, with non-breaking spaces', () => {
    // U+00A0 before the sign, U+202F between thousands.
    expect(formatEuros(12.5)).toBe('12,50\u00a0€');
    expect(formatEuros(1234.5)).toBe('1\u202f234,50\u00a0€');
    expect(formatEuros(0)).toBe('0,00\u00a0€');
    expect(formatEuros(0.1 + 0.2)).toBe('0,30\u00a0€');
    expect(formatEuros(4.996)).toBe('5,00\u00a0€');
    // No '-0,00 €' for a rounding residue.
    expect(formatEuros(-0.001)).toBe('0,00\u00a0€');
  });

  it('rounds euros to the cent as numbers', () => {
    expect(toCents(3.456)).toBe(3.46);
    expect(toCents(0.1 + 0.2)).toBe(0.3);
    expect(Object.is(toCents(-0.001), 0)).toBe(true);
  });

  it('says what a price is for', () => {
    expect(perLabel('pack', PAQUET_500G)).toBe('par paquet de 500 gr');
    expect(perLabel('pack', PLATEAU_30)).toBe('par plateau de 30 pièces');
    expect(perLabel('pack', null)).toBe('par paquet');
    expect(perLabel(Unite.Kg, null)).toBe('par kg');
    expect(perLabel(Unite.G, PAQUET_500G)).toBe('par gr');
    expect(perLabel(Unite.L, null)).toBe('par L');
    expect(perLabel(Unite.CL, null)).toBe('par cL');
    expect(perLabel(Unite.Pieces, null)).toBe('par pièce');
  });

  it('writes packs and their size', () => {
    expect(formatPackSize(PAQUET_500G)).toBe('500 gr');
    expect(formatPackSize(pack('sac', 2.5, Unite.Kg))).toBe('2,50 kg');
    expect(formatPacks(3, PAQUET_500G)).toBe('3 × paquet de 500 gr');
    expect(formatPacks(2, PLATEAU_30)).toBe('2 × plateau de 30 pièces');
  });
});
