/**
 * The alternatives of a meal (issue 20), as mutators: setMealAlternative and
 * removeMealAlternative (who may, with which recipes, the limits), a recipe kept from deletion
 * while an alternative uses it, and the undo and copies of meals that hold alternatives.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { Allergen, Diet } from '../allergens.js';
import type { Meal, MealAlternative, Recipe, Stay } from '../entities.js';
import { Horaire } from '../enums.js';
import { runUndoable } from '../undo.js';
import { runMutation } from './index.js';
import { MAX_ALTERNATIVES_PER_MEAL, MAX_RECIPES_PER_ALTERNATIVE } from './meals.js';
import { ALICE, BOB, FRESH, LATER, NOW, World } from '../../test/mutators-world.js';

let w: World;
let stay: Stay;
let meal: Meal;
let gratin: Recipe;
let salade: Recipe;
beforeEach(async () => {
  w = await World.create();
  stay = await w.stay(ALICE);
  const group = await w.group(stay, { size: 20 });
  meal = await w.meal(stay, { groupIds: [group.id] });
  gratin = await w.recipe(ALICE, { name: 'Gratin' });
  salade = await w.recipe(ALICE, { name: 'Salade' });
});

const peanuts = (people: number, recipeIds: number[]): MealAlternative => ({
  kind: 'allergen',
  code: Allergen.Arachides,
  people,
  recipeIds,
});
const vegetarians = (people: number, recipeIds: number[]): MealAlternative => ({
  kind: 'diet',
  code: Diet.Vegetarien,
  people,
  recipeIds,
});
const set = (alternative: MealAlternative, mealId = meal.id, user = ALICE) =>
  w.run(user, 'setMealAlternative', { mealId, ...alternative });
const alternativesOf = async (mealId = meal.id) => (await w.get('meals', mealId))?.alternatives;

const DELETE_REFUSED =
  "Cette recette est l'alternative d'un repas : elle ne peut pas être supprimée.";
const OWN_RECIPES_ONLY = "Seules vos propres recettes peuvent servir d'alternative.";

describe('setMealAlternative', () => {
  it('adds the alternative to the meal, the rest of the row unchanged', async () => {
    await set(peanuts(2, [gratin.id, salade.id]));
    expect(await w.get('meals', meal.id)).toEqual({
      ...meal,
      alternatives: [peanuts(2, [gratin.id, salade.id])],
    });
  });

  it('one per diet or allergy: set again, it replaces the previous one', async () => {
    await set(peanuts(2, [gratin.id]));
    await set(vegetarians(3, [salade.id]));
    await set(peanuts(4, [salade.id]));
    // The replaced one comes last; the other is untouched.
    expect(await alternativesOf()).toEqual([vegetarians(3, [salade.id]), peanuts(4, [salade.id])]);
    // The same code of the other kind is another reason: diet 0 is not allergen 0.
    await set({ kind: 'allergen', code: 0, people: 1, recipeIds: [gratin.id] });
    await set({ kind: 'diet', code: 0, people: 5, recipeIds: [gratin.id] });
    expect(await alternativesOf()).toEqual([
      peanuts(4, [salade.id]),
      { kind: 'allergen', code: 0, people: 1, recipeIds: [gratin.id] },
      { kind: 'diet', code: 0, people: 5, recipeIds: [gratin.id] },
    ]);
  });

  it('accepts an alternative for more people than the meal has, or for nobody', async () => {
    await set(peanuts(50, [gratin.id]));
    await set(vegetarians(0, [gratin.id]));
    expect(await alternativesOf()).toEqual([peanuts(50, [gratin.id]), vegetarians(0, [gratin.id])]);
  });

  it('refuses another user’s meal as if it did not exist', async () => {
    const refusal = await w.refusal(BOB, 'setMealAlternative', {
      mealId: meal.id,
      ...peanuts(2, [gratin.id]),
    });
    expect(refusal.error.code).toBe('not_found');
    expect(refusal.error.message).toBe("Ce repas n'existe pas ou n'est plus disponible.");
    expect(refusal.after).toEqual(refusal.before);
  });

  it('refuses another user’s recipe, even published; a private one is missing to the user', async () => {
    const published = await w.recipe(BOB, { name: 'Curry de Bob', isPublished: true });
    const hidden = await w.recipe(BOB, { name: 'Secret de Bob' });

    let refusal = await w.refusal(ALICE, 'setMealAlternative', {
      mealId: meal.id,
      ...peanuts(2, [gratin.id, published.id]),
    });
    expect(refusal.error.code).toBe('forbidden');
    expect(refusal.error.message).toBe(OWN_RECIPES_ONLY);
    expect(refusal.after).toEqual(refusal.before);

    refusal = await w.refusal(ALICE, 'setMealAlternative', {
      mealId: meal.id,
      ...peanuts(2, [hidden.id]),
    });
    expect(refusal.error.code).toBe('not_found');
    expect(refusal.error.message).toBe("Cette recette n'existe pas ou n'est plus disponible.");
    expect(refusal.after).toEqual(refusal.before);

    refusal = await w.refusal(ALICE, 'setMealAlternative', {
      mealId: meal.id,
      ...peanuts(2, [FRESH]),
    });
    expect(refusal.error.code).toBe('not_found');
  });

  it('a replacement refused leaves the previous alternative as it was', async () => {
    await set(peanuts(2, [gratin.id]));
    const published = await w.recipe(BOB, { isPublished: true });
    const refusal = await w.refusal(ALICE, 'setMealAlternative', {
      mealId: meal.id,
      ...peanuts(3, [published.id]),
    });
    expect(refusal.error.message).toBe(OWN_RECIPES_ONLY);
    expect(await alternativesOf()).toEqual([peanuts(2, [gratin.id])]);
  });

  it('refuses a diet that does not exist (codes 0 to 3), in French', async () => {
    for (const code of [4, 5, 13]) {
      const refusal = await w.refusal(ALICE, 'setMealAlternative', {
        mealId: meal.id,
        kind: 'diet',
        code,
        people: 2,
        recipeIds: [gratin.id],
      });
      expect(refusal.error.code).toBe('invalid');
      expect(refusal.error.message).toBe('Ce régime est inconnu.');
      expect(refusal.after).toEqual(refusal.before);
    }
    // Every allergen exists, the last one (mollusques) included; every diet too.
    await set({ kind: 'allergen', code: Allergen.Mollusques, people: 1, recipeIds: [gratin.id] });
    await set({ kind: 'diet', code: Diet.Vegetalien, people: 1, recipeIds: [gratin.id] });
    expect(await alternativesOf()).toHaveLength(2);
  });

  it('refuses arguments out of their shape', async () => {
    const tooMany = Array.from({ length: MAX_RECIPES_PER_ALTERNATIVE + 1 }, (_, i) => FRESH + i);
    const cases: [Record<string, unknown>, string][] = [
      [{ recipeIds: [] }, 'recipeIds'],
      [{ recipeIds: tooMany }, 'recipeIds'],
      [{ recipeIds: [gratin.id, gratin.id] }, 'recipeIds'],
      [{ recipeIds: [0] }, 'recipeIds.0'],
      [{ people: -1 }, 'people'],
      [{ people: 100_001 }, 'people'],
      [{ people: 2.5 }, 'people'],
      [{ code: 14 }, 'code'],
      [{ code: -1 }, 'code'],
      [{ kind: 'regime' }, 'kind'],
      [{ kind: undefined }, 'kind'],
      [{ mealId: 'x' }, 'mealId'],
    ];
    for (const [over, field] of cases) {
      const refusal = await w.refusal(ALICE, 'setMealAlternative', {
        mealId: meal.id,
        ...peanuts(2, [gratin.id]),
        ...over,
      });
      expect(refusal.error.code).toBe('invalid');
      expect(refusal.error.message).toBe(
        `Modification invalide : le champ « ${field} » est manquant ou mal formé.`,
      );
      expect(refusal.after).toEqual(refusal.before);
    }
  });

  it(`takes up to ${MAX_RECIPES_PER_ALTERNATIVE} recipes`, async () => {
    const ids: number[] = [];
    for (let i = 0; i < MAX_RECIPES_PER_ALTERNATIVE; i++) ids.push((await w.recipe(ALICE)).id);
    await set(peanuts(2, ids));
    expect((await alternativesOf())?.[0]?.recipeIds).toEqual(ids);
  });

  it(`one per diet and per allergen: ${MAX_ALTERNATIVES_PER_MEAL} at most`, async () => {
    for (const code of [0, 1, 2, 3]) {
      await set({ kind: 'diet', code, people: 1, recipeIds: [gratin.id] });
    }
    for (let code = 0; code <= 13; code++) {
      await set({ kind: 'allergen', code, people: 1, recipeIds: [gratin.id] });
    }
    expect(await alternativesOf()).toHaveLength(MAX_ALTERNATIVES_PER_MEAL);
    // Replacing one is always possible.
    await set(peanuts(3, [salade.id]));
    const all = (await alternativesOf())!;
    expect(all).toHaveLength(MAX_ALTERNATIVES_PER_MEAL);
    expect(all.at(-1)).toEqual(peanuts(3, [salade.id]));

    // A row holding the limit already (a reason twice: a malformed row) takes no new reason.
    const full = await w.meal(stay, {
      day: 1,
      alternatives: [
        ...[Diet.Vegetarien, Diet.SansPorc, Diet.SansViande].map((code): MealAlternative => ({
          kind: 'diet',
          code,
          people: 1,
          recipeIds: [gratin.id],
        })),
        ...Array.from({ length: 14 }, (_, code) => ({ ...peanuts(1, [gratin.id]), code })),
        peanuts(1, [salade.id]),
      ],
    });
    expect(full.alternatives).toHaveLength(MAX_ALTERNATIVES_PER_MEAL);
    const refusal = await w.refusal(ALICE, 'setMealAlternative', {
      mealId: full.id,
      kind: 'diet',
      code: Diet.Vegetalien,
      people: 1,
      recipeIds: [gratin.id],
    });
    expect(refusal.error.message).toBe(
      `Un repas ne peut pas proposer plus de ${MAX_ALTERNATIVES_PER_MEAL} alternatives.`,
    );
    expect(refusal.after).toEqual(refusal.before);
  });
});

describe('removeMealAlternative', () => {
  it('removes the alternative of that diet or allergy, the others stay', async () => {
    await set(peanuts(2, [gratin.id]));
    await set(vegetarians(3, [salade.id]));
    await w.run(ALICE, 'removeMealAlternative', {
      mealId: meal.id,
      kind: 'allergen',
      code: Allergen.Arachides,
    });
    expect(await alternativesOf()).toEqual([vegetarians(3, [salade.id])]);
  });

  it('the last one removed: the row is as it was before any', async () => {
    await set(peanuts(2, [gratin.id]));
    await w.run(ALICE, 'removeMealAlternative', {
      mealId: meal.id,
      kind: 'allergen',
      code: Allergen.Arachides,
    });
    const row = await w.get('meals', meal.id);
    expect(row).toEqual(meal);
    expect(row).not.toHaveProperty('alternatives');
  });

  it('an alternative that is not there: nothing changes', async () => {
    await set(peanuts(2, [gratin.id]));
    const before = w.snapshot();
    // Diet 4 = allergen 4's code under the other kind: not the same reason.
    await w.run(ALICE, 'removeMealAlternative', {
      mealId: meal.id,
      kind: 'diet',
      code: Allergen.Arachides,
    });
    await w.run(ALICE, 'removeMealAlternative', { mealId: meal.id, kind: 'allergen', code: 6 });
    expect(w.snapshot()).toEqual(before);
    // A meal without any.
    const other = await w.meal(stay, { day: 2 });
    await w.run(ALICE, 'removeMealAlternative', { mealId: other.id, kind: 'diet', code: 0 });
    expect(await w.get('meals', other.id)).toEqual(other);
  });

  it('refuses another user’s meal and malformed arguments', async () => {
    await set(peanuts(2, [gratin.id]));
    const refusal = await w.refusal(BOB, 'removeMealAlternative', {
      mealId: meal.id,
      kind: 'allergen',
      code: Allergen.Arachides,
    });
    expect(refusal.error.code).toBe('not_found');
    expect(refusal.after).toEqual(refusal.before);
    for (const args of [
      { mealId: meal.id, kind: 'allergen', code: 14 },
      { mealId: meal.id, kind: 'allergy', code: 4 },
      { mealId: meal.id, kind: 'allergen' },
    ]) {
      const bad = await w.refusal(ALICE, 'removeMealAlternative', args);
      expect(bad.error.code).toBe('invalid');
    }
    expect(await alternativesOf()).toEqual([peanuts(2, [gratin.id])]);
  });
});

describe('a recipe serving as an alternative is not deleted', () => {
  it('refused while an alternative uses it, allowed once removed', async () => {
    await set(peanuts(2, [gratin.id, salade.id]));
    let refusal = await w.refusal(ALICE, 'deleteRecipe', { id: gratin.id });
    expect(refusal.error.code).toBe('conflict');
    expect(refusal.error.message).toBe(DELETE_REFUSED);
    expect(refusal.after).toEqual(refusal.before);

    // Replaced by the salad alone: the gratin is free, the salad not.
    await set(peanuts(2, [salade.id]));
    await w.run(ALICE, 'deleteRecipe', { id: gratin.id });
    expect(await w.get('recipes', gratin.id)).toBeUndefined();
    refusal = await w.refusal(ALICE, 'deleteRecipe', { id: salade.id });
    expect(refusal.error.message).toBe(DELETE_REFUSED);

    await w.run(ALICE, 'removeMealAlternative', {
      mealId: meal.id,
      kind: 'allergen',
      code: Allergen.Arachides,
    });
    await w.run(ALICE, 'deleteRecipe', { id: salade.id });
    expect(await w.get('recipes', salade.id)).toBeUndefined();
  });

  it('refused while any meal uses it, allowed once the meals are deleted', async () => {
    const other = await w.meal(stay, { day: 1 });
    await set(peanuts(2, [gratin.id]));
    await set(vegetarians(1, [gratin.id]), other.id);
    await w.run(ALICE, 'deleteMeal', { id: meal.id });
    expect((await w.refusal(ALICE, 'deleteRecipe', { id: gratin.id })).error.message).toBe(
      DELETE_REFUSED,
    );
    await w.run(ALICE, 'deleteMeal', { id: other.id });
    await w.run(ALICE, 'deleteRecipe', { id: gratin.id });
    expect(await w.get('recipes', gratin.id)).toBeUndefined();
  });
});

describe('undo and copies keep the alternatives', () => {
  const undoOf = async <N extends 'deleteMeal' | 'deleteStay' | 'deleteGroup'>(
    name: N,
    id: number,
  ) => {
    const undo = await runUndoable(w.store, ALICE, name, { id }, () =>
      runMutation(w.as(ALICE), name, { id }),
    );
    expect(undo).not.toBeNull();
    return undo!;
  };

  it('undo of deleteMeal puts the meal back with its alternatives', async () => {
    await set(peanuts(2, [gratin.id]));
    await set(vegetarians(3, [salade.id, gratin.id]));
    const before = w.snapshot();
    const undo = await undoOf('deleteMeal', meal.id);
    expect(await w.get('meals', meal.id)).toBeUndefined();
    await w.run(ALICE, 'restoreSnapshot', undo);
    expect(w.snapshot()).toEqual(before);
    // The recipes are in use again.
    expect((await w.refusal(ALICE, 'deleteRecipe', { id: salade.id })).error.message).toBe(
      DELETE_REFUSED,
    );
  });

  it('undo of removeMealAlternative puts the alternative back as it was', async () => {
    await set(peanuts(2, [gratin.id]));
    await set(vegetarians(3, [salade.id]));
    const before = w.snapshot();
    const args = { mealId: meal.id, kind: 'diet' as const, code: 0 };
    const undo = await runUndoable(w.store, ALICE, 'removeMealAlternative', args, () =>
      runMutation(w.as(ALICE), 'removeMealAlternative', args),
    );
    expect(await alternativesOf()).toEqual([peanuts(2, [gratin.id])]);
    await w.run(ALICE, 'restoreSnapshot', undo!);
    expect(w.snapshot()).toEqual(before);
  });

  it('undo of deleteStay puts back every meal with its alternatives', async () => {
    const dinner = await w.meal(stay, { slot: Horaire.Diner });
    await set(peanuts(2, [gratin.id]));
    await set(vegetarians(3, [salade.id]), dinner.id);
    const before = w.snapshot();
    const undo = await undoOf('deleteStay', stay.id);
    expect(w.ids('meals')).toEqual([]);
    await w.run(ALICE, 'restoreSnapshot', undo);
    expect(w.snapshot()).toEqual(before);
  });

  it('undo of deleteGroup keeps the alternatives of the meals it touches', async () => {
    await set(peanuts(2, [gratin.id]));
    const before = w.snapshot();
    const undo = await undoOf('deleteGroup', meal.groupIds[0]!);
    expect(await alternativesOf()).toEqual([peanuts(2, [gratin.id])]);
    await w.run(ALICE, 'restoreSnapshot', undo);
    expect(w.snapshot()).toEqual(before);
  });

  it('an undo made after a recipe was deleted drops it from its alternative', async () => {
    const tarte = await w.recipe(ALICE, { name: 'Tarte' });
    await set(peanuts(2, [gratin.id, salade.id]));
    await set(vegetarians(3, [tarte.id]));
    const undo = await undoOf('deleteMeal', meal.id);
    // Meanwhile (another device), two of the recipes go: the meal no longer holds them.
    await w.run(ALICE, 'deleteRecipe', { id: gratin.id });
    await w.run(ALICE, 'deleteRecipe', { id: tarte.id });

    await w.run(ALICE, 'restoreSnapshot', undo);
    // The salad is left in its alternative; the one left with no recipe goes.
    expect(await w.get('meals', meal.id)).toEqual({
      ...meal,
      alternatives: [peanuts(2, [salade.id])],
    });
  });

  it('an undo made after every recipe of the alternatives was deleted: none left', async () => {
    await set(peanuts(2, [gratin.id]));
    const undo = await undoOf('deleteMeal', meal.id);
    await w.run(ALICE, 'deleteRecipe', { id: gratin.id });
    await w.run(ALICE, 'restoreSnapshot', undo);
    const row = await w.get('meals', meal.id);
    expect(row).toEqual(meal);
    expect(row).not.toHaveProperty('alternatives');
  });

  it('an undo naming another user’s recipe in an alternative drops it', async () => {
    const bobs = await w.recipe(BOB, { name: 'Curry de Bob', isPublished: true });
    await set(peanuts(2, [gratin.id]));
    const undo = await undoOf('deleteMeal', meal.id);
    const forged = {
      ...undo,
      put: undo.put.map((p) =>
        p.table === 'meals'
          ? {
              ...p,
              row: {
                ...p.row,
                alternatives: [peanuts(2, [bobs.id, gratin.id]), vegetarians(1, [bobs.id])],
              },
            }
          : p,
      ),
    };
    await w.run(ALICE, 'restoreSnapshot', forged);
    expect(await alternativesOf()).toEqual([peanuts(2, [gratin.id])]);
  });

  it('an undo refuses alternatives out of shape: unknown diet, a reason twice, a recipe twice', async () => {
    await set(peanuts(2, [gratin.id]));
    const undo = await undoOf('deleteMeal', meal.id);
    const withAlternatives = (alternatives: unknown) => ({
      ...undo,
      put: undo.put.map((p) =>
        p.table === 'meals' ? { ...p, row: { ...p.row, alternatives } } : p,
      ),
    });
    const cases: unknown[] = [
      [{ kind: 'diet', code: 7, people: 2, recipeIds: [gratin.id] }],
      [peanuts(2, [gratin.id]), peanuts(3, [salade.id])],
      [peanuts(2, [gratin.id, gratin.id])],
      [{ ...peanuts(2, [gratin.id]), extra: true }],
      [{ ...peanuts(2, [gratin.id]), people: -1 }],
      [{ ...peanuts(2, [gratin.id]), code: 14 }],
      Array.from({ length: MAX_ALTERNATIVES_PER_MEAL + 1 }, () => peanuts(1, [gratin.id])),
    ];
    for (const alternatives of cases) {
      const refusal = await w.refusal(ALICE, 'restoreSnapshot', withAlternatives(alternatives));
      expect(refusal.error.code).toBe('invalid');
      // (A MemoryStore does not roll back the rows put before the refusal; a store does.)
      expect(await w.get('meals', meal.id)).toBeUndefined();
    }
    const unknownDiet = await w.refusal(
      ALICE,
      'restoreSnapshot',
      withAlternatives([{ kind: 'diet', code: 7, people: 2, recipeIds: [gratin.id] }]),
    );
    expect(unknownDiet.error.message).toBe('Ce régime est inconnu.');
    const twice = await w.refusal(
      ALICE,
      'restoreSnapshot',
      withAlternatives([peanuts(2, [gratin.id]), peanuts(3, [salade.id])]),
    );
    expect(twice.error.message).toBe(
      "Un repas ne peut proposer qu'une alternative par régime ou par allergie.",
    );
    // The undo as made still works.
    await w.run(ALICE, 'restoreSnapshot', undo);
    expect(await alternativesOf()).toEqual([peanuts(2, [gratin.id])]);
  });

  it('duplicateStay copies each meal’s alternatives to its copy', async () => {
    const dinner = await w.meal(stay, { slot: Horaire.Diner, day: 1 });
    await set(peanuts(2, [gratin.id]));
    await set(vegetarians(3, [salade.id, gratin.id]), dinner.id);
    const original = w.snapshot();

    await w.run(ALICE, 'duplicateStay', {
      id: stay.id,
      ids: { first: FRESH, count: 20 },
      now: LATER,
    });

    const copies = (await w.store.where('meals', 'stayId', FRESH)).sort((a, b) => a.day - b.day);
    expect(copies.map((m) => m.alternatives)).toEqual([
      [peanuts(2, [gratin.id])],
      [vegetarians(3, [salade.id, gratin.id])],
    ]);
    // The original's rows are untouched.
    for (const m of original.meals) expect(await w.get('meals', m.id)).toEqual(m);
    // Both copies hold the recipes too: removed from the originals, still not deletable.
    await w.run(ALICE, 'deleteStay', { id: stay.id });
    expect((await w.refusal(ALICE, 'deleteRecipe', { id: gratin.id })).error.message).toBe(
      DELETE_REFUSED,
    );
    // And the copy's alternative can be changed on its own.
    await set(peanuts(5, [salade.id]), copies[0]!.id);
    expect(await alternativesOf(copies[0]!.id)).toEqual([peanuts(5, [salade.id])]);
  });

  it('an alternative stays with its meal when the meal’s menu changes', async () => {
    const other = await w.meal(stay, { day: 1 });
    const favourite = await w.menu(ALICE, { isFavorite: true, updated: NOW });
    await set(peanuts(2, [gratin.id]));
    await w.run(ALICE, 'swapMealMenus', { mealId1: meal.id, mealId2: other.id });
    await w.run(ALICE, 'setMealMenu', { mealId: meal.id, menuId: favourite.id });
    await w.run(ALICE, 'updateMeal', { id: meal.id, day: 4, additionalPeople: 2 });
    expect(await alternativesOf()).toEqual([peanuts(2, [gratin.id])]);
    expect(await alternativesOf(other.id)).toBeUndefined();
  });
});
