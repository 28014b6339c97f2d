import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from '../limits.js';
import { MUTATORS } from './index.js';
import { ALICE, FRESH, NOW, World } from '../../test/mutators-world.js';

let w: World;
beforeEach(async () => {
  w = await World.create();
  const stay = await w.stay(ALICE, { id: 50 });
  await w.group(stay, { id: 51 });
  await w.meal(stay, { id: 52, menuId: 53 });
  await w.recipe(ALICE, { id: 54 });
  await w.ingredient(ALICE, { id: 55, name: 'Sel' });
});

async function expectInvalid(name: unknown, args: unknown, message: string): Promise<void> {
  const { error, before, after } = await w.refusal(ALICE, name, args);
  expect(error.code).toBe('invalid');
  expect(error.message).toBe(message);
  expect(after).toEqual(before);
}

const fieldMessage = (field: string): string =>
  `Modification invalide : le champ « ${field} » est manquant ou mal formé.`;

describe('runMutation: names and arguments', () => {
  it('refuses an unknown mutation name', async () => {
    await expectInvalid('dropTables', { id: 1 }, 'Modification inconnue.');
    await expectInvalid('toString', {}, 'Modification inconnue.');
    await expectInvalid(42, {}, 'Modification inconnue.');
  });

  it('refuses arguments that are not an object', async () => {
    await expectInvalid('createStay', null, 'Modification invalide : données mal formées.');
    await expectInvalid('createStay', 'x', 'Modification invalide : données mal formées.');
    await expectInvalid('deleteStay', [50], 'Modification invalide : données mal formées.');
  });

  it('names a missing field', async () => {
    await expectInvalid('createStay', { id: FRESH, start: '2024-07-01' }, fieldMessage('name'));
    await expectInvalid('updateMeal', { slot: 1 }, fieldMessage('id'));
  });

  it('names a field of the wrong type', async () => {
    await expectInvalid('deleteStay', { id: '50' }, fieldMessage('id'));
    await expectInvalid('deleteStay', { id: 50.5 }, fieldMessage('id'));
    await expectInvalid('deleteStay', { id: 0 }, fieldMessage('id'));
    await expectInvalid('deleteStay', { id: -3 }, fieldMessage('id'));
    await expectInvalid('deleteStay', { id: 2 ** 53 }, fieldMessage('id'));
    await expectInvalid(
      'createStay',
      { id: FRESH, name: 'Camp', start: '01/07/2024' },
      fieldMessage('start'),
    );
    await expectInvalid(
      'createMeal',
      { id: FRESH, menuId: FRESH + 1, stayId: 50, day: 0, slot: 5, now: NOW },
      fieldMessage('slot'),
    );
    await expectInvalid(
      'runMealWizard',
      {
        stayId: 50,
        daysNumber: 0,
        excursions: {},
        withGouter: true,
        groupsForCinquieme: [],
        deleteExisting: false,
        ids: { first: FRESH, count: 10 },
        now: NOW,
      },
      fieldMessage('daysNumber'),
    );
  });

  it('names a nested field with dots', async () => {
    await expectInvalid(
      'duplicateStay',
      { id: 50, ids: { first: 0, count: 10 }, now: NOW },
      fieldMessage('ids.first'),
    );
    await expectInvalid(
      'updateMenuIngredient',
      {
        menuId: 53,
        ingredientId: 55,
        quantity: { val: 1, unite: 0, forPeople: 0 },
        plat: 0,
        now: NOW,
      },
      fieldMessage('quantity.forPeople'),
    );
  });

  it('refuses names and descriptions past their limit', async () => {
    const longName = 'a'.repeat(MAX_NAME_LENGTH + 1);
    await expectInvalid(
      'createStay',
      { id: FRESH, name: longName, start: '2024-07-01' },
      fieldMessage('name'),
    );
    await expectInvalid(
      'createIngredient',
      { id: FRESH, name: longName, kind: 0 },
      fieldMessage('name'),
    );
    await expectInvalid(
      'updateRecipe',
      { id: 54, description: 'x'.repeat(MAX_DESCRIPTION_LENGTH + 1), now: NOW },
      fieldMessage('description'),
    );
    await expectInvalid(
      'setStayExportSecret',
      { stayId: 50, secret: 'a'.repeat(65) },
      fieldMessage('secret'),
    );
  });

  it('accepts a name exactly at the limit', async () => {
    await w.run(ALICE, 'createStay', {
      id: FRESH,
      name: 'a'.repeat(MAX_NAME_LENGTH),
      start: '2024-07-01',
    });
    expect((await w.get('stays', FRESH))?.name).toHaveLength(MAX_NAME_LENGTH);
  });

  it('refuses out-of-range enumerations and quantities', async () => {
    await expectInvalid(
      'createIngredient',
      { id: FRESH, name: 'Riz', kind: 7 },
      fieldMessage('kind'),
    );
    await expectInvalid(
      'createRecipe',
      { id: FRESH, name: 'Gratin', plat: -1, now: NOW },
      fieldMessage('plat'),
    );
    await expectInvalid(
      'updateRecipeIngredient',
      { recipeId: 54, ingredientId: 55, quantity: { val: -1, unite: 0, forPeople: 4 }, now: NOW },
      fieldMessage('quantity.val'),
    );
    await expectInvalid(
      'updateRecipeIngredient',
      { recipeId: 54, ingredientId: 55, quantity: { val: 1, unite: 5, forPeople: 4 }, now: NOW },
      fieldMessage('quantity.unite'),
    );
  });

  it('refuses malformed line keys, share tokens, totals and larder quantities', async () => {
    await expectInvalid(
      'tickShopItem',
      { id: 60, key: '12@x', checked: true, now: NOW },
      fieldMessage('key'),
    );
    await expectInvalid(
      'tickShopItem',
      { id: 60, key: '', checked: true, now: NOW },
      fieldMessage('key'),
    );
    await expectInvalid(
      'shareShopList',
      { id: 60, token: 'court', now: NOW },
      fieldMessage('token'),
    );
    await expectInvalid(
      'shareShopList',
      { id: 60, token: 'a/b'.repeat(8), now: NOW },
      fieldMessage('token'),
    );
    await expectInvalid(
      'setShopItemBought',
      { id: 60, key: '55', bought: { pieces: 1, grams: 0, centiliters: 0, kg: 1 }, now: NOW },
      fieldMessage('bought'),
    );
    await expectInvalid(
      'addStock',
      { id: FRESH, stayId: 50, ingredientId: 55, unite: 1, val: -1 },
      fieldMessage('val'),
    );
    await expectInvalid(
      'addStock',
      { id: FRESH, stayId: 50, ingredientId: 55, unite: 5, val: 1 },
      fieldMessage('unite'),
    );
  });

  it('refuses malformed packs, prices and budgets (issue 21)', async () => {
    const purchase = {
      id: FRESH,
      ingredientId: 55,
      pack: { name: 'paquet', size: 500, unite: 2 },
      prices: [{ supplierId: null, amount: 1.2, per: 'pack', date: '2024-06-15' }],
    };
    const [good] = purchase.prices;
    await expectInvalid(
      'setPurchase',
      { ...purchase, pack: { name: 'paquet' } },
      fieldMessage('pack'),
    );
    await expectInvalid('setPurchase', { ...purchase, prices: null }, fieldMessage('prices'));
    await expectInvalid(
      'setPurchase',
      { ...purchase, prices: [{ ...good, amount: '1,20' }] },
      fieldMessage('prices.0.amount'),
    );
    await expectInvalid(
      'setPurchase',
      { ...purchase, prices: [{ ...good, per: 'paquet' }] },
      fieldMessage('prices.0.per'),
    );
    await expectInvalid(
      'setPurchase',
      { ...purchase, prices: [{ ...good, date: '2024-6-15' }] },
      fieldMessage('prices.0.date'),
    );
    await expectInvalid(
      'setPurchase',
      { ...purchase, prices: [{ ...good, currency: 'EUR' }] },
      fieldMessage('prices.0.currency'),
    );
    await expectInvalid('setStayBudget', { stayId: 50, budget: 0 }, fieldMessage('budget'));
    await expectInvalid('setStayBudget', { stayId: 50, budget: 10_001 }, fieldMessage('budget'));
    await expectInvalid('setStayBudget', { stayId: 50 }, fieldMessage('budget'));
  });

  it('refuses an empty argument object for every mutator, writing nothing', async () => {
    for (const name of Object.keys(MUTATORS)) {
      const { error, before, after } = await w.refusal(ALICE, name, {});
      expect(error.code, name).toBe('invalid');
      expect(error.message, name).toMatch(/^Modification invalide : le champ « .+ » est manquant/u);
      expect(after, name).toEqual(before);
    }
  });
});

describe('the registry derived from the modules', () => {
  it('holds every mutator, and only mutators, under its export name', () => {
    const names = Object.keys(MUTATORS);
    expect(names).toHaveLength(77);
    expect(names).toEqual(
      expect.arrayContaining([
        'createStay',
        'importRecipes',
        'restoreSnapshot',
        // Shopping lists and the larder (issue 19).
        'createShopList',
        'deleteShopList',
        'tickShopItem',
        'setShopItemBought',
        'shareShopList',
        'stopSharingShopList',
        'addStock',
        'updateStock',
        'deleteStock',
        'addPurchasesToStock',
        // Diets and allergies of a group (issue 20).
        'setGroupNeeds',
        'setMealAlternative',
        'removeMealAlternative',
        // Packs, prices and budget (issue 21).
        'setPurchase',
        'setStayBudget',
      ]),
    );
    // Helpers and messages exported beside the mutators are not mutations.
    expect(names).not.toContain('checkRecipeNameFree');
    expect(names).not.toContain('INGREDIENT_IN_USE');
    expect(names).not.toContain('checkShopListRoom');
    expect(names).not.toContain('TickShopItemSchema');
    expect(names).not.toContain('PackSchema');
    expect(names).not.toContain('PricesSchema');
    for (const def of Object.values(MUTATORS)) {
      expect(typeof def.run).toBe('function');
      expect(def.schema).toBeTypeOf('object');
    }
  });
});
