import { describe, expect, it } from 'vitest';
import { Plat, Unite } from './enums.js';
import type { Menu } from './entities.js';
import { menuItems, menuTitle } from './menu-title.js';

const quantity = { val: 1, unite: Unite.Pieces, forPeople: 10 };
const recipes = new Map([
  [10, { name: 'Lasagnes', plat: Plat.PlatPrincipal }],
  [11, { name: 'Tarte aux pommes', plat: Plat.Dessert }],
  [12, { name: 'Salade de tomates', plat: Plat.Entree }],
  [13, { name: 'Éclair', plat: Plat.Dessert }],
]);
const ingredients = { 20: { name: 'Pain' }, 21: { name: 'Yaourt' }, 22: { name: 'Radis' } };

const menu = (
  recipeIds: number[],
  items: [number, Plat][],
): Pick<Menu, 'recipeIds' | 'ingredients'> => ({
  recipeIds,
  ingredients: items.map(([ingredientId, plat]) => ({ ingredientId, plat, quantity })),
});

describe('menuTitle', () => {
  it('joins recipes and ingredients by course, then by name', () => {
    const m = menu(
      [11, 10, 13, 12],
      [
        [20, Plat.Autre],
        [21, Plat.Dessert],
        [22, Plat.Entree],
      ],
    );
    expect(menuTitle(m, recipes, ingredients)).toBe(
      'Radis, Salade de tomates, Lasagnes, Éclair, Tarte aux pommes, Yaourt, Pain',
    );
  });
  it('is empty for an empty menu', () => {
    expect(menuTitle(menu([], []), recipes, ingredients)).toBe('');
  });
  it('skips rows it cannot find', () => {
    expect(
      menuTitle(
        menu(
          [10, 99],
          [
            [98, Plat.Entree],
            [20, Plat.Autre],
          ],
        ),
        recipes,
        ingredients,
      ),
    ).toBe('Lasagnes, Pain');
  });
  it('uses the course chosen in the menu for an ingredient', () => {
    expect(menuTitle(menu([10], [[20, Plat.Entree]]), recipes, ingredients)).toBe('Pain, Lasagnes');
  });
  it('accepts plain objects and maps alike', () => {
    const recipesObject = Object.fromEntries(recipes);
    const ingredientsMap = new Map(Object.entries(ingredients).map(([k, v]) => [Number(k), v]));
    expect(menuTitle(menu([12], [[21, Plat.Dessert]]), recipesObject, ingredientsMap)).toBe(
      'Salade de tomates, Yaourt',
    );
  });
  it('does not read inherited properties of a plain object as rows', () => {
    const lookup = Object.create({ 20: { name: 'Fantôme' } }) as Record<number, { name: string }>;
    expect(menuTitle(menu([], [[20, Plat.Autre]]), recipes, lookup)).toBe('');
  });
});

describe('menuItems', () => {
  it('lists the chips in title order with their kind and course', () => {
    const m = menu(
      [10, 11],
      [
        [20, Plat.Autre],
        [22, Plat.Entree],
      ],
    );
    expect(menuItems(m, recipes, ingredients)).toEqual([
      { kind: 'ingredient', id: 22, name: 'Radis', plat: Plat.Entree },
      { kind: 'receipe', id: 10, name: 'Lasagnes', plat: Plat.PlatPrincipal },
      { kind: 'receipe', id: 11, name: 'Tarte aux pommes', plat: Plat.Dessert },
      { kind: 'ingredient', id: 20, name: 'Pain', plat: Plat.Autre },
    ]);
  });
  it('puts a recipe before an ingredient of the same course and name', () => {
    const same = new Map([[30, { name: 'Pain', plat: Plat.Autre }]]);
    expect(menuItems(menu([30], [[20, Plat.Autre]]), same, ingredients).map((i) => i.kind)).toEqual(
      ['receipe', 'ingredient'],
    );
    expect(menuItems(menu([], [[20, Plat.Autre]]), same, ingredients)).toHaveLength(1);
  });
});
