import { describe, expect, it } from 'vitest';
import { compileIngredients, loadCompileInput, type CompileResult } from './compile.js';
import type { Id, Ingredient } from './entities.js';
import { Horaire, IngredientKind, Unite } from './enums.js';
import { larderOf, type StockEntry } from './larder.js';

/** Entries without dates: the stay's start does not matter. */
const undated = (entries: readonly StockEntry[]) => larderOf(entries, '2026-07-01');
import type { Pack, Purchase } from './entities.js';
import { ALICE, World } from '../test/mutators-world.js';
import { emptyTotal, type QuantityTotal } from './quantity.js';
import {
  SHARE_DAYS,
  boughtOf,
  hasSomethingToBuy,
  isFreshIngredient,
  isShareOpen,
  planShopItems,
  purchaseDay,
  shopItemKey,
  sortShopItems,
  tickCount,
  type ShopListInput,
} from './shop-list.js';

const total = (pieces: number, grams: number, centiliters: number): QuantityTotal => ({
  pieces,
  grams,
  centiliters,
});
const ingredient = (id: Id, name: string, kind: IngredientKind, fresh?: boolean): Ingredient => ({
  id,
  name,
  kind,
  owner: null,
  ...(fresh === undefined ? {} : { fresh }),
});

const flour = ingredient(1, 'Farine', IngredientKind.Epicerie);
const tomatoes = ingredient(2, 'Tomates', IngredientKind.FruitsLegumes);
const eggs = ingredient(3, 'Œufs', IngredientKind.Laitages);
const bread = ingredient(4, 'Baguette', IngredientKind.Boulangerie);

/** Meals 10 to 15: day 0 midday and dinner, day 1 midday and dinner, day 3 midday, day 2 midday. */
const MEALS: CompileResult['meals'] = {
  10: { day: 0, slot: Horaire.Midi },
  11: { day: 0, slot: Horaire.Diner },
  12: { day: 1, slot: Horaire.Midi },
  13: { day: 1, slot: Horaire.Diner },
  14: { day: 3, slot: Horaire.Midi },
  15: { day: 2, slot: Horaire.Midi },
};

/** A compiled need: the ingredient with one use per [meal, unit, value]. */
function compiled(...entries: [Ingredient, [Id, Unite, number][]][]): CompileResult {
  return {
    meals: MEALS,
    ingredients: entries.map(([ing, uses]) => ({
      ingredient: ing,
      uses: uses.map(([mealId, unite, val]) => ({ mealId, unite, val })),
      total: emptyTotal(),
    })),
  };
}

function plan(over: Partial<ShopListInput> & Pick<ShopListInput, 'compiled'>) {
  return planShopItems({
    stock: new Map(),
    freshPerDay: true,
    supplierOf: () => '',
    ...over,
  });
}

describe('isFreshIngredient', () => {
  it('follows the category when the ingredient says nothing', () => {
    const byKind = Object.values(IngredientKind).map((kind) => [kind, isFreshIngredient({ kind })]);
    expect(byKind).toEqual([
      [IngredientKind.Autre, false],
      [IngredientKind.FruitsLegumes, true],
      [IngredientKind.Feculents, false],
      [IngredientKind.ViandesPoissons, true],
      [IngredientKind.Epicerie, false],
      [IngredientKind.Laitages, true],
      [IngredientKind.Boulangerie, true],
    ]);
  });

  it("lets the ingredient's own mark override its category, either way", () => {
    expect(isFreshIngredient({ kind: IngredientKind.Epicerie, fresh: true })).toBe(true);
    expect(isFreshIngredient({ kind: IngredientKind.FruitsLegumes, fresh: false })).toBe(false);
    expect(isFreshIngredient({ kind: IngredientKind.Laitages, fresh: true })).toBe(true);
  });
});

describe('planShopItems', () => {
  it('lists a product that is not fresh once, over every day, keyed by its id', () => {
    const items = plan({
      compiled: compiled([
        flour,
        [
          [10, Unite.Kg, 1.5],
          [12, Unite.G, 500],
          [14, Unite.Kg, 2],
        ],
      ]),
    });
    expect(items).toEqual([
      {
        key: '1',
        ingredientId: 1,
        name: 'Farine',
        kind: IngredientKind.Epicerie,
        supplier: '',
        day: null,
        need: total(0, 4000, 0),
        inStock: total(0, 0, 0),
        toBuy: total(0, 4000, 0),
        uses: [],
      },
    ]);
  });

  it('lists a fresh product per day of its meals, keyed id@day, when asked', () => {
    const input = compiled([
      tomatoes,
      [
        [10, Unite.Kg, 1],
        [11, Unite.Kg, 2],
        [14, Unite.G, 700],
        [12, Unite.G, 300],
      ],
    ]);
    const items = plan({ compiled: input });
    expect(items.map((i) => [i.key, i.day, i.need, i.toBuy])).toEqual([
      ['2@0', 0, total(0, 3000, 0), total(0, 3000, 0)],
      ['2@1', 1, total(0, 300, 0), total(0, 300, 0)],
      ['2@3', 3, total(0, 700, 0), total(0, 700, 0)],
    ]);
    // Not asked: one line over all days, like any other product.
    expect(
      plan({ compiled: input, freshPerDay: false }).map((i) => [i.key, i.day, i.need]),
    ).toEqual([['2', null, total(0, 4000, 0)]]);
  });

  it("follows the ingredient's own mark rather than its category", () => {
    const items = plan({
      compiled: compiled(
        [
          { ...flour, fresh: true },
          [
            [10, Unite.Kg, 1],
            [12, Unite.Kg, 1],
          ],
        ],
        [
          { ...tomatoes, fresh: false },
          [
            [10, Unite.Kg, 1],
            [12, Unite.Kg, 1],
          ],
        ],
      ),
    });
    expect(items.map((i) => i.key)).toEqual(['2', '1@0', '1@1']);
  });

  it('subtracts the larder from a product bought once', () => {
    const items = plan({
      compiled: compiled([
        flour,
        [
          [10, Unite.Kg, 3],
          [12, Unite.Kg, 1],
        ],
      ]),
      stock: undated([
        { ingredientId: flour.id, unite: Unite.Kg, val: 1 },
        { ingredientId: flour.id, unite: Unite.G, val: 500 },
        // Another ingredient's stock covers nothing of it.
        { ingredientId: tomatoes.id, unite: Unite.Kg, val: 10 },
      ]),
    });
    expect(items.map((i) => [i.need, i.inStock, i.toBuy])).toEqual([
      [total(0, 4000, 0), total(0, 1500, 0), total(0, 2500, 0)],
    ]);
  });

  it('says how many whole packs cover what the larder leaves to buy (issue 21)', () => {
    const purchase = (id: Id, ingredientId: Id, pack: Pack | null): Purchase => ({
      id,
      owner: 1,
      ingredientId,
      pack,
      prices: [],
    });
    const items = plan({
      compiled: compiled(
        [
          flour,
          [
            [10, Unite.Kg, 3],
            [12, Unite.Kg, 1],
          ],
        ],
        [
          eggs,
          [
            [10, Unite.Pieces, 21.6],
            [12, Unite.Pieces, 12],
          ],
        ],
        [bread, [[10, Unite.Pieces, 8]]],
      ),
      freshPerDay: false,
      // 4 kg of flour, 1,5 kg in the larder: 2,5 kg to buy is 3 packets of 1 kg.
      stock: undated([{ ingredientId: flour.id, unite: Unite.G, val: 1500 }]),
      purchases: new Map([
        [flour.id, purchase(20, flour.id, { name: 'paquet', size: 1, unite: Unite.Kg })],
        [eggs.id, purchase(21, eggs.id, { name: 'plateau', size: 30, unite: Unite.Pieces })],
        // Bread has a price but no pack: no packs on its line.
        [bread.id, purchase(22, bread.id, null)],
      ]),
    });
    expect(items.map((i) => [i.name, i.toBuy, i.packs ?? null])).toEqual([
      [
        'Farine',
        total(0, 2500, 0),
        { count: 3, pack: { name: 'paquet', size: 1, unite: Unite.Kg } },
      ],
      // 22 + 12 = 34 eggs: 2 trays of 30.
      [
        'Œufs',
        total(34, 0, 0),
        { count: 2, pack: { name: 'plateau', size: 30, unite: Unite.Pieces } },
      ],
      ['Baguette', total(8, 0, 0), null],
    ]);
  });

  it('gives no packs when the larder covers it all', () => {
    const items = plan({
      compiled: compiled([flour, [[10, Unite.Kg, 1]]]),
      stock: undated([{ ingredientId: flour.id, unite: Unite.Kg, val: 2 }]),
      purchases: new Map([
        [
          flour.id,
          {
            id: 20,
            owner: 1,
            ingredientId: flour.id,
            pack: { name: 'paquet', size: 1, unite: Unite.Kg },
            prices: [],
          },
        ],
      ]),
    });
    expect(items[0]?.packs).toBeUndefined();
  });

  it('uses the larder up from the earliest day of a fresh product', () => {
    // 2 kg on day 0, 2 kg on day 1, 1 kg on day 3; 3 kg in the larder.
    const items = plan({
      compiled: compiled([
        tomatoes,
        [
          [14, Unite.Kg, 1],
          [12, Unite.Kg, 2],
          [10, Unite.Kg, 2],
        ],
      ]),
      stock: undated([{ ingredientId: tomatoes.id, unite: Unite.Kg, val: 3 }]),
    });
    expect(items.map((i) => [i.key, i.inStock, i.toBuy])).toEqual([
      ['2@0', total(0, 2000, 0), total(0, 0, 0)],
      ['2@1', total(0, 1000, 0), total(0, 1000, 0)],
      ['2@3', total(0, 0, 0), total(0, 1000, 0)],
    ]);
    expect(items.map(hasSomethingToBuy)).toEqual([false, true, true]);
  });

  it('counts pieces whole meal by meal, and what the larder leaves whole', () => {
    // 2.2 eggs at each of two meals is 3 + 3 = 6 eggs, not 4.4 rounded to 5.
    const items = plan({
      compiled: compiled([
        eggs,
        [
          [10, Unite.Pieces, 2.2],
          [11, Unite.Pieces, 2.2],
        ],
      ]),
      freshPerDay: false,
    });
    expect(items[0]!.need).toEqual(total(6, 0, 0));
    // Two and a half eggs in the larder leave 3.5 to buy: 4 eggs.
    const withStock = plan({
      compiled: compiled([
        eggs,
        [
          [10, Unite.Pieces, 2.2],
          [11, Unite.Pieces, 2.2],
        ],
      ]),
      freshPerDay: false,
      stock: undated([{ ingredientId: eggs.id, unite: Unite.Pieces, val: 2.5 }]),
    });
    expect([withStock[0]!.inStock, withStock[0]!.toBuy]).toEqual([
      total(2.5, 0, 0),
      total(4, 0, 0),
    ]);
  });

  it("names each line's supplier", () => {
    const items = plan({
      compiled: compiled([flour, [[10, Unite.Kg, 1]]], [bread, [[10, Unite.Pieces, 4]]]),
      supplierOf: (i) => (i.kind === IngredientKind.Boulangerie ? 'Boulangerie Martin' : 'Super U'),
    });
    expect(items.map((i) => [i.name, i.supplier])).toEqual([
      ['Farine', 'Super U'],
      ['Baguette', 'Boulangerie Martin'],
    ]);
  });

  it('sorts lines bought once first, then day by day; within, supplier, category, name', () => {
    const butter = ingredient(5, 'Beurre', IngredientKind.Laitages, false);
    const rice = ingredient(6, 'riz', IngredientKind.Feculents);
    const apples = ingredient(7, 'Pommes', IngredientKind.FruitsLegumes);
    const items = plan({
      compiled: compiled(
        [
          tomatoes,
          [
            [14, Unite.Kg, 1],
            [15, Unite.Kg, 1],
            [10, Unite.Kg, 1],
          ],
        ],
        [flour, [[10, Unite.Kg, 1]]],
        [butter, [[12, Unite.G, 250]]],
        [rice, [[15, Unite.Kg, 1]]],
        [bread, [[15, Unite.Pieces, 3]]],
        [apples, [[10, Unite.Kg, 1]]],
      ),
      supplierOf: (i) => (i.kind === IngredientKind.Boulangerie ? 'Boulangerie' : 'Épicerie'),
    });
    expect(items.map((i) => i.key)).toEqual([
      // Bought once, at the grocer's: Féculents (riz) < Épicerie (Farine) < Laitages (Beurre).
      '6',
      '1',
      '5',
      // Day 0: Pommes before Tomates (same category, by name).
      '7@0',
      '2@0',
      // Day 2: the baker before the grocer.
      '4@2',
      '2@2',
      '2@3',
    ]);
  });
});

describe('sortShopItems', () => {
  it('orders by day (none first), supplier, category and French name', () => {
    const line = (name: string, day: number | null, supplier = '', kind = 0) => ({
      name,
      day,
      supplier,
      kind: kind as IngredientKind,
    });
    const sorted = sortShopItems([
      line('Œufs', 1),
      line('œillets', null),
      line('Ail', null, 'Marché'),
      line('Zeste', null),
      line('Épices', null),
      line('Eau', 0),
      line('Beurre', 0, '', 5),
      line('Abricots', 0, '', 1),
    ]);
    expect(sorted.map((l) => l.name)).toEqual([
      'Épices',
      'œillets',
      'Zeste',
      'Ail',
      'Eau',
      'Abricots',
      'Beurre',
      'Œufs',
    ]);
  });
});

describe('the small rules of a list', () => {
  it('keys a line by its ingredient, and its day when bought per day', () => {
    expect(shopItemKey(42, null)).toBe('42');
    expect(shopItemKey(42, 0)).toBe('42@0');
    expect(shopItemKey(42, -1)).toBe('42@-1');
  });

  it('buys a fresh line the day before its meals', () => {
    expect(purchaseDay({ day: 3 })).toBe(2);
    expect(purchaseDay({ day: 0 })).toBe(-1);
    expect(purchaseDay({ day: null })).toBeNull();
  });

  it('counts what was noted as bought, else what was to buy', () => {
    expect(boughtOf({ bought: null, toBuy: total(0, 1800, 0) })).toEqual(total(0, 1800, 0));
    expect(boughtOf({ bought: total(0, 2000, 0), toBuy: total(0, 1800, 0) })).toEqual(
      total(0, 2000, 0),
    );
  });

  it('counts the ticked lines', () => {
    expect(tickCount([])).toEqual({ checked: 0, total: 0 });
    expect(tickCount([{ checked: true }, { checked: false }, { checked: true }])).toEqual({
      checked: 2,
      total: 3,
    });
  });

  it('opens a shared link for SHARE_DAYS days after it was made, and not a moment more', () => {
    const created = '2024-07-01T08:00:00.000Z';
    const start = Date.parse(created);
    const end = start + SHARE_DAYS * 24 * 3600 * 1000;
    const list = { share: { token: 'a'.repeat(22), created } };
    expect(SHARE_DAYS).toBe(30);
    expect(isShareOpen(list, start)).toBe(true);
    expect(isShareOpen(list, end - 1)).toBe(true);
    expect(isShareOpen(list, end)).toBe(false);
    expect(isShareOpen(list, end + 1)).toBe(false);
    expect(isShareOpen({ share: null }, start)).toBe(false);
    expect(isShareOpen({ share: { token: 'a'.repeat(22), created: 'hier' } }, start)).toBe(false);
  });
});

describe('the larder subtracts from the needs of a compiled stay (issue 19)', () => {
  it('plans the lines of chosen days from the meals, the groups and the larder', async () => {
    const w = await World.create();
    const stay = await w.stay(ALICE);
    const grands = await w.group(stay, { size: 12 });
    const petits = await w.group(stay, { size: 8 });
    const rice = await w.ingredient(null, { name: 'Riz', kind: IngredientKind.Feculents });
    const milk = await w.ingredient(null, { name: 'Lait', kind: IngredientKind.Laitages });
    const salt = await w.ingredient(ALICE, { name: 'Sel', kind: IngredientKind.Epicerie });
    // Riz au lait: 100 g of rice and 50 cL of milk for 4 people.
    const recipe = await w.recipe(ALICE, {
      ingredients: [
        { ingredientId: rice.id, quantity: { val: 100, unite: Unite.G, forPeople: 4 } },
        { ingredientId: milk.id, quantity: { val: 0.5, unite: Unite.L, forPeople: 4 } },
      ],
    });
    const withRecipe = async (day: number, groupIds: Id[]) => {
      const menu = await w.menu(ALICE, { isFavorite: false, recipeIds: [recipe.id] });
      return w.meal(stay, { menuId: menu.id, day, groupIds });
    };
    await withRecipe(0, [grands.id, petits.id]); // 20 people
    await withRecipe(1, [grands.id]); // 12 people
    await withRecipe(2, [petits.id]); // 8 people, a day not chosen
    const saltMenu = await w.menu(ALICE, {
      isFavorite: false,
      ingredients: [
        { ingredientId: salt.id, quantity: { val: 10, unite: Unite.G, forPeople: 10 }, plat: 0 },
      ],
    });
    await w.meal(stay, { menuId: saltMenu.id, day: 1, groupIds: [petits.id] });
    // The larder: 1 kg of rice, 8 L of milk (in two entries), no salt.
    await w.stock(stay, rice, { unite: Unite.Kg, val: 1 });
    await w.stock(stay, milk, { unite: Unite.L, val: 5 });
    await w.stock(stay, milk, { unite: Unite.CL, val: 300 });

    const result = compileIngredients(await loadCompileInput(w.store, stay.id, [0, 1]));
    const stock = undated(await w.store.where('stock', 'stayId', stay.id));
    const items = planShopItems({
      compiled: result,
      stock,
      freshPerDay: true,
      supplierOf: () => 'Intermarché',
    });

    expect(items.map((i) => [i.key, i.need, i.inStock, i.toBuy])).toEqual([
      // Rice: 500 g + 300 g needed, the larder's kilogram covers it, 200 g stay.
      [`${rice.id}`, total(0, 800, 0), total(0, 800, 0), total(0, 0, 0)],
      // Salt: 8 g for the 8 little ones, none in the larder.
      [`${salt.id}`, total(0, 8, 0), total(0, 0, 0), total(0, 8, 0)],
      // Milk is fresh: day 0 needs 250 cL, day 1 150 cL; the larder's 800 cL cover both.
      [`${milk.id}@0`, total(0, 0, 250), total(0, 0, 250), total(0, 0, 0)],
      [`${milk.id}@1`, total(0, 0, 150), total(0, 0, 150), total(0, 0, 0)],
    ]);

    // With 3 L of milk only, day 0 takes 2.5 L and day 1 gets the last 50 cL.
    const short = planShopItems({
      compiled: result,
      stock: undated([{ ingredientId: milk.id, unite: Unite.L, val: 3 }]),
      freshPerDay: true,
      supplierOf: () => '',
    });
    expect(short.filter((i) => i.ingredientId === milk.id).map((i) => i.toBuy)).toEqual([
      total(0, 0, 0),
      total(0, 0, 100),
    ]);
  });
});

describe('a list counts from the larder what is still good on the day it is eaten (issue 35)', () => {
  it('leaves out what expires before its meal, bought once or per day', () => {
    const milk = ingredient(5, 'Lait', IngredientKind.Laitages);
    // 2 L on day 0 (meal 10), 3 L on day 3 (meal 14); the larder: 4 L used by day 1 (7 July).
    const need = compiled([
      milk,
      [
        [10, Unite.L, 2],
        [14, Unite.L, 3],
      ],
    ]);
    const stock = larderOf(
      [{ ingredientId: milk.id, unite: Unite.L, val: 4, useBy: '2026-07-02', dateKind: 'dlc' }],
      '2026-07-01',
    );
    const once = plan({ compiled: need, stock, freshPerDay: false });
    expect(once.map((i) => [i.key, i.need, i.inStock, i.toBuy])).toEqual([
      ['5', total(0, 0, 500), total(0, 0, 200), total(0, 0, 300)],
    ]);
    const perDay = plan({ compiled: need, stock, freshPerDay: true });
    expect(perDay.map((i) => [i.key, i.inStock, i.toBuy])).toEqual([
      ['5@0', total(0, 0, 200), total(0, 0, 0)],
      ['5@3', total(0, 0, 0), total(0, 0, 300)],
    ]);
    // A best-before date is no limit: the same milk covers day 3 too.
    const ddm = larderOf(
      [{ ingredientId: milk.id, unite: Unite.L, val: 4, useBy: '2026-07-02', dateKind: 'ddm' }],
      '2026-07-01',
    );
    expect(plan({ compiled: need, stock: ddm, freshPerDay: false })[0]!.toBuy).toEqual(
      total(0, 0, 100),
    );
  });
});
