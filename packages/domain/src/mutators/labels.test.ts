import { describe, expect, it } from 'vitest';
import { describeMutation } from '../describe-mutation.js';
import { MemoryStore } from '../memory-store.js';
import { MUTATORS, mutationLabel } from './index.js';

describe('mutation labels', () => {
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
});
