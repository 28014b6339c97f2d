import { describe, expect, it } from 'vitest';
import { titleWithUnreadable, unreadableRecipeIds } from './unreadable';

describe('recipes a menu names but the device cannot read', () => {
  const recipes = new Map([[1, { name: 'Lasagnes' }]]);

  it('are the ids missing from what was read, in the menu order', () => {
    expect(unreadableRecipeIds({ recipeIds: [7, 1, 3] }, recipes)).toEqual([7, 3]);
    expect(unreadableRecipeIds({ recipeIds: [1] }, recipes)).toEqual([]);
  });

  it('are none while the first sync may still bring them', () => {
    expect(unreadableRecipeIds({ recipeIds: [7, 1] }, recipes, false)).toEqual([]);
  });

  it("come after the menu's title as 'Recette non publiée', one per recipe", () => {
    expect(titleWithUnreadable('Lasagnes', 1)).toBe('Lasagnes, Recette non publiée');
    expect(titleWithUnreadable('', 2)).toBe('Recette non publiée, Recette non publiée');
    expect(titleWithUnreadable('Lasagnes', 0)).toBe('Lasagnes');
  });
});
