import { beforeEach, describe, expect, it } from 'vitest';
import type { Ingredient, Menu, Quantity } from '../entities.js';
import { Plat, Unite } from '../enums.js';
import { MAX_ITEMS_PER_MENU } from '../limits.js';
import { ALICE, BOB, FRESH, LATER, NOW, World } from '../../test/mutators-world.js';

let w: World;
let riz: Ingredient;
beforeEach(async () => {
  w = await World.create();
  riz = await w.ingredient(null, { name: 'Riz', kind: 2 });
});

const q = (val: number, unite: Unite, forPeople: number): Quantity => ({ val, unite, forPeople });

describe('addMenuIngredient', () => {
  it('adds 10 pièces for 10 people as Autre by default', async () => {
    const menu = await w.menu(ALICE);
    await w.run(ALICE, 'addMenuIngredient', { menuId: menu.id, ingredientId: riz.id, now: LATER });
    expect(await w.get('menus', menu.id)).toEqual({
      ...menu,
      updated: LATER,
      ingredients: [{ ingredientId: riz.id, quantity: q(10, Unite.Pieces, 10), plat: Plat.Autre }],
    });
  });

  it("with a stay, takes the quantity of the stay's most recently updated menu using it", async () => {
    const stay = await w.stay(ALICE);
    const otherStay = await w.stay(ALICE);
    const item = (quantity: Quantity) => [{ ingredientId: riz.id, quantity, plat: Plat.Autre }];
    const older = await w.menu(ALICE, {
      isFavorite: false,
      updated: '2024-04-01T00:00:00.000Z',
      ingredients: item(q(2, Unite.Kg, 20)),
    });
    const newer = await w.menu(ALICE, {
      isFavorite: false,
      updated: '2024-04-10T00:00:00.000Z',
      ingredients: item(q(750, Unite.G, 12)),
    });
    const elsewhere = await w.menu(ALICE, {
      isFavorite: false,
      updated: '2024-04-30T00:00:00.000Z',
      ingredients: item(q(9, Unite.Kg, 90)),
    });
    await w.meal(stay, { menuId: older.id });
    await w.meal(stay, { menuId: newer.id });
    await w.meal(otherStay, { menuId: elsewhere.id });
    const target = await w.meal(stay);

    await w.run(ALICE, 'addMenuIngredient', {
      menuId: target.menuId,
      ingredientId: riz.id,
      stayId: stay.id,
      now: LATER,
    });
    expect((await w.get('menus', target.menuId))?.ingredients).toEqual([
      { ingredientId: riz.id, quantity: q(750, Unite.G, 12), plat: Plat.Autre },
    ]);

    // Without a stay, the default again.
    const favourite = await w.menu(ALICE);
    await w.run(ALICE, 'addMenuIngredient', {
      menuId: favourite.id,
      ingredientId: riz.id,
      now: LATER,
    });
    expect((await w.get('menus', favourite.id))?.ingredients[0]?.quantity).toEqual(
      q(10, Unite.Pieces, 10),
    );
  });

  it('refuses an ingredient already in the menu, a missing one and a full menu', async () => {
    const menu = await w.menu(ALICE, {
      ingredients: [{ ingredientId: riz.id, quantity: q(1, Unite.Kg, 4), plat: Plat.Autre }],
    });
    const twice = await w.refusal(ALICE, 'addMenuIngredient', {
      menuId: menu.id,
      ingredientId: riz.id,
      now: LATER,
    });
    expect(twice.error.code).toBe('conflict');
    expect(twice.error.message).toBe('Cet ingrédient est déjà dans le menu.');
    expect(twice.after).toEqual(twice.before);

    const missing = await w.refusal(ALICE, 'addMenuIngredient', {
      menuId: menu.id,
      ingredientId: 999,
      now: LATER,
    });
    expect(missing.error.code).toBe('not_found');
    expect(missing.error.message).toBe("Cet ingrédient n'existe pas ou n'est plus disponible.");

    const full = await w.menu(ALICE, {
      recipeIds: Array.from({ length: MAX_ITEMS_PER_MENU }, (_, i) => 5000 + i),
    });
    const tooMany = await w.refusal(ALICE, 'addMenuIngredient', {
      menuId: full.id,
      ingredientId: riz.id,
      now: LATER,
    });
    expect(tooMany.error.code).toBe('invalid');
    expect(tooMany.error.message).toBe(
      `Un menu ne peut pas contenir plus de ${MAX_ITEMS_PER_MENU} éléments.`,
    );
    expect(tooMany.after).toEqual(tooMany.before);
  });

  it("refuses another user's menu (published: forbidden, private: missing) and stay", async () => {
    const published = await w.menu(BOB, { isPublished: true });
    const hidden = await w.menu(BOB);
    const forbidden = await w.refusal(ALICE, 'addMenuIngredient', {
      menuId: published.id,
      ingredientId: riz.id,
      now: LATER,
    });
    expect(forbidden.error.code).toBe('forbidden');
    expect(forbidden.error.message).toBe('Seul son propriétaire peut modifier ce menu.');
    expect(forbidden.after).toEqual(forbidden.before);
    const missing = await w.refusal(ALICE, 'addMenuIngredient', {
      menuId: hidden.id,
      ingredientId: riz.id,
      now: LATER,
    });
    expect(missing.error.code).toBe('not_found');
    expect(missing.after).toEqual(missing.before);

    const mine = await w.menu(ALICE);
    const bobsStay = await w.stay(BOB);
    const stay = await w.refusal(ALICE, 'addMenuIngredient', {
      menuId: mine.id,
      ingredientId: riz.id,
      stayId: bobsStay.id,
      now: LATER,
    });
    expect(stay.error.code).toBe('not_found');
    expect(stay.after).toEqual(stay.before);
  });
});

describe('addMenuRecipe', () => {
  it('adds an own recipe and a published recipe of another user', async () => {
    const menu = await w.menu(ALICE);
    const own = await w.recipe(ALICE);
    const bobs = await w.recipe(BOB, { isPublished: true });
    await w.run(ALICE, 'addMenuRecipe', { menuId: menu.id, recipeId: own.id, now: LATER });
    await w.run(ALICE, 'addMenuRecipe', { menuId: menu.id, recipeId: bobs.id, now: LATER });
    expect(await w.get('menus', menu.id)).toEqual({
      ...menu,
      updated: LATER,
      recipeIds: [own.id, bobs.id],
    });
  });

  it("adds another user's unpublished recipe shown in a published menu (readable there)", async () => {
    const hidden = await w.recipe(BOB);
    await w.menu(BOB, { isPublished: true, recipeIds: [hidden.id] });
    const menu = await w.menu(ALICE);
    await w.run(ALICE, 'addMenuRecipe', { menuId: menu.id, recipeId: hidden.id, now: LATER });
    expect((await w.get('menus', menu.id))?.recipeIds).toEqual([hidden.id]);
  });

  it("refuses another user's unpublished recipe as missing, and a recipe twice", async () => {
    const menu = await w.menu(ALICE);
    const hidden = await w.recipe(BOB);
    const missing = await w.refusal(ALICE, 'addMenuRecipe', {
      menuId: menu.id,
      recipeId: hidden.id,
      now: LATER,
    });
    expect(missing.error.code).toBe('not_found');
    expect(missing.error.message).toBe("Cette recette n'existe pas ou n'est plus disponible.");
    expect(missing.after).toEqual(missing.before);

    const own = await w.recipe(ALICE);
    await w.run(ALICE, 'addMenuRecipe', { menuId: menu.id, recipeId: own.id, now: LATER });
    const twice = await w.refusal(ALICE, 'addMenuRecipe', {
      menuId: menu.id,
      recipeId: own.id,
      now: LATER,
    });
    expect(twice.error.code).toBe('conflict');
    expect(twice.error.message).toBe('Cette recette est déjà dans le menu.');
    expect(twice.after).toEqual(twice.before);
  });

  it("refuses a change to another user's published menu", async () => {
    const bobs = await w.menu(BOB, { isPublished: true });
    const own = await w.recipe(ALICE);
    const { error, before, after } = await w.refusal(ALICE, 'addMenuRecipe', {
      menuId: bobs.id,
      recipeId: own.id,
      now: LATER,
    });
    expect(error.code).toBe('forbidden');
    expect(after).toEqual(before);
  });
});

describe('updateMenuIngredient and removeMenuItem', () => {
  async function menuWithItems(): Promise<Menu> {
    const recipe = await w.recipe(ALICE);
    return w.menu(ALICE, {
      ingredients: [{ ingredientId: riz.id, quantity: q(10, Unite.Pieces, 10), plat: Plat.Autre }],
      recipeIds: [recipe.id],
    });
  }

  it('updates the quantity and the course of an ingredient', async () => {
    const menu = await menuWithItems();
    await w.run(ALICE, 'updateMenuIngredient', {
      menuId: menu.id,
      ingredientId: riz.id,
      quantity: q(1.5, Unite.Kg, 12),
      plat: Plat.PlatPrincipal,
      now: LATER,
    });
    expect(await w.get('menus', menu.id)).toEqual({
      ...menu,
      updated: LATER,
      ingredients: [
        { ingredientId: riz.id, quantity: q(1.5, Unite.Kg, 12), plat: Plat.PlatPrincipal },
      ],
    });
  });

  it('refuses an ingredient not in the menu', async () => {
    const menu = await menuWithItems();
    const { error, before, after } = await w.refusal(ALICE, 'updateMenuIngredient', {
      menuId: menu.id,
      ingredientId: 999,
      quantity: q(1, Unite.Kg, 1),
      plat: Plat.Autre,
      now: LATER,
    });
    expect(error.code).toBe('invalid');
    expect(error.message).toBe("Cet ingrédient n'est pas dans le menu.");
    expect(after).toEqual(before);
  });

  it('removes an ingredient or a recipe', async () => {
    const menu = await menuWithItems();
    const recipeId = menu.recipeIds[0]!;
    await w.run(ALICE, 'removeMenuItem', {
      menuId: menu.id,
      itemId: riz.id,
      isRecipe: false,
      now: LATER,
    });
    expect(await w.get('menus', menu.id)).toEqual({ ...menu, updated: LATER, ingredients: [] });
    await w.run(ALICE, 'removeMenuItem', {
      menuId: menu.id,
      itemId: recipeId,
      isRecipe: true,
      now: LATER,
    });
    expect(await w.get('menus', menu.id)).toEqual({
      ...menu,
      updated: LATER,
      ingredients: [],
      recipeIds: [],
    });
  });

  it("refuses both on another user's published menu", async () => {
    const bobs = await w.menu(BOB, {
      isPublished: true,
      ingredients: [{ ingredientId: riz.id, quantity: q(1, Unite.Kg, 4), plat: Plat.Autre }],
    });
    const update = await w.refusal(ALICE, 'updateMenuIngredient', {
      menuId: bobs.id,
      ingredientId: riz.id,
      quantity: q(2, Unite.Kg, 4),
      plat: Plat.Autre,
      now: LATER,
    });
    expect(update.error.code).toBe('forbidden');
    expect(update.after).toEqual(update.before);
    const remove = await w.refusal(ALICE, 'removeMenuItem', {
      menuId: bobs.id,
      itemId: riz.id,
      isRecipe: false,
      now: LATER,
    });
    expect(remove.error.code).toBe('forbidden');
    expect(remove.after).toEqual(remove.before);
  });
});

describe('favourite menus', () => {
  it('creates an empty favourite menu', async () => {
    await w.run(ALICE, 'createFavoriteMenu', { id: FRESH, now: NOW });
    expect(await w.get('menus', FRESH)).toEqual({
      id: FRESH,
      owner: ALICE,
      isFavorite: true,
      isPublished: false,
      updated: NOW,
      ingredients: [],
      recipeIds: [],
    });
    const { error } = await w.refusal(BOB, 'createFavoriteMenu', { id: FRESH, now: NOW });
    expect(error.code).toBe('conflict');
  });

  it('publishing makes a menu favourite; unpublishing keeps it favourite', async () => {
    const stay = await w.stay(ALICE);
    const meal = await w.meal(stay);
    await w.run(ALICE, 'setMenuPublished', { id: meal.menuId, isPublished: true, now: LATER });
    expect(await w.get('menus', meal.menuId)).toMatchObject({
      isFavorite: true,
      isPublished: true,
      updated: LATER,
    });
    await w.run(ALICE, 'setMenuPublished', { id: meal.menuId, isPublished: false, now: LATER });
    expect(await w.get('menus', meal.menuId)).toMatchObject({
      isFavorite: true,
      isPublished: false,
    });
  });

  it("refuses publishing another user's menu", async () => {
    const bobs = await w.menu(BOB, { isPublished: true });
    const { error, before, after } = await w.refusal(ALICE, 'setMenuPublished', {
      id: bobs.id,
      isPublished: false,
      now: LATER,
    });
    expect(error.code).toBe('forbidden');
    expect(after).toEqual(before);
  });

  it('deletes an unused menu', async () => {
    const menu = await w.menu(ALICE);
    await w.run(ALICE, 'deleteMenu', { id: menu.id });
    expect(await w.get('menus', menu.id)).toBeUndefined();
  });

  it('refuses deleting a menu used by meals, with a French message', async () => {
    const menu = await w.menu(ALICE);
    const stay = await w.stay(ALICE);
    await w.meal(stay, { menuId: menu.id });
    const one = await w.refusal(ALICE, 'deleteMenu', { id: menu.id });
    expect(one.error.code).toBe('conflict');
    expect(one.error.message).toBe(
      'Ce menu est utilisé par un repas : il ne peut pas être supprimé.',
    );
    expect(one.after).toEqual(one.before);

    await w.meal(stay, { menuId: menu.id, day: 1 });
    const two = await w.refusal(ALICE, 'deleteMenu', { id: menu.id });
    expect(two.error.message).toBe(
      'Ce menu est utilisé par 2 repas : il ne peut pas être supprimé.',
    );
  });

  it("refuses deleting another user's menu", async () => {
    const published = await w.menu(BOB, { isPublished: true });
    const hidden = await w.menu(BOB);
    const forbidden = await w.refusal(ALICE, 'deleteMenu', { id: published.id });
    expect(forbidden.error.code).toBe('forbidden');
    expect(forbidden.after).toEqual(forbidden.before);
    const missing = await w.refusal(ALICE, 'deleteMenu', { id: hidden.id });
    expect(missing.error.code).toBe('not_found');
    expect(missing.after).toEqual(missing.before);
  });
});
