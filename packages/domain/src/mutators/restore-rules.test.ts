/**
 * Issue 30, case 3: an undo puts back only what its user could write at that moment. Each
 * table's restore follows the rules of the mutators that make the same change (ownership, the
 * shared ingredient's freeze, unique names and tokens, limits, other users' rows), refusing
 * what they refuse or mending it as restore.ts says (a lost or foreign reference dropped).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Ingredient } from '../entities.js';
import { IngredientKind, Plat, Unite } from '../enums.js';
import { INGREDIENT_SHARED, runMutation } from './index.js';
import { refusalChecker } from './refusals.test-kit.js';
import { ALICE, BOB, FRESH, World } from './test-kit.js';

const quantity = { val: 100, unite: Unite.G, forPeople: 1 };

let w: World;
const expectRefusal = refusalChecker(() => w);

/** The undo of one row, as a device would push it. */
const restoreOf = (table: string, row: object) => ({ put: [{ table, row }], remove: [] });
/** Runs an undo that must be accepted (its rows forged by the test, hence not typed). */
const restore = (userId: number, args: unknown) =>
  runMutation(w.as(userId), 'restoreSnapshot', args);

beforeEach(async () => {
  w = await World.create();
});

describe("restoring an ingredient another user's recipe or menu uses (the freeze)", () => {
  let sel: Ingredient;
  beforeEach(async () => {
    // Bob's ingredient, with its facts; Alice's recipe uses it: its name and category froze.
    sel = await w.ingredient(BOB, { name: 'Sel de Guérande', kind: 0, allergens: [6], diet: [1] });
    await w.recipe(ALICE, { ingredients: [{ ingredientId: sel.id, quantity }] });
  });

  it('refuses a new name or category, as updateIngredient does', async () => {
    for (const row of [
      { ...sel, name: 'Mort-aux-rats' },
      { ...sel, kind: IngredientKind.Laitages },
      { ...sel, name: 'Mort-aux-rats', kind: IngredientKind.Laitages, allergens: [], diet: [] },
    ]) {
      await expectRefusal(
        BOB,
        'restoreSnapshot',
        restoreOf('ingredients', row),
        'conflict',
        INGREDIENT_SHARED,
      );
    }
  });

  it("refuses it when another user's menu uses it", async () => {
    const poivre = await w.ingredient(BOB, { name: 'Poivre' });
    await w.menu(ALICE, { ingredients: [{ ingredientId: poivre.id, quantity, plat: Plat.Autre }] });
    await expectRefusal(
      BOB,
      'restoreSnapshot',
      restoreOf('ingredients', { ...poivre, name: 'Mort-aux-rats' }),
      'conflict',
      INGREDIENT_SHARED,
    );
  });

  it('lets its facts and freshness change, as updateIngredient does, stored as it stores them', async () => {
    await restore(
      BOB,
      restoreOf('ingredients', { ...sel, allergens: [6, 2], diet: [], fresh: true }),
    );
    expect(await w.get('ingredients', sel.id)).toEqual({
      id: sel.id,
      name: 'Sel de Guérande',
      kind: 0,
      owner: BOB,
      fresh: true,
      allergens: [2, 6],
    });
  });

  it('lets its owner rename it while only they use it, the name trimmed and free', async () => {
    const farine = await w.ingredient(BOB, { name: 'Farine' });
    await w.recipe(BOB, { ingredients: [{ ingredientId: farine.id, quantity }] });
    await restore(BOB, restoreOf('ingredients', { ...farine, name: ' Farine de riz ', kind: 1 }));
    expect(await w.get('ingredients', farine.id)).toMatchObject({ name: 'Farine de riz', kind: 1 });
    await expectRefusal(
      BOB,
      'restoreSnapshot',
      restoreOf('ingredients', { ...farine, name: 'sel de guerande' }),
      'conflict',
      "L'ingrédient « sel de guerande » existe déjà.",
    );
    await expectRefusal(
      BOB,
      'restoreSnapshot',
      restoreOf('ingredients', { ...farine, name: '   ' }),
      'invalid',
      "Le nom de l'ingrédient ne peut pas être vide.",
    );
  });

  it("refuses another user's ingredient, and the catalogue's", async () => {
    const catalogue = await w.ingredient(null, { name: 'Beurre' });
    await expectRefusal(
      ALICE,
      'restoreSnapshot',
      restoreOf('ingredients', { ...sel, name: 'Mort-aux-rats' }),
      'forbidden',
      'Seul son propriétaire peut modifier cet ingrédient.',
    );
    await expectRefusal(
      ALICE,
      'restoreSnapshot',
      restoreOf('ingredients', { ...sel, owner: ALICE, name: 'Mort-aux-rats' }),
      'forbidden',
      'Seul son propriétaire peut modifier cet ingrédient.',
    );
    await expectRefusal(
      ALICE,
      'restoreSnapshot',
      restoreOf('ingredients', { ...catalogue, owner: ALICE }),
      'forbidden',
      'Seul son propriétaire peut modifier cet ingrédient.',
    );
  });

  it('brings a deleted ingredient back under the rules of createIngredient', async () => {
    const row = { id: FRESH, name: 'Sel de guérande', kind: 0, owner: BOB };
    await expectRefusal(
      BOB,
      'restoreSnapshot',
      restoreOf('ingredients', row),
      'conflict',
      "L'ingrédient « Sel de guérande » existe déjà.",
    );
    await restore(BOB, restoreOf('ingredients', { ...row, name: 'Gros sel' }));
    expect(await w.get('ingredients', FRESH)).toEqual({ ...row, name: 'Gros sel' });
  });
});
