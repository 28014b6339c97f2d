import { describe, expect, it } from 'vitest';
import { MUTATORS } from '@popote/domain';
import { MUTATION_LABELS } from './common';

describe("labels of the 'Modifications refusées' list", () => {
  it('name every mutation in French, never by its identifier', () => {
    for (const name of Object.keys(MUTATORS)) {
      const label = (MUTATION_LABELS as Record<string, string | undefined>)[name];
      expect(label, name).toMatch(/^[A-ZÉ][^A-Z]*$/u);
      expect(label).not.toBe(name);
    }
  });

  it('say what the change was about for the mutations that had none', () => {
    expect(MUTATION_LABELS.setPurchase).toBe('Prix et paquet');
    expect(MUTATION_LABELS.tickShopItem).toBe("Coche d'une ligne de courses");
    expect(MUTATION_LABELS.restoreSnapshot).toBe("Annulation d'une suppression");
  });

  it('are all different', () => {
    const labels = Object.values(MUTATION_LABELS);
    expect(new Set(labels).size).toBe(labels.length);
  });
});
