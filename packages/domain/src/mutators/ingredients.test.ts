import { beforeEach, describe, expect, it } from 'vitest';
import type { Quantity } from '../entities.js';
import { IngredientKind, Plat, Unite } from '../enums.js';
import { INGREDIENT_IN_USE } from './index.js';
import { ALICE, BOB, FRESH, NOW, World } from '../../test/mutators-world.js';

let w: World;
beforeEach(async () => {
  w = await World.create();
});

const q = (val: number, unite: Unite, forPeople: number): Quantity => ({ val, unite, forPeople });

describe('createIngredient', () => {
  it('creates an ingredient owned by the user, name trimmed', async () => {
    await w.run(ALICE, 'createIngredient', { id: FRESH, name: ' Crème fraîche ', kind: 5 });
    expect(await w.get('ingredients', FRESH)).toEqual({
      id: FRESH,
      name: 'Crème fraîche',
      kind: IngredientKind.Laitages,
      owner: ALICE,
    });
  });

  it('refuses a name already taken by anyone, ignoring accents, case and spaces', async () => {
    await w.ingredient(BOB, { name: 'Crème fraîche' });
    await w.ingredient(null, { name: 'Œuf' });
    for (const name of ['creme fraiche', 'CRÈMEFRAÎCHE', '  Crème   Fraîche', 'oeuf']) {
      const { error, before, after } = await w.refusal(ALICE, 'createIngredient', {
        id: FRESH,
        name,
        kind: 0,
      });
      expect(error.code, name).toBe('conflict');
      expect(error.message).toBe(`L'ingrédient « ${name.trim()} » existe déjà.`);
      expect(after).toEqual(before);
    }
  });

  it('refuses an empty name', async () => {
    const { error, before, after } = await w.refusal(ALICE, 'createIngredient', {
      id: FRESH,
      name: ' ',
      kind: 0,
    });
    expect(error.code).toBe('invalid');
    expect(error.message).toBe("Le nom de l'ingrédient ne peut pas être vide.");
    expect(after).toEqual(before);
  });
});

describe('updateIngredient', () => {
  it('renames and re-categorises an own ingredient, its own case change included', async () => {
    const tomate = await w.ingredient(ALICE, { name: 'tomate', kind: 0 });
    await w.run(ALICE, 'updateIngredient', { id: tomate.id, name: 'Tomate', kind: 1 });
    expect(await w.get('ingredients', tomate.id)).toEqual({
      ...tomate,
      name: 'Tomate',
      kind: IngredientKind.FruitsLegumes,
    });
    await w.run(ALICE, 'updateIngredient', { id: tomate.id, kind: 0 });
    expect(await w.get('ingredients', tomate.id)).toMatchObject({ name: 'Tomate', kind: 0 });
  });

  it('refuses a name taken by another ingredient', async () => {
    await w.ingredient(BOB, { name: 'Poivre' });
    const sel = await w.ingredient(ALICE, { name: 'Sel' });
    const { error, before, after } = await w.refusal(ALICE, 'updateIngredient', {
      id: sel.id,
      name: 'poivre',
    });
    expect(error.code).toBe('conflict');
    expect(after).toEqual(before);
  });

  it("refuses another user's ingredient and the catalogue's", async () => {
    const bobs = await w.ingredient(BOB, { name: 'Sel' });
    const catalogue = await w.ingredient(null, { name: 'Riz' });
    for (const [userId, id] of [
      [ALICE, bobs.id],
      [ALICE, catalogue.id],
      [BOB, catalogue.id],
    ] as const) {
      const { error, before, after } = await w.refusal(userId, 'updateIngredient', { id, kind: 3 });
      expect(error.code).toBe('forbidden');
      expect(error.message).toBe('Seul son propriétaire peut modifier cet ingrédient.');
      expect(after).toEqual(before);
    }
  });
});

describe('deleteIngredient', () => {
  it('deletes an unused own ingredient', async () => {
    const sel = await w.ingredient(ALICE, { name: 'Sel' });
    await w.run(ALICE, 'deleteIngredient', { id: sel.id });
    expect(await w.get('ingredients', sel.id)).toBeUndefined();
  });

  it('refuses an ingredient used in a recipe or a menu of anyone', async () => {
    const sel = await w.ingredient(ALICE, { name: 'Sel' });
    const poivre = await w.ingredient(ALICE, { name: 'Poivre' });
    await w.recipe(BOB, { ingredients: [{ ingredientId: sel.id, quantity: q(1, Unite.G, 1) }] });
    await w.menu(BOB, {
      ingredients: [{ ingredientId: poivre.id, quantity: q(1, Unite.G, 1), plat: Plat.Autre }],
    });
    for (const id of [sel.id, poivre.id]) {
      const { error, before, after } = await w.refusal(ALICE, 'deleteIngredient', { id });
      expect(error.code).toBe('conflict');
      expect(error.message).toBe("L'ingrédient est utilisé dans une recette ou un menu.");
      expect(error.message).toBe(INGREDIENT_IN_USE);
      expect(after).toEqual(before);
    }
  });

  it("refuses another user's ingredient and the catalogue's", async () => {
    const bobs = await w.ingredient(BOB);
    const catalogue = await w.ingredient(null);
    for (const id of [bobs.id, catalogue.id]) {
      const { error, before, after } = await w.refusal(ALICE, 'deleteIngredient', { id });
      expect(error.code).toBe('forbidden');
      expect(after).toEqual(before);
    }
  });
});

describe('importRecipes', () => {
  it('creates the new ingredients and the recipes in one mutation', async () => {
    const riz = await w.ingredient(null, { name: 'Riz', kind: 2 });
    await w.run(ALICE, 'importRecipes', {
      newIngredients: [{ id: FRESH, name: ' Safran ', kind: 4 }],
      recipes: [
        {
          id: FRESH + 1,
          name: ' Paella ',
          plat: Plat.PlatPrincipal,
          ingredients: [
            { ingredientId: riz.id, quantity: q(1.2, Unite.Kg, 8) },
            { ingredientId: FRESH, quantity: q(1, Unite.G, 8) },
          ],
        },
        { id: FRESH + 2, name: 'Riz au lait', plat: Plat.Dessert, ingredients: [] },
      ],
      now: NOW,
    });
    expect(await w.get('ingredients', FRESH)).toEqual({
      id: FRESH,
      name: 'Safran',
      kind: IngredientKind.Epicerie,
      owner: ALICE,
    });
    expect(await w.get('recipes', FRESH + 1)).toEqual({
      id: FRESH + 1,
      owner: ALICE,
      name: 'Paella',
      plat: Plat.PlatPrincipal,
      description: '',
      isPublished: false,
      updated: NOW,
      ingredients: [
        { ingredientId: riz.id, quantity: q(1.2, Unite.Kg, 8) },
        { ingredientId: FRESH, quantity: q(1, Unite.G, 8) },
      ],
    });
    expect((await w.get('recipes', FRESH + 2))?.name).toBe('Riz au lait');
  });

  it('refuses a new ingredient whose name exists, writing nothing', async () => {
    await w.ingredient(BOB, { name: 'Safran' });
    const { error, before, after } = await w.refusal(ALICE, 'importRecipes', {
      newIngredients: [
        { id: FRESH, name: 'Curcuma', kind: 4 },
        { id: FRESH + 1, name: 'safran', kind: 4 },
      ],
      recipes: [{ id: FRESH + 2, name: 'Paella', plat: 2, ingredients: [] }],
      now: NOW,
    });
    expect(error.code).toBe('conflict');
    expect(error.message).toBe("L'ingrédient « safran » existe déjà.");
    expect(after).toEqual(before);
  });

  it('refuses the same new ingredient twice in the import, writing nothing', async () => {
    const { error, before, after } = await w.refusal(ALICE, 'importRecipes', {
      newIngredients: [
        { id: FRESH, name: 'Curcuma', kind: 4 },
        { id: FRESH + 1, name: 'curcuma ', kind: 4 },
      ],
      recipes: [],
      now: NOW,
    });
    expect(error.code).toBe('conflict');
    expect(error.message).toBe("L'ingrédient « curcuma » est en double dans l'import.");
    expect(after).toEqual(before);
  });

  it('refuses an ingredient that does not exist, writing nothing', async () => {
    const { error, before, after } = await w.refusal(ALICE, 'importRecipes', {
      newIngredients: [{ id: FRESH, name: 'Curcuma', kind: 4 }],
      recipes: [
        {
          id: FRESH + 1,
          name: 'Paella',
          plat: 2,
          ingredients: [{ ingredientId: 999, quantity: q(1, Unite.G, 8) }],
        },
      ],
      now: NOW,
    });
    expect(error.code).toBe('not_found');
    expect(error.message).toBe("Cet ingrédient n'existe pas ou n'est plus disponible.");
    expect(after).toEqual(before);
  });

  it('refuses a recipe holding one ingredient twice, writing nothing', async () => {
    const riz = await w.ingredient(null, { name: 'Riz' });
    const { error, before, after } = await w.refusal(ALICE, 'importRecipes', {
      newIngredients: [{ id: FRESH + 1, name: 'Curcuma', kind: 4 }],
      recipes: [
        {
          id: FRESH,
          name: 'Paella',
          plat: 2,
          ingredients: [
            { ingredientId: riz.id, quantity: q(1, Unite.Kg, 8) },
            { ingredientId: riz.id, quantity: q(2, Unite.Kg, 8) },
          ],
        },
      ],
      now: NOW,
    });
    expect(error.code).toBe('conflict');
    expect(error.message).toBe('La recette « Paella » contient deux fois le même ingrédient.');
    expect(after).toEqual(before);
  });

  it('refuses a recipe without a name, writing nothing', async () => {
    const { error, before, after } = await w.refusal(ALICE, 'importRecipes', {
      newIngredients: [{ id: FRESH, name: 'Curcuma', kind: 4 }],
      recipes: [{ id: FRESH + 1, name: '  ', plat: 2, ingredients: [] }],
      now: NOW,
    });
    expect(error.code).toBe('invalid');
    expect(error.message).toBe('Le nom de la recette ne peut pas être vide.');
    expect(after).toEqual(before);
  });

  it('refuses ids already used, writing nothing', async () => {
    const used = await w.recipe(BOB);
    const { error, before, after } = await w.refusal(ALICE, 'importRecipes', {
      newIngredients: [{ id: FRESH, name: 'Curcuma', kind: 4 }],
      recipes: [{ id: used.id, name: 'Paella', plat: 2, ingredients: [] }],
      now: NOW,
    });
    expect(error.code).toBe('conflict');
    expect(after).toEqual(before);
  });

  // Two rows of one import with the same id pass both claims (neither exists yet): the second
  // silently overwrites the first instead of the import being refused.
  it('refuses two recipes of one import with the same id', async () => {
    const { error } = await w.refusal(ALICE, 'importRecipes', {
      newIngredients: [],
      recipes: [
        { id: FRESH, name: 'Paella', plat: 2, ingredients: [] },
        { id: FRESH, name: 'Risotto', plat: 2, ingredients: [] },
      ],
      now: NOW,
    });
    expect(error.code).toBe('invalid');
  });
});
