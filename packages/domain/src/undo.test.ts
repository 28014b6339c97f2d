import { beforeEach, describe, expect, it } from 'vitest';
import type { Stay } from './entities.js';
import { Horaire, Plat, Unite } from './enums.js';
import { runMutation, type MutationArgs } from './mutators/index.js';
import { ALICE, BOB, FRESH, NOW, World } from '../test/mutators-world.js';
import { runUndoable, type UndoableMutation } from './undo.js';

let w: World;
let stay: Stay;
beforeEach(async () => {
  w = await World.create();
  stay = await w.stay(ALICE, { name: 'Camp de Pâques' });
});

/** Runs an action with its undo, then the undo; returns the undo's arguments. */
async function doThenUndo<N extends UndoableMutation>(name: N, args: MutationArgs<N>) {
  const undo = await runUndoable(w.store, ALICE, name, args, () =>
    runMutation(w.as(ALICE), name, args),
  );
  expect(undo).not.toBeNull();
  await runMutation(w.as(ALICE), 'restoreSnapshot', undo!);
  return undo!;
}

describe('undo of a destructive action restores exactly what was there', () => {
  it('deleteMeal: the meal and its filled private menu come back with their ids', async () => {
    const carrot = await w.ingredient(null, { name: 'Carotte' });
    const menu = await w.menu(ALICE, {
      isFavorite: false,
      ingredients: [
        {
          ingredientId: carrot.id,
          quantity: { val: 2, unite: Unite.Kg, forPeople: 10 },
          plat: Plat.Entree,
        },
      ],
    });
    const meal = await w.meal(stay, { menuId: menu.id, day: 3, slot: Horaire.Diner });
    const before = w.snapshot();

    const undo = await doThenUndo('deleteMeal', { id: meal.id });

    expect(undo.put.map((p) => `${p.table}:${p.row.id}`).sort()).toEqual(
      [`meals:${meal.id}`, `menus:${menu.id}`].sort(),
    );
    expect(undo.remove).toEqual([]);
    expect(w.snapshot()).toEqual(before);
  });

  it('deleteStay: the stay, its groups, meals and private menus come back; favourites untouched', async () => {
    const g1 = await w.group(stay, { name: 'Louveteaux' });
    const g2 = await w.group(stay, { name: 'Scouts' });
    const favourite = await w.menu(ALICE, { isFavorite: true });
    await w.meal(stay, { groupIds: [g1.id, g2.id] });
    await w.meal(stay, { day: 1, menuId: favourite.id, groupIds: [g2.id] });
    const before = w.snapshot();

    const undo = await doThenUndo('deleteStay', { id: stay.id });

    expect(undo.put.filter((p) => p.table === 'menus')).toHaveLength(1);
    expect(w.snapshot()).toEqual(before);
  });

  it('deleteGroup: the group and its place in each meal come back', async () => {
    const g1 = await w.group(stay);
    const g2 = await w.group(stay);
    await w.meal(stay, { groupIds: [g1.id, g2.id] });
    await w.meal(stay, { day: 1, groupIds: [g2.id] });
    const before = w.snapshot();
    await doThenUndo('deleteGroup', { id: g1.id });
    expect(w.snapshot()).toEqual(before);
  });

  it('runMealWizard replacing meals: the new meals and menus go, the old ones come back', async () => {
    const g = await w.group(stay);
    const filled = await w.menu(ALICE, {
      isFavorite: false,
      recipeIds: [(await w.recipe(ALICE)).id],
    });
    await w.meal(stay, { menuId: filled.id, groupIds: [g.id] });
    const before = w.snapshot();

    const undo = await doThenUndo('runMealWizard', {
      stayId: stay.id,
      daysNumber: 2,
      excursions: {},
      withGouter: true,
      groupsForCinquieme: [],
      deleteExisting: true,
      ids: { first: FRESH, count: 100 },
      now: NOW,
    });

    // 2 days × 4 meals, each with its menu.
    expect(undo.remove).toHaveLength(16);
    expect(w.snapshot()).toEqual(before);
  });

  it('swapMealMenus, removeMenuItem, deleteRecipe, deleteMenu, deleteIngredient', async () => {
    const a = await w.meal(stay);
    const b = await w.meal(stay, { day: 1 });
    const recipe = await w.recipe(ALICE, { name: 'Gratin' });
    const favourite = await w.menu(ALICE, { recipeIds: [recipe.id] });
    const unused = await w.recipe(ALICE, { name: 'Tarte' });
    const onion = await w.ingredient(ALICE, { name: 'Oignon' });
    const before = w.snapshot();

    await doThenUndo('swapMealMenus', { mealId1: a.id, mealId2: b.id });
    await doThenUndo('removeMenuItem', {
      menuId: favourite.id,
      itemId: recipe.id,
      isRecipe: true,
      now: '2024-06-01T00:00:00.000Z',
    });
    await doThenUndo('deleteRecipe', { id: unused.id });
    await doThenUndo('deleteIngredient', { id: onion.id });
    expect(w.snapshot()).toEqual(before);

    await runMutation(w.as(ALICE), 'removeMenuItem', {
      menuId: favourite.id,
      itemId: recipe.id,
      isRecipe: true,
      now: NOW,
    });
    const emptied = w.snapshot();
    await doThenUndo('deleteMenu', { id: favourite.id });
    expect(w.snapshot()).toEqual(emptied);
  });

  it('deleteProfile: the profile, its suppliers and the own stays that used it by default', async () => {
    const profile = await w.profile(ALICE);
    const supplier = await w.supplier(profile, { name: 'Boucherie' });
    const carrot = await w.ingredient(null);
    await w.store.put('profiles', {
      ...profile,
      ingredientLinks: [{ ingredientId: carrot.id, supplierId: supplier.id }],
      kindLinks: [{ kind: 1, supplierId: supplier.id }],
    });
    await w.store.put('stays', { ...stay, profileId: profile.id });
    const before = w.snapshot();
    await doThenUndo('deleteProfile', { id: profile.id });
    expect(w.snapshot()).toEqual(before);
    await doThenUndo('deleteSupplier', { id: supplier.id });
    expect(w.snapshot()).toEqual(before);
  });

  it('an action that changes nothing has nothing to undo', async () => {
    const a = await w.meal(stay);
    const undo = await runUndoable(
      w.store,
      ALICE,
      'swapMealMenus',
      { mealId1: a.id, mealId2: a.id },
      () => runMutation(w.as(ALICE), 'swapMealMenus', { mealId1: a.id, mealId2: a.id }),
    );
    expect(undo).toBeNull();
  });
});

describe('restoreSnapshot refuses what is not the user’s to restore', () => {
  it('refuses rows of another owner and rows that overwrite another user’s', async () => {
    const bobStay = await w.stay(BOB, { name: 'Camp de Bob' });
    let refusal = await w.refusal(ALICE, 'restoreSnapshot', {
      put: [{ table: 'stays', row: { ...bobStay, name: 'Volé' } }],
      remove: [],
    });
    expect(refusal.error.message).toBe('Seul son propriétaire peut modifier ce séjour.');
    expect(refusal.after).toEqual(refusal.before);

    refusal = await w.refusal(ALICE, 'restoreSnapshot', {
      put: [{ table: 'stays', row: { ...bobStay, owner: ALICE, name: 'Volé' } }],
      remove: [],
    });
    // Alice cannot even learn that Bob's stay exists.
    expect(refusal.error.code).toBe('not_found');
    expect(refusal.after).toEqual(refusal.before);
  });

  it('refuses removing another user’s meal or a favourite menu, and malformed rows', async () => {
    const bobStay = await w.stay(BOB);
    const bobMeal = await w.meal(bobStay);
    const favourite = await w.menu(ALICE);
    for (const args of [
      { put: [], remove: [{ table: 'meals', id: bobMeal.id }] },
      { put: [], remove: [{ table: 'menus', id: favourite.id }] },
      { put: [{ table: 'stays', row: { ...stay, extra: 1 } }], remove: [] },
      { put: [{ table: 'users', row: { id: ALICE, pseudo: 'x' } }], remove: [] },
    ]) {
      const refusal = await w.refusal(ALICE, 'restoreSnapshot', args);
      expect(refusal.after).toEqual(refusal.before);
    }
  });

  it('refuses a meal in another user’s stay or on another user’s private menu', async () => {
    const bobStay = await w.stay(BOB);
    const bobMeal = await w.meal(bobStay);
    const meal = await w.meal(stay);
    for (const row of [
      { ...meal, stayId: bobStay.id },
      { ...meal, menuId: bobMeal.menuId },
    ]) {
      const refusal = await w.refusal(ALICE, 'restoreSnapshot', {
        put: [{ table: 'meals', row }],
        remove: [],
      });
      expect(refusal.after).toEqual(refusal.before);
    }
  });

  it("refuses a meal put on another meal's private menu", async () => {
    const a = await w.meal(stay);
    const b = await w.meal(stay, { day: 1 });
    const refusal = await w.refusal(ALICE, 'restoreSnapshot', {
      put: [{ table: 'meals', row: { ...b, menuId: a.menuId } }],
      remove: [],
    });
    // Checked once every row is back (a swap's undo crosses menus), so after its writes: the
    // device and the server roll the transaction back.
    expect(refusal.error.message).toBe('Le menu de ce repas appartient déjà à un autre repas.');
  });

  it('mends lost references: a group deleted since is left out of the restored meal', async () => {
    const g1 = await w.group(stay);
    const g2 = await w.group(stay);
    const meal = await w.meal(stay, { groupIds: [g1.id, g2.id] });
    const undo = await runUndoable(w.store, ALICE, 'deleteMeal', { id: meal.id }, () =>
      runMutation(w.as(ALICE), 'deleteMeal', { id: meal.id }),
    );
    await runMutation(w.as(ALICE), 'deleteGroup', { id: g2.id });
    await runMutation(w.as(ALICE), 'restoreSnapshot', undo!);
    expect((await w.get('meals', meal.id))?.groupIds).toEqual([g1.id]);
  });

  it('refuses a recipe whose name was taken meanwhile, with the name in the reason', async () => {
    const recipe = await w.recipe(ALICE, { name: 'Gratin' });
    const undo = await runUndoable(w.store, ALICE, 'deleteRecipe', { id: recipe.id }, () =>
      runMutation(w.as(ALICE), 'deleteRecipe', { id: recipe.id }),
    );
    await w.recipe(ALICE, { name: 'gratin' });
    const refusal = await w.refusal(ALICE, 'restoreSnapshot', undo);
    expect(refusal.error.message).toContain('Gratin');
  });
});
