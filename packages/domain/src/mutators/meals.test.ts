import { beforeEach, describe, expect, it } from 'vitest';
import type { Stay } from '../entities.js';
import { Horaire } from '../enums.js';
import { runMutation } from './index.js';
import { ALICE, BOB, CAROL, FRESH, LATER, NOW, World } from '../../test/mutators-world.js';

let w: World;
let stay: Stay;
beforeEach(async () => {
  w = await World.create();
  stay = await w.stay(ALICE);
});

describe('createMeal', () => {
  it('creates the meal with a new empty private menu and the groups not already eating then', async () => {
    const g1 = await w.group(stay);
    const g2 = await w.group(stay);
    const g3 = await w.group(stay);
    await w.meal(stay, { day: 2, slot: Horaire.Diner, groupIds: [g2.id] });
    await w.meal(stay, { day: 2, slot: Horaire.Midi, groupIds: [g1.id] });
    const ctx = w.as(ALICE);

    await runMutation(ctx, 'createMeal', {
      id: FRESH,
      menuId: FRESH + 1,
      stayId: stay.id,
      day: 2,
      slot: Horaire.Diner,
      now: NOW,
    });

    expect(ctx.claimed).toEqual([
      { table: 'menus', id: FRESH + 1 },
      { table: 'meals', id: FRESH },
    ]);
    expect(await w.get('meals', FRESH)).toEqual({
      id: FRESH,
      stayId: stay.id,
      owner: ALICE,
      menuId: FRESH + 1,
      day: 2,
      slot: Horaire.Diner,
      additionalPeople: 0,
      groupIds: [g1.id, g3.id],
    });
    expect(await w.get('menus', FRESH + 1)).toEqual({
      id: FRESH + 1,
      owner: ALICE,
      isFavorite: false,
      isPublished: false,
      updated: NOW,
      ingredients: [],
      recipeIds: [],
    });
  });

  it('accepts a negative day', async () => {
    await w.run(ALICE, 'createMeal', {
      id: FRESH,
      menuId: FRESH + 1,
      stayId: stay.id,
      day: -2,
      slot: Horaire.PetitDejeuner,
      now: NOW,
    });
    expect((await w.get('meals', FRESH))?.day).toBe(-2);
  });

  it('refuses the same id for the meal and its menu, ids in use, and a stay of another user', async () => {
    const same = await w.refusal(ALICE, 'createMeal', {
      id: FRESH,
      menuId: FRESH,
      stayId: stay.id,
      day: 0,
      slot: 1,
      now: NOW,
    });
    expect(same.error.code).toBe('invalid');
    expect(same.error.message).toBe('Le repas et son menu doivent avoir deux identifiants.');
    expect(same.after).toEqual(same.before);

    const used = await w.menu(BOB);
    const taken = await w.refusal(ALICE, 'createMeal', {
      id: FRESH,
      menuId: used.id,
      stayId: stay.id,
      day: 0,
      slot: 1,
      now: NOW,
    });
    expect(taken.error.code).toBe('conflict');
    expect(taken.after).toEqual(taken.before);

    const other = await w.refusal(BOB, 'createMeal', {
      id: FRESH,
      menuId: FRESH + 1,
      stayId: stay.id,
      day: 0,
      slot: 1,
      now: NOW,
    });
    expect(other.error.code).toBe('not_found');
    expect(other.after).toEqual(other.before);
  });
});

describe('updateMeal', () => {
  it('changes slot, day and additional people (which may be negative)', async () => {
    const meal = await w.meal(stay, { day: 0, slot: Horaire.Midi, additionalPeople: 0 });
    await w.run(ALICE, 'updateMeal', { id: meal.id, additionalPeople: -3 });
    expect(await w.get('meals', meal.id)).toEqual({ ...meal, additionalPeople: -3 });
    await w.run(ALICE, 'updateMeal', { id: meal.id, slot: Horaire.Gouter, day: 4 });
    expect(await w.get('meals', meal.id)).toEqual({
      ...meal,
      additionalPeople: -3,
      slot: Horaire.Gouter,
      day: 4,
    });
  });

  it('refuses a meal of another user', async () => {
    const meal = await w.meal(stay);
    const { error, before, after } = await w.refusal(BOB, 'updateMeal', { id: meal.id, day: 1 });
    expect(error.code).toBe('not_found');
    expect(error.message).toBe("Ce repas n'existe pas ou n'est plus disponible.");
    expect(after).toEqual(before);
  });
});

describe('deleteMeal', () => {
  it('deletes the meal and collects its private menu', async () => {
    const meal = await w.meal(stay);
    await w.run(ALICE, 'deleteMeal', { id: meal.id });
    expect(await w.get('meals', meal.id)).toBeUndefined();
    expect(await w.get('menus', meal.menuId)).toBeUndefined();
  });

  it('keeps a favourite menu, and a published menu of another user', async () => {
    const favourite = await w.menu(ALICE, { isFavorite: true });
    const bobs = await w.menu(BOB, { isFavorite: true, isPublished: true });
    const m1 = await w.meal(stay, { menuId: favourite.id });
    const m2 = await w.meal(stay, { menuId: bobs.id });
    await w.run(ALICE, 'deleteMeal', { id: m1.id });
    await w.run(ALICE, 'deleteMeal', { id: m2.id });
    expect(w.ids('meals')).toEqual([]);
    expect(w.ids('menus')).toEqual([favourite.id, bobs.id]);
  });

  it('refuses a meal of another user', async () => {
    const meal = await w.meal(stay);
    const { error, before, after } = await w.refusal(BOB, 'deleteMeal', { id: meal.id });
    expect(error.code).toBe('not_found');
    expect(after).toEqual(before);
  });
});

describe('moveMealGroup', () => {
  it('moves a group from one meal to the other', async () => {
    const g1 = await w.group(stay);
    const g2 = await w.group(stay);
    const from = await w.meal(stay, { groupIds: [g1.id, g2.id] });
    const to = await w.meal(stay, { groupIds: [] });
    await w.run(ALICE, 'moveMealGroup', { groupId: g2.id, fromMealId: from.id, toMealId: to.id });
    expect((await w.get('meals', from.id))?.groupIds).toEqual([g1.id]);
    expect((await w.get('meals', to.id))?.groupIds).toEqual([g2.id]);
  });

  it('ignores a move onto the same meal', async () => {
    const g1 = await w.group(stay);
    const meal = await w.meal(stay, { groupIds: [g1.id] });
    const before = w.snapshot();
    await w.run(ALICE, 'moveMealGroup', { groupId: g1.id, fromMealId: meal.id, toMealId: meal.id });
    expect(w.snapshot()).toEqual(before);
  });

  it('refuses a group of another stay and meals of two stays', async () => {
    const other = await w.stay(ALICE);
    const foreignGroup = await w.group(other);
    const g1 = await w.group(stay);
    const from = await w.meal(stay, { groupIds: [g1.id] });
    const to = await w.meal(stay);
    const elsewhere = await w.meal(other);

    const wrongGroup = await w.refusal(ALICE, 'moveMealGroup', {
      groupId: foreignGroup.id,
      fromMealId: from.id,
      toMealId: to.id,
    });
    expect(wrongGroup.error.code).toBe('invalid');
    expect(wrongGroup.error.message).toBe("Ce groupe n'appartient pas à ce séjour.");
    expect(wrongGroup.after).toEqual(wrongGroup.before);

    const twoStays = await w.refusal(ALICE, 'moveMealGroup', {
      groupId: g1.id,
      fromMealId: from.id,
      toMealId: elsewhere.id,
    });
    expect(twoStays.error.code).toBe('invalid');
    expect(twoStays.error.message).toBe(
      "Un groupe ne peut passer qu'entre deux repas du même séjour.",
    );
    expect(twoStays.after).toEqual(twoStays.before);
  });

  it('refuses meals of another user', async () => {
    const g1 = await w.group(stay);
    const from = await w.meal(stay, { groupIds: [g1.id] });
    const to = await w.meal(stay);
    const { error, before, after } = await w.refusal(BOB, 'moveMealGroup', {
      groupId: g1.id,
      fromMealId: from.id,
      toMealId: to.id,
    });
    expect(error.code).toBe('not_found');
    expect(after).toEqual(before);
  });
});

describe('runMealWizard', () => {
  const wizard = (over: Record<string, unknown> = {}) => ({
    stayId: stay.id,
    daysNumber: 5,
    excursions: {},
    withGouter: true,
    groupsForCinquieme: [],
    deleteExisting: false,
    ids: { first: FRESH, count: 1000 },
    now: NOW,
    ...over,
  });

  it('creates 37 meals for 5 days with one group out on days 0 to 2, each with its own private menu', async () => {
    const g1 = await w.group(stay);
    const g2 = await w.group(stay);
    const ctx = w.as(ALICE);
    await runMutation(
      ctx,
      'runMealWizard',
      wizard({
        excursions: { '0': [g2.id], '1': [g2.id], '2': [g2.id] },
        groupsForCinquieme: [g1.id, g2.id],
      }),
    );
    const meals = w.store.snapshot('meals');
    const menus = w.store.snapshot('menus');
    // Days 0-2: 2 meals x 4 slots + the cinquième; days 3-4: 4 slots + the cinquième.
    expect(meals).toHaveLength(37);
    expect(menus).toHaveLength(37);
    expect(ctx.claimed).toHaveLength(74);
    expect(new Set(meals.map((m) => m.menuId)).size).toBe(37);
    expect(menus.every((m) => !m.isFavorite && m.owner === ALICE && m.updated === NOW)).toBe(true);
    // Day 0: the group out eats apart at every slot, before the others.
    const day0 = meals.filter((m) => m.day === 0).map((m) => [m.slot, m.groupIds]);
    expect(day0).toEqual([
      [Horaire.PetitDejeuner, [g2.id]],
      [Horaire.PetitDejeuner, [g1.id]],
      [Horaire.Midi, [g2.id]],
      [Horaire.Midi, [g1.id]],
      [Horaire.Gouter, [g2.id]],
      [Horaire.Gouter, [g1.id]],
      [Horaire.Diner, [g2.id]],
      [Horaire.Diner, [g1.id]],
      [Horaire.Cinquieme, [g1.id, g2.id]],
    ]);
    // First meal drawn: its menu first, then the meal.
    expect(meals[0]).toMatchObject({ id: FRESH + 1, menuId: FRESH });
  });

  it('creates three meals a day without goûter, and meals without groups for a stay without any', async () => {
    await w.run(ALICE, 'runMealWizard', wizard({ daysNumber: 2, withGouter: false }));
    const meals = w.store.snapshot('meals');
    expect(meals.map((m) => [m.day, m.slot, m.groupIds])).toEqual([
      [0, Horaire.PetitDejeuner, []],
      [0, Horaire.Midi, []],
      [0, Horaire.Diner, []],
      [1, Horaire.PetitDejeuner, []],
      [1, Horaire.Midi, []],
      [1, Horaire.Diner, []],
    ]);
  });

  it('adds to the existing meals, or replaces them and their private menus', async () => {
    const favourite = await w.menu(ALICE, { isFavorite: true });
    const old1 = await w.meal(stay, { day: 9 });
    const old2 = await w.meal(stay, { day: 9, menuId: favourite.id });

    await w.run(ALICE, 'runMealWizard', wizard({ daysNumber: 1, withGouter: false }));
    expect(w.ids('meals')).toHaveLength(5);

    await w.run(
      ALICE,
      'runMealWizard',
      wizard({
        daysNumber: 1,
        withGouter: false,
        deleteExisting: true,
        ids: { first: FRESH + 100, count: 6 },
      }),
    );
    const meals = w.store.snapshot('meals');
    expect(meals.map((m) => m.id)).toEqual([FRESH + 101, FRESH + 103, FRESH + 105]);
    expect(await w.get('meals', old1.id)).toBeUndefined();
    expect(await w.get('meals', old2.id)).toBeUndefined();
    // Old private menus are collected (the first run's included); the favourite stays.
    expect(w.ids('menus')).toEqual([favourite.id, FRESH + 100, FRESH + 102, FRESH + 104]);
  });

  it('refuses too small a range, writing nothing', async () => {
    await w.meal(stay);
    const { error, before, after } = await w.refusal(
      ALICE,
      'runMealWizard',
      wizard({ deleteExisting: true, ids: { first: FRESH, count: 39 } }),
    );
    expect(error.code).toBe('invalid');
    expect(error.message).toBe("Pas assez d'identifiants réservés pour cette modification.");
    expect(after).toEqual(before);
  });

  it('refuses a group of another stay, writing nothing', async () => {
    const other = await w.stay(ALICE);
    const foreign = await w.group(other);
    await w.group(stay);
    const { error, before, after } = await w.refusal(
      ALICE,
      'runMealWizard',
      wizard({ groupsForCinquieme: [foreign.id] }),
    );
    expect(error.code).toBe('invalid');
    expect(error.message).toBe(
      `Le groupe ${foreign.id} (pour le cinquième) n'appartient pas à ce séjour.`,
    );
    expect(after).toEqual(before);
  });

  it('refuses a stay of another user', async () => {
    const { error, before, after } = await w.refusal(BOB, 'runMealWizard', wizard());
    expect(error.code).toBe('not_found');
    expect(after).toEqual(before);
  });
});

describe('setMealMenu', () => {
  it('sets an own favourite menu and collects the old private menu', async () => {
    const favourite = await w.menu(ALICE, { isFavorite: true });
    const meal = await w.meal(stay);
    await w.run(ALICE, 'setMealMenu', { mealId: meal.id, menuId: favourite.id });
    expect((await w.get('meals', meal.id))?.menuId).toBe(favourite.id);
    expect(await w.get('menus', meal.menuId)).toBeUndefined();
  });

  it("sets another user's published menu, keeping the old favourite menu", async () => {
    const favourite = await w.menu(ALICE, { isFavorite: true });
    const bobs = await w.menu(BOB, { isFavorite: true, isPublished: true });
    const meal = await w.meal(stay, { menuId: favourite.id });
    await w.run(ALICE, 'setMealMenu', { mealId: meal.id, menuId: bobs.id });
    expect((await w.get('meals', meal.id))?.menuId).toBe(bobs.id);
    expect(await w.get('menus', favourite.id)).toEqual(favourite);
  });

  it('changes nothing when the meal already has that menu', async () => {
    const meal = await w.meal(stay);
    const before = w.snapshot();
    await w.run(ALICE, 'setMealMenu', { mealId: meal.id, menuId: meal.menuId });
    expect(w.snapshot()).toEqual(before);
  });

  it("refuses another user's unpublished menu as missing", async () => {
    const bobs = await w.menu(BOB, { isFavorite: true });
    const meal = await w.meal(stay);
    const { error, before, after } = await w.refusal(ALICE, 'setMealMenu', {
      mealId: meal.id,
      menuId: bobs.id,
    });
    expect(error.code).toBe('not_found');
    expect(error.message).toBe("Ce menu n'existe pas ou n'est plus disponible.");
    expect(after).toEqual(before);
  });

  it("refuses another user's menu unpublished after a meal of mine took it", async () => {
    // Still readable through the first meal, but no longer offered to new meals.
    const bobs = await w.menu(BOB, { isFavorite: true, isPublished: false });
    await w.meal(stay, { menuId: bobs.id });
    const meal = await w.meal(stay);
    const { error, before, after } = await w.refusal(ALICE, 'setMealMenu', {
      mealId: meal.id,
      menuId: bobs.id,
    });
    expect(error.code).toBe('forbidden');
    expect(error.message).toBe(
      'Seuls vos menus favoris et les menus publiés peuvent être utilisés.',
    );
    expect(after).toEqual(before);
  });

  it('refuses a private menu, even an own one', async () => {
    const m1 = await w.meal(stay);
    const m2 = await w.meal(stay);
    const { error, before, after } = await w.refusal(ALICE, 'setMealMenu', {
      mealId: m2.id,
      menuId: m1.menuId,
    });
    expect(error.code).toBe('forbidden');
    expect(after).toEqual(before);
  });

  it('refuses a meal of another user', async () => {
    const bobs = await w.menu(BOB, { isFavorite: true });
    const meal = await w.meal(stay);
    const { error, before, after } = await w.refusal(BOB, 'setMealMenu', {
      mealId: meal.id,
      menuId: bobs.id,
    });
    expect(error.code).toBe('not_found');
    expect(after).toEqual(before);
  });
});

describe('swapMealMenus', () => {
  it('exchanges the menus of two meals', async () => {
    const favourite = await w.menu(ALICE, { isFavorite: true });
    const a = await w.meal(stay);
    const b = await w.meal(stay, { day: 1, menuId: favourite.id });
    await w.run(ALICE, 'swapMealMenus', { mealId1: a.id, mealId2: b.id });
    expect(await w.get('meals', a.id)).toEqual({ ...a, menuId: favourite.id });
    expect(await w.get('meals', b.id)).toEqual({ ...b, menuId: a.menuId });
    expect(w.ids('menus')).toEqual([favourite.id, a.menuId].sort((x, y) => x - y));
  });

  it('does nothing for one meal with itself', async () => {
    const a = await w.meal(stay);
    const before = w.snapshot();
    await w.run(ALICE, 'swapMealMenus', { mealId1: a.id, mealId2: a.id });
    expect(w.snapshot()).toEqual(before);
  });

  it('refuses a meal of another user', async () => {
    const a = await w.meal(stay);
    const b = await w.meal(await w.stay(BOB));
    const { error, before, after } = await w.refusal(ALICE, 'swapMealMenus', {
      mealId1: a.id,
      mealId2: b.id,
    });
    expect(error.code).toBe('not_found');
    expect(after).toEqual(before);
  });
});

describe('saveMealMenuAsFavorite', () => {
  it('makes the private menu a favourite, kept when the meal goes', async () => {
    const meal = await w.meal(stay);
    await w.run(ALICE, 'saveMealMenuAsFavorite', { mealId: meal.id, now: LATER });
    expect(await w.get('menus', meal.menuId)).toMatchObject({
      isFavorite: true,
      isPublished: false,
      updated: LATER,
    });
    await w.run(ALICE, 'deleteMeal', { id: meal.id });
    expect(w.ids('menus')).toEqual([meal.menuId]);
  });

  it('does nothing for a menu already favourite', async () => {
    const favourite = await w.menu(ALICE, { isFavorite: true });
    const meal = await w.meal(stay, { menuId: favourite.id });
    const before = w.snapshot();
    await w.run(ALICE, 'saveMealMenuAsFavorite', { mealId: meal.id, now: LATER });
    expect(w.snapshot()).toEqual(before);
  });

  it("refuses a meal that uses another user's menu, and another user's meal", async () => {
    const bobs = await w.menu(BOB, { isFavorite: true, isPublished: true });
    const meal = await w.meal(stay, { menuId: bobs.id });
    const notMine = await w.refusal(ALICE, 'saveMealMenuAsFavorite', {
      mealId: meal.id,
      now: LATER,
    });
    expect(notMine.error.code).toBe('forbidden');
    expect(notMine.error.message).toBe('Seul son propriétaire peut modifier ce menu.');
    expect(notMine.after).toEqual(notMine.before);

    const own = await w.meal(stay);
    const other = await w.refusal(CAROL, 'saveMealMenuAsFavorite', { mealId: own.id, now: LATER });
    expect(other.error.code).toBe('not_found');
    expect(other.after).toEqual(other.before);
  });
});
