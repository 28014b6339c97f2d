/** Issue 15, hole 8: a shared ingredient cannot be hijacked by renaming it. */
import { beforeEach, describe, expect, it } from 'vitest';
import { IngredientKind, Plat, Unite } from '../enums.js';
import { INGREDIENT_SHARED } from './index.js';
import { ALICE, BOB, World } from '../../test/mutators-world.js';

const quantity = { val: 100, unite: Unite.G, forPeople: 1 };

let w: World;
beforeEach(async () => {
  w = await World.create();
});

describe('updateIngredient once another user uses the ingredient', () => {
  it("refuses renaming or recategorising it when another user's recipe uses it", async () => {
    const farine = await w.ingredient(ALICE, { name: 'Farine de châtaigne', kind: 0 });
    await w.recipe(BOB, { ingredients: [{ ingredientId: farine.id, quantity }] });
    for (const args of [
      { id: farine.id, name: 'Sel' },
      { id: farine.id, kind: IngredientKind.Laitages },
      { id: farine.id, name: 'farine de châtaigne' },
    ]) {
      const { error, before, after } = await w.refusal(ALICE, 'updateIngredient', args);
      expect(error.code).toBe('conflict');
      expect(error.message).toBe(INGREDIENT_SHARED);
      expect(after).toEqual(before);
    }
    // Saving it unchanged is not a change.
    await w.run(ALICE, 'updateIngredient', { id: farine.id, name: 'Farine de châtaigne', kind: 0 });
  });

  it("refuses it when another user's menu uses it", async () => {
    const farine = await w.ingredient(ALICE, { name: 'Farine de châtaigne', kind: 0 });
    await w.menu(BOB, { ingredients: [{ ingredientId: farine.id, quantity, plat: Plat.Autre }] });
    const { error } = await w.refusal(ALICE, 'updateIngredient', { id: farine.id, name: 'Sel' });
    expect(error.message).toBe(INGREDIENT_SHARED);
  });

  it('lets the owner change it while only they use it', async () => {
    const farine = await w.ingredient(ALICE, { name: 'Farine', kind: 0 });
    await w.recipe(ALICE, { ingredients: [{ ingredientId: farine.id, quantity }] });
    await w.menu(ALICE, { ingredients: [{ ingredientId: farine.id, quantity, plat: Plat.Autre }] });
    await w.run(ALICE, 'updateIngredient', { id: farine.id, name: 'Farine de riz', kind: 1 });
    expect(await w.get('ingredients', farine.id)).toMatchObject({ name: 'Farine de riz', kind: 1 });
  });
});
