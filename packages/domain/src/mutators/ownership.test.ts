import { beforeAll, describe, expect, it } from 'vitest';
import type { DomainErrorCode } from '../errors.js';
import type { MutationName } from './index.js';
import { MUTATORS } from './index.js';
import { ALICE, BOB, CAROL, FRESH, LATER, World, shopLine } from '../../test/mutators-world.js';

/**
 * Bob runs every mutator on Alice's rows. Rows he cannot read (her stays, groups, meals,
 * unpublished menus and recipes) are reported missing; rows he can read but not change
 * (published menus and recipes, ingredients, profiles, suppliers) are forbidden. Her larder
 * and shopping lists are hers alone: missing to him, whatever he tries (a helper ticks a shared
 * list on the server, on her behalf, never as another user). Her packs and prices (issue 21) are
 * found by her own id: his setPurchase only ever makes or changes his row, and her row's id is
 * taken.
 */

// Mutators that only create rows of the caller: there is nobody else's row to touch.
const CREATE_ONLY: readonly MutationName[] = [
  'createStay',
  'createFavoriteMenu',
  'createRecipe',
  'createIngredient',
  'createProfile',
  'importRecipes',
];

let w: World;
let cases: [MutationName, unknown, DomainErrorCode][];

beforeAll(async () => {
  w = await World.create();
  const stay = await w.stay(ALICE);
  const group = await w.group(stay);
  const meal = await w.meal(stay, { groupIds: [group.id] });
  const meal2 = await w.meal(stay, { day: 1 });
  const ingredient = await w.ingredient(ALICE, { name: 'Sel' });
  const published = await w.menu(ALICE, {
    isPublished: true,
    ingredients: [
      { ingredientId: ingredient.id, quantity: { val: 1, unite: 0, forPeople: 1 }, plat: 0 },
    ],
  });
  const hiddenMenu = await w.menu(ALICE);
  const recipe = await w.recipe(ALICE, {
    isPublished: true,
    ingredients: [{ ingredientId: ingredient.id, quantity: { val: 1, unite: 0, forPeople: 1 } }],
  });
  const profile = await w.profile(ALICE);
  const supplier = await w.supplier(profile);
  const bobsStay = await w.stay(BOB);
  const bobsMeal = await w.meal(bobsStay);
  const bobsMenu = await w.menu(BOB);
  const bobsProfile = await w.profile(BOB);
  const quantity = { val: 2, unite: 1, forPeople: 4 };
  const now = LATER;
  const list = await w.shopList(stay, {
    items: [shopLine(ingredient, { checked: true, tickedAt: now })],
    share: { token: 'a'.repeat(22), created: now },
  });
  const stock = await w.stock(stay, ingredient);
  const sample = await w.registerEntry(stay, {}, meal);
  const reading = await w.registerEntry(stay);
  const delivery = await w.registerEntry(stay, {
    kind: 'delivery',
    supplier: '',
    ingredientId: ingredient.id,
    product: ingredient.name,
    val: 1,
    unite: 1,
    lot: '',
    dateKind: 'dlc',
    date: null,
    storage: 'ambient',
    temperature: null,
    accepted: true,
    reason: '',
    stockId: null,
  } as never);
  // Carol takes part in Alice's stay (issue 32): Bob does not, and touches nothing of its team.
  const membership = {
    id: 777_001,
    stayId: stay.id,
    owner: ALICE,
    userId: CAROL,
    role: 'plan' as const,
    since: now,
  };
  await w.store.put('stayMembers', membership);
  const invitation = {
    id: 777_002,
    stayId: stay.id,
    owner: ALICE,
    role: 'keep' as const,
    mail: null,
    token: 'invitation-token-777002',
    created: now,
    expires: '2099-01-01T00:00:00.000Z',
    usedBy: null,
  };
  await w.store.put('stayInvitations', invitation);
  const purchase = await w.purchase(ALICE, ingredient);
  const newLine = { ...shopLine(ingredient) } as Partial<ReturnType<typeof shopLine>>;
  for (const field of ['checked', 'stored', 'bought', 'tickedAt'] as const) delete newLine[field];

  cases = [
    [
      'restoreSnapshot',
      { put: [{ table: 'stays', row: { ...stay, name: 'X' } }], remove: [] },
      'forbidden',
    ],
    ['restoreSnapshot', { put: [], remove: [{ table: 'meals', id: meal.id }] }, 'not_found'],
    ['updateStay', { id: stay.id, name: 'X' }, 'not_found'],
    ['deleteStay', { id: stay.id }, 'not_found'],
    ['duplicateStay', { id: stay.id, ids: { first: FRESH, count: 100 }, now }, 'not_found'],
    ['setStayProfile', { stayId: stay.id, profileId: bobsProfile.id }, 'not_found'],
    ['setStayExportSecret', { stayId: stay.id, secret: null }, 'not_found'],
    ['setStayBudget', { stayId: stay.id, budget: 5 }, 'not_found'],
    ['setStayBudget', { stayId: stay.id, budget: null }, 'not_found'],
    [
      'setPurchase',
      { id: purchase.id, ingredientId: ingredient.id, pack: null, prices: purchase.prices },
      'conflict',
    ],
    [
      'createGroup',
      { id: FRESH, stayId: stay.id, name: 'X', color: '#000000', size: 1 },
      'not_found',
    ],
    ['updateGroup', { id: group.id, size: 3 }, 'not_found'],
    [
      'setGroupNeeds',
      { id: group.id, needs: { diets: { 0: 2 }, allergies: {}, notes: '' } },
      'not_found',
    ],
    ['deleteGroup', { id: group.id }, 'not_found'],
    [
      'createMeal',
      { id: FRESH, menuId: FRESH + 1, stayId: stay.id, day: 0, slot: 0, now },
      'not_found',
    ],
    ['updateMeal', { id: meal.id, day: 3 }, 'not_found'],
    ['deleteMeal', { id: meal.id }, 'not_found'],
    [
      'setMealAlternative',
      { mealId: meal.id, kind: 'allergen', code: 4, people: 2, recipeIds: [recipe.id] },
      'not_found',
    ],
    ['removeMealAlternative', { mealId: meal.id, kind: 'allergen', code: 4 }, 'not_found'],
    ['moveMealGroup', { groupId: group.id, fromMealId: meal.id, toMealId: meal2.id }, 'not_found'],
    [
      'runMealWizard',
      {
        stayId: stay.id,
        daysNumber: 1,
        excursions: {},
        withGouter: false,
        groupsForCinquieme: [],
        deleteExisting: true,
        ids: { first: FRESH, count: 100 },
        now,
      },
      'not_found',
    ],
    ['setMealMenu', { mealId: meal.id, menuId: bobsMenu.id }, 'not_found'],
    ['swapMealMenus', { mealId1: bobsMeal.id, mealId2: meal.id }, 'not_found'],
    ['saveMealMenuAsFavorite', { mealId: meal.id, now }, 'not_found'],
    ['addMenuIngredient', { menuId: published.id, ingredientId: ingredient.id, now }, 'forbidden'],
    ['addMenuRecipe', { menuId: hiddenMenu.id, recipeId: recipe.id, now }, 'not_found'],
    [
      'updateMenuIngredient',
      { menuId: published.id, ingredientId: ingredient.id, quantity, plat: 1, now },
      'forbidden',
    ],
    [
      'removeMenuItem',
      { menuId: published.id, itemId: ingredient.id, isRecipe: false, now },
      'forbidden',
    ],
    ['deleteMenu', { id: published.id }, 'forbidden'],
    ['setMenuPublished', { id: hiddenMenu.id, isPublished: true, now }, 'not_found'],
    ['updateRecipe', { id: recipe.id, description: 'X', now }, 'forbidden'],
    ['setRecipePublished', { id: recipe.id, isPublished: false, now }, 'forbidden'],
    ['deleteRecipe', { id: recipe.id }, 'forbidden'],
    ['addRecipeIngredient', { recipeId: recipe.id, ingredientId: ingredient.id, now }, 'forbidden'],
    [
      'updateRecipeIngredient',
      { recipeId: recipe.id, ingredientId: ingredient.id, quantity, now },
      'forbidden',
    ],
    [
      'removeRecipeIngredient',
      { recipeId: recipe.id, ingredientId: ingredient.id, now },
      'forbidden',
    ],
    ['updateIngredient', { id: ingredient.id, name: 'Poivre' }, 'forbidden'],
    ['deleteIngredient', { id: ingredient.id }, 'forbidden'],
    ['renameProfile', { id: profile.id, name: 'X' }, 'forbidden'],
    ['deleteProfile', { id: profile.id }, 'forbidden'],
    ['createSupplier', { id: FRESH, profileId: profile.id }, 'forbidden'],
    ['renameSupplier', { id: supplier.id, name: 'X' }, 'forbidden'],
    ['deleteSupplier', { id: supplier.id }, 'forbidden'],
    [
      'mapProfileIngredients',
      { profileId: profile.id, ingredientIds: [ingredient.id], supplierId: -1 },
      'forbidden',
    ],
    ['mapProfileKinds', { profileId: profile.id, kinds: [1], supplierId: -1 }, 'forbidden'],
    ['tidyProfileMapping', { profileId: profile.id }, 'forbidden'],
    [
      'createShopList',
      { id: FRESH, stayId: stay.id, name: 'X', now, items: [newLine] },
      'not_found',
    ],
    ['deleteShopList', { id: list.id }, 'not_found'],
    ['tickShopItem', { id: list.id, key: String(ingredient.id), checked: false, now }, 'not_found'],
    [
      'tickShopItems',
      { id: list.id, ticks: [{ key: String(ingredient.id), checked: false, now }] },
      'not_found',
    ],
    [
      'setShopItemBought',
      { id: list.id, key: String(ingredient.id), bought: null, now },
      'not_found',
    ],
    ['shareShopList', { id: list.id, token: 'b'.repeat(22), now }, 'not_found'],
    ['stopSharingShopList', { id: list.id }, 'not_found'],
    [
      'addPurchasesToStock',
      { id: list.id, keys: [], ids: { first: FRESH, count: 10 } },
      'not_found',
    ],
    [
      'addStock',
      { id: FRESH, stayId: stay.id, ingredientId: ingredient.id, unite: 1, val: 1 },
      'not_found',
    ],
    ['updateStock', { id: stock.id, val: 5 }, 'not_found'],
    ['deleteStock', { id: stock.id }, 'not_found'],
    // The kitchen's register (issue 35).
    ['setColdUnits', { stayId: stay.id, units: [] }, 'not_found'],
    ['takeSample', { id: FRESH, mealId: meal2.id, time: '12:00', dishes: [] }, 'not_found'],
    ['discardSample', { id: sample.id, at: now }, 'not_found'],
    [
      'addReading',
      {
        id: FRESH,
        stayId: stay.id,
        unit: 'refrigerateur',
        day: 0,
        time: '08:00',
        value: 2,
        note: '',
        action: '',
      },
      'not_found',
    ],
    ['updateReading', { id: reading.id, value: 9 }, 'not_found'],
    [
      'addDelivery',
      {
        id: FRESH,
        stayId: stay.id,
        day: 0,
        time: '09:00',
        supplier: '',
        ingredientId: ingredient.id,
        val: 1,
        unite: 1,
        lot: '',
        dateKind: 'dlc',
        date: null,
        storage: 'ambient',
        temperature: null,
        accepted: true,
        reason: '',
      },
      'not_found',
    ],
    ['updateDelivery', { id: delivery.id, lot: 'X' }, 'not_found'],
    ['storeDelivery', { id: delivery.id, stockId: FRESH }, 'not_found'],
    ['deleteRegisterEntry', { id: reading.id }, 'not_found'],
    ['setStayMemberRole', { id: membership.id, role: 'read' }, 'not_found'],
    ['removeStayMember', { id: membership.id }, 'not_found'],
    ['leaveStay', { id: membership.id }, 'not_found'],
    [
      'transferStay',
      { memberId: membership.id, userId: membership.userId, now: LATER },
      'not_found',
    ],
    [
      'inviteToStay',
      { id: FRESH, stayId: stay.id, role: 'plan', mail: null, token: 'b'.repeat(20), now },
      'not_found',
    ],
    ['revokeStayInvitation', { id: invitation.id }, 'not_found'],
    [
      'joinWithInvitation',
      { id: FRESH, invitationId: invitation.id, userId: BOB, now },
      'not_found',
    ],
    [
      'restoreSnapshot',
      { put: [{ table: 'stock', row: { ...stock, val: 9 } }], remove: [] },
      'forbidden',
    ],
    [
      'restoreSnapshot',
      { put: [{ table: 'shopLists', row: { ...list, owner: BOB } }], remove: [] },
      'not_found',
    ],
  ];
});

describe("every mutator on another user's rows", () => {
  it('has a case for each mutator that touches existing rows', () => {
    const covered = new Set([...cases.map(([name]) => name), ...CREATE_ONLY]);
    expect(Object.keys(MUTATORS).filter((name) => !covered.has(name as MutationName))).toEqual([]);
  });

  it('is refused with the expected code, writing nothing', async () => {
    for (const [name, args, code] of cases) {
      const { error, before, after } = await w.refusal(BOB, name, args);
      expect(error.code, name).toBe(code);
      expect(error.message, name).toMatch(
        code === 'forbidden'
          ? /^Seul son propriétaire peut modifier /
          : code === 'conflict'
            ? /^L'identifiant \d+ est déjà utilisé\.$/
            : /n'existe pas ou n'est plus disponible\.$/,
      );
      expect(after, name).toEqual(before);
    }
  });

  it("makes the caller's own purchase row, never changes or removes hers", async () => {
    const [hers] = w.snapshot().purchases;
    expect(hers?.owner).toBe(ALICE);
    const args = { ingredientId: hers!.ingredientId, pack: null };
    await w.run(BOB, 'setPurchase', { ...args, id: FRESH + 500, prices: [] });
    expect(w.snapshot().purchases).toEqual([hers]);
    const price = { supplierId: null, amount: 9, per: 1 as const, date: '2024-06-15' };
    await w.run(BOB, 'setPurchase', { ...args, id: FRESH + 501, prices: [price] });
    await w.run(BOB, 'setPurchase', {
      ...args,
      id: FRESH + 502,
      prices: [{ ...price, amount: 8 }],
    });
    expect(w.snapshot().purchases).toEqual([
      hers,
      { ...args, id: FRESH + 501, owner: BOB, prices: [{ ...price, amount: 8 }] },
    ]);
    await w.run(BOB, 'setPurchase', { ...args, id: FRESH + 503, prices: [] });
    expect(w.snapshot().purchases).toEqual([hers]);
  });
});
