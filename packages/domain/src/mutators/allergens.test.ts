import { beforeEach, describe, expect, it } from 'vitest';
import { Allergen, DietFact } from '../allergens.js';
import type { GroupNeeds, Stay } from '../entities.js';
import { Plat, Unite } from '../enums.js';
import { runUndoable } from '../undo.js';
import { INGREDIENT_SHARED, runMutation } from './index.js';
import { ALICE, BOB, FRESH, World } from '../../test/mutators-world.js';

let w: World;
let stay: Stay;
beforeEach(async () => {
  w = await World.create();
  stay = await w.stay(ALICE, { name: 'Camp de Pâques' });
});

const needs = (over: Partial<GroupNeeds> = {}): GroupNeeds => ({
  diets: {},
  allergies: {},
  notes: '',
  ...over,
});

describe('setGroupNeeds', () => {
  it('keeps the counts and the notes, tidied', async () => {
    const group = await w.group(stay, { name: 'Louveteaux', size: 24 });
    await w.run(ALICE, 'setGroupNeeds', {
      id: group.id,
      needs: {
        diets: { 0: 3, 1: 0, 3: 1 },
        allergies: { 4: 2, 6: 0, 13: 1 },
        notes: '  Tom : pas de kiwi ',
      },
    });
    expect(await w.get('groups', group.id)).toEqual({
      ...group,
      needs: { diets: { 0: 3, 3: 1 }, allergies: { 4: 2, 13: 1 }, notes: 'Tom : pas de kiwi' },
    });
  });

  it('replaces the needs as a whole', async () => {
    const group = await w.group(stay, {
      needs: needs({ diets: { 0: 2 }, allergies: { 4: 1 }, notes: 'Avant' }),
    });
    await w.run(ALICE, 'setGroupNeeds', { id: group.id, needs: needs({ allergies: { 0: 1 } }) });
    expect((await w.get('groups', group.id))?.needs).toEqual({
      diets: {},
      allergies: { 0: 1 },
      notes: '',
    });
  });

  it('removes the needs when nothing is left', async () => {
    const group = await w.group(stay, { needs: needs({ diets: { 0: 2 }, notes: 'Deux' }) });
    await w.run(ALICE, 'setGroupNeeds', {
      id: group.id,
      needs: { diets: { 0: 0 }, allergies: { 4: 0 }, notes: '   ' },
    });
    const after = await w.get('groups', group.id);
    expect(after).toEqual({
      id: group.id,
      stayId: stay.id,
      owner: ALICE,
      name: 'Groupe',
      color: '#AF0853',
      size: 10,
    });
    expect(after && 'needs' in after).toBe(false);
    // Nothing to remove: still no needs.
    await w.run(ALICE, 'setGroupNeeds', { id: group.id, needs: needs() });
    expect(await w.get('groups', group.id)).toEqual(after);
  });

  it("refuses another user's group, as missing, changing nothing", async () => {
    const group = await w.group(stay);
    const { error, before, after } = await w.refusal(BOB, 'setGroupNeeds', {
      id: group.id,
      needs: needs({ diets: { 0: 1 } }),
    });
    expect(error.code).toBe('not_found');
    expect(error.message).toBe("Ce groupe n'existe pas ou n'est plus disponible.");
    expect(after).toEqual(before);
  });

  it('refuses unknown diets and allergens, bad counts and extra fields, in French', async () => {
    const group = await w.group(stay);
    const cases: [unknown, string][] = [
      [needs({ diets: { 4: 1 } }), 'needs.diets.4'],
      [needs({ diets: { vegan: 1 } }), 'needs.diets.vegan'],
      [needs({ allergies: { 14: 1 } }), 'needs.allergies.14'],
      [needs({ allergies: { '01': 1 } }), 'needs.allergies.01'],
      [needs({ allergies: { 4: -1 } }), 'needs.allergies.4'],
      [needs({ allergies: { 4: 1.5 } }), 'needs.allergies.4'],
      [needs({ diets: { 0: 100_001 } }), 'needs.diets.0'],
      [{ diets: { 0: '2' }, allergies: {}, notes: '' }, 'needs.diets.0'],
      [{ diets: {}, allergies: {} }, 'needs.notes'],
      [{ ...needs(), extra: true }, 'needs.extra'],
      [needs({ notes: 'x'.repeat(100_000) }), 'needs.notes'],
    ];
    for (const [given, field] of cases) {
      const { error, before, after } = await w.refusal(ALICE, 'setGroupNeeds', {
        id: group.id,
        needs: given,
      });
      expect(error.code, JSON.stringify(given).slice(0, 80)).toBe('invalid');
      expect(error.message).toBe(
        `Modification invalide : le champ « ${field} » est manquant ou mal formé.`,
      );
      expect(after).toEqual(before);
    }
  });

  it('accepts every diet and every allergen code', async () => {
    const group = await w.group(stay);
    const all = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [i, i + 1]));
    await w.run(ALICE, 'setGroupNeeds', {
      id: group.id,
      needs: { diets: all(4), allergies: all(14), notes: '' },
    });
    expect((await w.get('groups', group.id))?.needs).toEqual({
      diets: { 0: 1, 1: 2, 2: 3, 3: 4 },
      allergies: all(14),
      notes: '',
    });
  });
});

describe('createIngredient with allergens and diet facts', () => {
  it('keeps them sorted', async () => {
    await w.run(ALICE, 'createIngredient', {
      id: FRESH,
      name: 'Quiche maison',
      kind: 0,
      allergens: [Allergen.Lait, Allergen.Gluten, Allergen.Oeufs],
      diet: [DietFact.Animal, DietFact.Porc],
    });
    expect(await w.get('ingredients', FRESH)).toEqual({
      id: FRESH,
      name: 'Quiche maison',
      kind: 0,
      owner: ALICE,
      allergens: [0, 2, 6],
      diet: [1, 3],
    });
  });

  it('leaves them out when empty or not given', async () => {
    await w.run(ALICE, 'createIngredient', {
      id: FRESH,
      name: 'Riz',
      kind: 2,
      allergens: [],
      diet: [],
    });
    await w.run(ALICE, 'createIngredient', { id: FRESH + 1, name: 'Sel', kind: 4 });
    expect(await w.get('ingredients', FRESH)).toEqual({
      id: FRESH,
      name: 'Riz',
      kind: 2,
      owner: ALICE,
    });
    expect(await w.get('ingredients', FRESH + 1)).toEqual({
      id: FRESH + 1,
      name: 'Sel',
      kind: 4,
      owner: ALICE,
    });
  });

  it('refuses unknown codes and a code given twice', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ allergens: [14] }, 'allergens.0'],
      [{ allergens: [-1] }, 'allergens.0'],
      [{ allergens: [0.5] }, 'allergens.0'],
      [{ diet: [5] }, 'diet.0'],
      [{ diet: ['0'] }, 'diet.0'],
      [{ allergens: [6, 6] }, 'allergens'],
      [{ diet: [1, 3, 1] }, 'diet'],
      [{ allergens: 6 }, 'allergens'],
    ];
    for (const [extra, field] of cases) {
      const { error, before, after } = await w.refusal(ALICE, 'createIngredient', {
        id: FRESH,
        name: 'Beurre',
        kind: 5,
        ...extra,
      });
      expect(error.code, JSON.stringify(extra)).toBe('invalid');
      expect(error.message).toBe(
        `Modification invalide : le champ « ${field} » est manquant ou mal formé.`,
      );
      expect(after).toEqual(before);
    }
  });
});

describe('updateIngredient with allergens and diet facts', () => {
  it('sets them sorted, keeps them when not given, clears them with []', async () => {
    const pesto = await w.ingredient(ALICE, { name: 'Pesto', kind: 4 });
    await w.run(ALICE, 'updateIngredient', {
      id: pesto.id,
      allergens: [Allergen.FruitsACoque, Allergen.Lait],
      diet: [DietFact.Animal],
    });
    expect(await w.get('ingredients', pesto.id)).toEqual({
      ...pesto,
      allergens: [6, 7],
      diet: [3],
    });

    // A rename or another field leaves them as they are.
    await w.run(ALICE, 'updateIngredient', { id: pesto.id, name: 'Pesto vert', fresh: true });
    expect(await w.get('ingredients', pesto.id)).toEqual({
      ...pesto,
      name: 'Pesto vert',
      fresh: true,
      allergens: [6, 7],
      diet: [3],
    });

    // One cleared, the other kept.
    await w.run(ALICE, 'updateIngredient', { id: pesto.id, diet: [] });
    expect(await w.get('ingredients', pesto.id)).toEqual({
      ...pesto,
      name: 'Pesto vert',
      fresh: true,
      allergens: [6, 7],
    });
    await w.run(ALICE, 'updateIngredient', { id: pesto.id, allergens: [] });
    expect(await w.get('ingredients', pesto.id)).toEqual({
      ...pesto,
      name: 'Pesto vert',
      fresh: true,
    });
  });

  it('changes them on an ingredient another user uses, whose rename is refused', async () => {
    const crevettes = await w.ingredient(ALICE, { name: 'Crevettes', kind: 3 });
    await w.recipe(BOB, {
      name: 'Paella',
      ingredients: [
        { ingredientId: crevettes.id, quantity: { val: 1, unite: Unite.Kg, forPeople: 8 } },
      ],
    });
    await w.menu(BOB, {
      ingredients: [
        {
          ingredientId: crevettes.id,
          quantity: { val: 1, unite: Unite.Kg, forPeople: 8 },
          plat: Plat.Entree,
        },
      ],
    });

    const renamed = await w.refusal(ALICE, 'updateIngredient', {
      id: crevettes.id,
      name: 'Gambas',
      allergens: [Allergen.Crustaces],
    });
    expect(renamed.error.code).toBe('conflict');
    expect(renamed.error.message).toBe(INGREDIENT_SHARED);
    expect(renamed.after).toEqual(renamed.before);

    await w.run(ALICE, 'updateIngredient', {
      id: crevettes.id,
      allergens: [Allergen.Sulfites, Allergen.Crustaces],
      diet: [DietFact.Poisson],
    });
    expect(await w.get('ingredients', crevettes.id)).toEqual({
      ...crevettes,
      allergens: [1, 11],
      diet: [2],
    });
  });

  it("refuses another user's ingredient and the catalogue's", async () => {
    const bobs = await w.ingredient(BOB, { name: 'Beurre' });
    const catalogue = await w.ingredient(null, { name: 'Lait entier' });
    for (const id of [bobs.id, catalogue.id]) {
      const { error, before, after } = await w.refusal(ALICE, 'updateIngredient', {
        id,
        allergens: [Allergen.Lait],
      });
      expect(error.code).toBe('forbidden');
      expect(error.message).toBe('Seul son propriétaire peut modifier cet ingrédient.');
      expect(after).toEqual(before);
    }
  });
});

describe('undo keeps them', () => {
  it('deleteGroup: the group comes back with its needs, and in its meals', async () => {
    const scouts = await w.group(stay, {
      name: 'Scouts',
      needs: needs({ diets: { 0: 2, 1: 1 }, allergies: { 4: 1 }, notes: 'Léa : épilepsie' }),
    });
    const other = await w.group(stay);
    await w.meal(stay, { groupIds: [scouts.id, other.id] });
    const before = w.snapshot();

    const args = { id: scouts.id };
    const undo = await runUndoable(w.store, ALICE, 'deleteGroup', args, () =>
      runMutation(w.as(ALICE), 'deleteGroup', args),
    );
    expect(await w.get('groups', scouts.id)).toBeUndefined();
    expect(undo?.put.find((p) => p.table === 'groups')?.row).toEqual(scouts);

    await runMutation(w.as(ALICE), 'restoreSnapshot', undo!);
    expect(w.snapshot()).toEqual(before);
    expect((await w.get('groups', scouts.id))?.needs?.notes).toBe('Léa : épilepsie');
  });

  it('deleteIngredient: the ingredient comes back with its allergens and diet facts', async () => {
    const lardons = await w.ingredient(ALICE, {
      name: 'Lardons fumés',
      kind: 3,
      allergens: [Allergen.Sulfites],
      diet: [DietFact.Viande, DietFact.Porc],
    });
    const before = w.snapshot();
    const args = { id: lardons.id };
    const undo = await runUndoable(w.store, ALICE, 'deleteIngredient', args, () =>
      runMutation(w.as(ALICE), 'deleteIngredient', args),
    );
    expect(await w.get('ingredients', lardons.id)).toBeUndefined();
    await runMutation(w.as(ALICE), 'restoreSnapshot', undo!);
    expect(await w.get('ingredients', lardons.id)).toEqual(lardons);
    expect(w.snapshot()).toEqual(before);
  });

  it('restoreSnapshot refuses needs and facts out of range', async () => {
    const group = await w.group(stay);
    await runMutation(w.as(ALICE), 'deleteGroup', { id: group.id });
    const badGroup = await w.refusal(ALICE, 'restoreSnapshot', {
      put: [{ table: 'groups', row: { ...group, needs: needs({ allergies: { 14: 1 } }) } }],
      remove: [],
    });
    expect(badGroup.error.code).toBe('invalid');
    expect(badGroup.after).toEqual(badGroup.before);

    const ingredient = await w.ingredient(ALICE, { name: 'Miel' });
    await runMutation(w.as(ALICE), 'deleteIngredient', { id: ingredient.id });
    for (const extra of [{ diet: [5] }, { allergens: [2, 2] }]) {
      const bad = await w.refusal(ALICE, 'restoreSnapshot', {
        put: [{ table: 'ingredients', row: { ...ingredient, ...extra } }],
        remove: [],
      });
      expect(bad.error.code).toBe('invalid');
      expect(bad.after).toEqual(bad.before);
    }

    // Well formed, they come back as given.
    const withNeeds = { ...group, needs: needs({ diets: { 3: 2 } }) };
    const withFacts = { ...ingredient, diet: [DietFact.Animal] };
    await runMutation(w.as(ALICE), 'restoreSnapshot', {
      put: [
        { table: 'groups', row: withNeeds },
        { table: 'ingredients', row: withFacts },
      ],
      remove: [],
    });
    expect(await w.get('groups', group.id)).toEqual(withNeeds);
    expect(await w.get('ingredients', ingredient.id)).toEqual(withFacts);
  });
});
