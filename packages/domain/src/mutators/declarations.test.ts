import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { describeMutation } from '../describe-mutation.js';
import { MemoryStore } from '../memory-store.js';
import { UNDOABLE_MUTATIONS } from '../undo.js';
import { anyUser, onStay, ownerOf } from './access.js';
import { defineMutator } from './define.js';
import { MUTATORS, mutationLabel } from './index.js';

describe('mutation declarations', () => {
  it('every mutation declares a French label, distinct from the others', () => {
    const labels = Object.entries(MUTATORS).map(([name, def]) => {
      expect(def.label.trim(), name).not.toBe('');
      expect(def.label, name).not.toBe(name);
      return def.label;
    });
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('reads the label by name, and shows an unknown name as it is', () => {
    expect(mutationLabel('setPurchase')).toBe("Prix et paquet d'un ingrédient");
    expect(mutationLabel('deleteMeal')).toBe("Suppression d'un repas");
    expect(mutationLabel('someFutureMutation')).toBe('someFutureMutation');
  });

  it('describes every mutation with empty arguments without throwing', async () => {
    const store = new MemoryStore();
    for (const name of Object.keys(MUTATORS)) {
      const sentence = await describeMutation(store, name, {});
      expect(sentence.trim(), name).not.toBe('');
      expect(sentence, name).not.toContain('non décrite');
    }
  });

  it('declares who may run each mutation, naming a field of its own arguments', () => {
    for (const [name, def] of Object.entries(MUTATORS)) {
      const { access } = def;
      if (access.kind === 'any-user') continue;
      const fields = Object.keys((def.schema as { properties: object }).properties);
      expect(fields, name).toContain(access.field);
    }
    // Only the owner deletes a stay (the right a stay's team will not share).
    expect(MUTATORS.deleteStay.access).toEqual(onStay('manage', 'stays', 'id'));
    expect(MUTATORS.tickShopItem.access).toEqual(onStay('keep', 'shopLists', 'id'));
    expect(MUTATORS.createMeal.access).toEqual(onStay('plan', 'stays', 'stayId'));
    expect(MUTATORS.updateRecipe.access).toEqual(ownerOf('recipes', 'id'));
  });

  it("offers 'Annuler' for the actions that declare an undo scope, and only those", () => {
    expect([...UNDOABLE_MUTATIONS].sort()).toEqual(
      Object.entries(MUTATORS)
        .filter(([, def]) => def.undo !== null)
        .map(([name]) => name)
        .sort(),
    );
    expect(UNDOABLE_MUTATIONS).toContain('deleteMeal');
    expect(UNDOABLE_MUTATIONS).not.toContain('createMeal');
  });

  it('does not compile a mutation missing a part, or naming a field it does not have', () => {
    const schema = Type.Object({ id: Type.Integer() });
    const whole = {
      label: 'Essai',
      schema,
      access: anyUser,
      describe: async () => 'Essai',
      undo: null,
      run: async () => {},
    };
    expect(defineMutator(whole).label).toBe('Essai');
    // @ts-expect-error: no sentence
    defineMutator({ ...whole, describe: undefined });
    // @ts-expect-error: no access rule
    defineMutator({ label: 'Essai', schema, describe: whole.describe, undo: null, run: whole.run });
    // @ts-expect-error: no undo scope declared (null when none)
    defineMutator({
      label: 'Essai',
      schema,
      access: anyUser,
      describe: whole.describe,
      run: whole.run,
    });
    // @ts-expect-error: the access rule names a field the arguments do not have
    defineMutator({ ...whole, access: onStay('plan', 'stays', 'stayId') });
  });
});
