import { beforeEach, describe, expect, it } from 'vitest';
import type { Ingredient, Quantity } from '../entities.js';
import { Plat, Unite } from '../enums.js';
import { MAX_INGREDIENTS_PER_RECIPE } from '../limits.js';
import { ALICE, BOB, FRESH, LATER, NOW, World } from '../../test/mutators-world.js';

let w: World;
let riz: Ingredient;
let sel: Ingredient;
beforeEach(async () => {
  w = await World.create();
  riz = await w.ingredient(null, { name: 'Riz', kind: 2 });
  sel = await w.ingredient(BOB, { name: 'Sel', kind: 4 });
});

const q = (val: number, unite: Unite, forPeople: number): Quantity => ({ val, unite, forPeople });

describe('createRecipe and updateRecipe', () => {
  it('creates an empty unpublished recipe, name trimmed', async () => {
    await w.run(ALICE, 'createRecipe', {
      id: FRESH,
      name: ' Gratin ',
      plat: Plat.PlatPrincipal,
      now: NOW,
    });
    expect(await w.get('recipes', FRESH)).toEqual({
      id: FRESH,
      owner: ALICE,
      name: 'Gratin',
      plat: Plat.PlatPrincipal,
      description: '',
      isPublished: false,
      updated: NOW,
      ingredients: [],
    });
  });

  it('refuses an empty name', async () => {
    const { error, before, after } = await w.refusal(ALICE, 'createRecipe', {
      id: FRESH,
      name: '   ',
      plat: Plat.Autre,
      now: NOW,
    });
    expect(error.code).toBe('invalid');
    expect(error.message).toBe('Le nom de la recette ne peut pas être vide.');
    expect(after).toEqual(before);
  });

  // The reference page gives recipes a name unique per owner; the mutator accepts a second
  // recipe of the same owner with the same name.
  it('refuses a second recipe of the same owner with the same name', async () => {
    await w.recipe(ALICE, { name: 'Gratin' });
    const { error } = await w.refusal(ALICE, 'createRecipe', {
      id: FRESH,
      name: 'Gratin',
      plat: Plat.Autre,
      now: NOW,
    });
    expect(error.code).toBe('conflict');
  });

  it('updates the fields given and the date', async () => {
    const recipe = await w.recipe(ALICE, { name: 'Gratin', plat: Plat.PlatPrincipal });
    await w.run(ALICE, 'updateRecipe', { id: recipe.id, description: 'Au four.', now: LATER });
    expect(await w.get('recipes', recipe.id)).toEqual({
      ...recipe,
      description: 'Au four.',
      updated: LATER,
    });
    await w.run(ALICE, 'updateRecipe', {
      id: recipe.id,
      name: ' Gratin dauphinois ',
      plat: Plat.Entree,
      now: LATER,
    });
    expect(await w.get('recipes', recipe.id)).toMatchObject({
      name: 'Gratin dauphinois',
      plat: Plat.Entree,
      description: 'Au four.',
    });
    const empty = await w.refusal(ALICE, 'updateRecipe', { id: recipe.id, name: '', now: LATER });
    expect(empty.error.code).toBe('invalid');
    expect(empty.after).toEqual(empty.before);
  });

  it("refuses another user's recipe: published is forbidden, unpublished is missing", async () => {
    const published = await w.recipe(BOB, { isPublished: true });
    const hidden = await w.recipe(BOB);
    const forbidden = await w.refusal(ALICE, 'updateRecipe', {
      id: published.id,
      name: 'X',
      now: LATER,
    });
    expect(forbidden.error.code).toBe('forbidden');
    expect(forbidden.error.message).toBe('Seul son propriétaire peut modifier cette recette.');
    expect(forbidden.after).toEqual(forbidden.before);
    const missing = await w.refusal(ALICE, 'updateRecipe', {
      id: hidden.id,
      name: 'X',
      now: LATER,
    });
    expect(missing.error.code).toBe('not_found');
    expect(missing.after).toEqual(missing.before);
  });
});

describe('setRecipePublished', () => {
  it('publishes and unpublishes an own recipe', async () => {
    const recipe = await w.recipe(ALICE);
    await w.run(ALICE, 'setRecipePublished', { id: recipe.id, isPublished: true, now: LATER });
    expect(await w.get('recipes', recipe.id)).toEqual({
      ...recipe,
      isPublished: true,
      updated: LATER,
    });
    await w.run(ALICE, 'setRecipePublished', { id: recipe.id, isPublished: false, now: LATER });
    expect((await w.get('recipes', recipe.id))?.isPublished).toBe(false);
  });

  it("refuses another user's recipe", async () => {
    const recipe = await w.recipe(BOB, { isPublished: true });
    const { error, before, after } = await w.refusal(ALICE, 'setRecipePublished', {
      id: recipe.id,
      isPublished: false,
      now: LATER,
    });
    expect(error.code).toBe('forbidden');
    expect(after).toEqual(before);
  });
});

describe('deleteRecipe', () => {
  it('deletes a recipe in no menu', async () => {
    const recipe = await w.recipe(ALICE);
    await w.run(ALICE, 'deleteRecipe', { id: recipe.id });
    expect(await w.get('recipes', recipe.id)).toBeUndefined();
  });

  it('refuses a recipe used in menus, whoever owns them', async () => {
    const recipe = await w.recipe(ALICE, { isPublished: true });
    await w.menu(ALICE, { recipeIds: [recipe.id] });
    const one = await w.refusal(ALICE, 'deleteRecipe', { id: recipe.id });
    expect(one.error.code).toBe('conflict');
    expect(one.error.message).toBe(
      'Cette recette est utilisée dans un menu : elle ne peut pas être supprimée.',
    );
    expect(one.after).toEqual(one.before);
    await w.menu(BOB, { recipeIds: [recipe.id] });
    const two = await w.refusal(ALICE, 'deleteRecipe', { id: recipe.id });
    expect(two.error.message).toBe(
      'Cette recette est utilisée dans 2 menus : elle ne peut pas être supprimée.',
    );
  });

  it("refuses another user's recipe", async () => {
    const recipe = await w.recipe(BOB, { isPublished: true });
    const { error, before, after } = await w.refusal(ALICE, 'deleteRecipe', { id: recipe.id });
    expect(error.code).toBe('forbidden');
    expect(after).toEqual(before);
  });
});

describe('recipe ingredients', () => {
  it('adds 10 pièces for initialFor people, or for 10 when it is 0 or absent', async () => {
    const recipe = await w.recipe(ALICE);
    await w.run(ALICE, 'addRecipeIngredient', {
      recipeId: recipe.id,
      ingredientId: riz.id,
      initialFor: 6,
      now: LATER,
    });
    await w.run(ALICE, 'addRecipeIngredient', {
      recipeId: recipe.id,
      ingredientId: sel.id,
      initialFor: 0,
      now: LATER,
    });
    const third = await w.ingredient(ALICE);
    await w.run(ALICE, 'addRecipeIngredient', {
      recipeId: recipe.id,
      ingredientId: third.id,
      now: LATER,
    });
    expect(await w.get('recipes', recipe.id)).toEqual({
      ...recipe,
      updated: LATER,
      ingredients: [
        { ingredientId: riz.id, quantity: q(10, Unite.Pieces, 6) },
        { ingredientId: sel.id, quantity: q(10, Unite.Pieces, 10) },
        { ingredientId: third.id, quantity: q(10, Unite.Pieces, 10) },
      ],
    });
  });

  it('refuses an ingredient twice, a missing one and a full recipe', async () => {
    const recipe = await w.recipe(ALICE, {
      ingredients: [{ ingredientId: riz.id, quantity: q(1, Unite.Kg, 4) }],
    });
    const twice = await w.refusal(ALICE, 'addRecipeIngredient', {
      recipeId: recipe.id,
      ingredientId: riz.id,
      now: LATER,
    });
    expect(twice.error.code).toBe('conflict');
    expect(twice.error.message).toBe('Cet ingrédient est déjà dans la recette.');
    expect(twice.after).toEqual(twice.before);

    const missing = await w.refusal(ALICE, 'addRecipeIngredient', {
      recipeId: recipe.id,
      ingredientId: 999,
      now: LATER,
    });
    expect(missing.error.code).toBe('not_found');
    expect(missing.after).toEqual(missing.before);

    const full = await w.recipe(ALICE, {
      ingredients: Array.from({ length: MAX_INGREDIENTS_PER_RECIPE }, (_, i) => ({
        ingredientId: 5000 + i,
        quantity: q(1, Unite.Pieces, 1),
      })),
    });
    const tooMany = await w.refusal(ALICE, 'addRecipeIngredient', {
      recipeId: full.id,
      ingredientId: riz.id,
      now: LATER,
    });
    expect(tooMany.error.code).toBe('invalid');
    expect(tooMany.error.message).toBe(
      `Une recette ne peut pas contenir plus de ${MAX_INGREDIENTS_PER_RECIPE} ingrédients.`,
    );
    expect(tooMany.after).toEqual(tooMany.before);
  });

  it('updates a quantity and removes an ingredient', async () => {
    const recipe = await w.recipe(ALICE, {
      ingredients: [
        { ingredientId: riz.id, quantity: q(10, Unite.Pieces, 10) },
        { ingredientId: sel.id, quantity: q(5, Unite.G, 10) },
      ],
    });
    await w.run(ALICE, 'updateRecipeIngredient', {
      recipeId: recipe.id,
      ingredientId: riz.id,
      quantity: q(0.5, Unite.Kg, 4),
      now: LATER,
    });
    expect((await w.get('recipes', recipe.id))?.ingredients).toEqual([
      { ingredientId: riz.id, quantity: q(0.5, Unite.Kg, 4) },
      { ingredientId: sel.id, quantity: q(5, Unite.G, 10) },
    ]);
    await w.run(ALICE, 'removeRecipeIngredient', {
      recipeId: recipe.id,
      ingredientId: riz.id,
      now: LATER,
    });
    expect(await w.get('recipes', recipe.id)).toEqual({
      ...recipe,
      updated: LATER,
      ingredients: [{ ingredientId: sel.id, quantity: q(5, Unite.G, 10) }],
    });
  });

  it('refuses updating an ingredient not in the recipe', async () => {
    const recipe = await w.recipe(ALICE);
    const { error, before, after } = await w.refusal(ALICE, 'updateRecipeIngredient', {
      recipeId: recipe.id,
      ingredientId: riz.id,
      quantity: q(1, Unite.Kg, 4),
      now: LATER,
    });
    expect(error.code).toBe('invalid');
    expect(error.message).toBe("Cet ingrédient n'est pas dans la recette.");
    expect(after).toEqual(before);
  });

  it("refuses every change to another user's published recipe", async () => {
    const recipe = await w.recipe(BOB, {
      isPublished: true,
      ingredients: [{ ingredientId: riz.id, quantity: q(1, Unite.Kg, 4) }],
    });
    const attempts: [string, unknown][] = [
      ['addRecipeIngredient', { recipeId: recipe.id, ingredientId: sel.id, now: LATER }],
      [
        'updateRecipeIngredient',
        { recipeId: recipe.id, ingredientId: riz.id, quantity: q(2, Unite.Kg, 4), now: LATER },
      ],
      ['removeRecipeIngredient', { recipeId: recipe.id, ingredientId: riz.id, now: LATER }],
    ];
    for (const [name, args] of attempts) {
      const { error, before, after } = await w.refusal(ALICE, name, args);
      expect(error.code, name).toBe('forbidden');
      expect(after, name).toEqual(before);
    }
  });
});
