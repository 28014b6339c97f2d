import { describe, expect, it } from 'vitest';
import type { Ingredient } from '@popote/domain';
import { readRecipesFile } from './readRecipesFile';

const INGREDIENTS: Ingredient[] = [
  { id: 1, name: 'Tomate', kind: 1, owner: null },
  { id: 2, name: 'Crème fraîche', kind: 5, owner: null },
];

describe('readRecipesFile', () => {
  it('parses the file and proposes an ingredient for each name', () => {
    const result = readRecipesFile({
      text: 'Salade,entree,4\nTomates,6,pièces\nCreme fraiche,20,cl\nBasilic frais,1,pièces\n',
      ingredients: INGREDIENTS,
    });
    if (!result.ok) throw new Error(result.message);
    expect(result.recipes.map((r) => [r.name, r.forPeople, r.ingredients.length])).toEqual([
      ['Salade', 4, 3],
    ]);
    expect(result.names.map((n) => n.name)).toEqual(['Tomates', 'Creme fraiche', 'Basilic frais']);
    expect([...result.matches].map(([name, m]) => [name, m.ingredient?.id ?? null])).toEqual([
      ['Tomates', 1],
      ['Creme fraiche', 2],
      ['Basilic frais', null],
    ]);
  });

  it('answers a malformed file with its French message and line, as plain data', () => {
    const result = readRecipesFile({
      text: 'Salade,entree,4\nTomates,six,pièces\n',
      ingredients: INGREDIENTS,
    });
    expect(result).toEqual({
      ok: false,
      message: 'Ligne 2 : la quantité « six » est illisible.',
      line: 2,
    });
    expect(structuredClone(result)).toEqual(result);
  });
});
