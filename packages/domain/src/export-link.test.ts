import { describe, expect, it } from 'vitest';
import type { Group, Ingredient, Meal, Menu, Recipe, Stay } from './entities.js';
import { DomainError } from './errors.js';
import {
  buildStayExport,
  groupDisplayName,
  isExportSecret,
  stayExportMealDate,
  stayExportMealName,
  stayExportUrl,
} from './export-link.js';

const SECRET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJ012_-89';

const stay: Stay = {
  id: 1,
  owner: 7,
  name: 'Camp été',
  start: '2025-07-30',
  profileId: null,
  exportSecret: SECRET,
};

const group = (id: number, name: string, size: number, stayId = 1): Group => ({
  id,
  stayId,
  owner: 7,
  name,
  color: '#AF0853',
  size,
});

const meal = (id: number, fields: Partial<Meal>): Meal => ({
  id,
  stayId: 1,
  owner: 7,
  menuId: 100,
  day: 0,
  slot: 0,
  additionalPeople: 0,
  groupIds: [],
  ...fields,
});

describe('stayExportUrl', () => {
  it('puts the secret and the stay name with its year in the query', () => {
    expect(stayExportUrl('https://popote.fr/', SECRET, stay)).toBe(
      `https://popote.fr/import-sejour?id=${SECRET}&sejour=Camp%20%C3%A9t%C3%A9%202025`,
    );
  });

  it('encodes characters that would break the query', () => {
    const url = stayExportUrl('http://127.0.0.1:8080', SECRET, {
      name: 'A&B=C ?',
      start: '2024-01-01',
    });
    expect(new URL(url).searchParams.get('sejour')).toBe('A&B=C ? 2024');
    expect(new URL(url).searchParams.get('id')).toBe(SECRET);
  });

  it('refuses a malformed secret', () => {
    expect(() => stayExportUrl('http://x', 'court', stay)).toThrow(DomainError);
  });
});

describe('isExportSecret', () => {
  it('accepts URL-safe base64 of 22 to 64 characters only', () => {
    expect(isExportSecret(SECRET)).toBe(true);
    expect(isExportSecret('abcdefghijklmnopqrstuvwxyz012345')).toBe(true);
    // Too short, or too few different characters: guessable.
    expect(isExportSecret('abcdefghijklmnopqrstuvwxyz01234')).toBe(false);
    expect(isExportSecret('a'.repeat(43))).toBe(false);
    expect(isExportSecret('abcdefghijklmno'.repeat(3))).toBe(false);
    expect(isExportSecret('a'.repeat(65))).toBe(false);
    expect(isExportSecret(`${'a'.repeat(30)}+/`)).toBe(false);
    expect(isExportSecret(`${'a'.repeat(30)}'--`)).toBe(false);
    expect(isExportSecret(42)).toBe(false);
    expect(isExportSecret(undefined)).toBe(false);
  });
});

describe('stayExportMealName', () => {
  const groups = [group(2, 'Petits', 10), group(3, 'Ados', 12), group(4, '', 3)];

  it('says (Tous) when every group of a stay of several groups eats', () => {
    expect(stayExportMealName(stay, { groupIds: [4, 3, 2] }, groups)).toBe('Camp été (Tous)');
  });

  it('lists the groups in French order otherwise, empty names as the default name', () => {
    expect(stayExportMealName(stay, { groupIds: [2, 3] }, groups)).toBe('Camp été (Ados, Petits)');
    expect(stayExportMealName(stay, { groupIds: [4, 2] }, groups)).toBe(
      'Camp été (Groupe par défaut, Petits)',
    );
  });

  it('names the one group of a single-group stay, and nothing without a group', () => {
    expect(stayExportMealName(stay, { groupIds: [2] }, [group(2, 'Tous ensemble', 5)])).toBe(
      'Camp été (Tous ensemble)',
    );
    expect(stayExportMealName(stay, { groupIds: [] }, groups)).toBe('Camp été');
    expect(stayExportMealName(stay, { groupIds: [99] }, groups)).toBe('Camp été');
  });

  it('compares names without accents or case', () => {
    const named = [
      group(2, 'élans', 1),
      group(3, 'Zèbres', 1),
      group(4, 'ours', 1),
      group(5, 'x', 1),
    ];
    expect(stayExportMealName(stay, { groupIds: [3, 4, 2] }, named)).toBe(
      'Camp été (élans, ours, Zèbres)',
    );
  });
});

describe('stayExportMealDate', () => {
  it('gives each slot its hour on the right day, written in UTC', () => {
    expect(stayExportMealDate('2025-07-30', 0, 0)).toBe('2025-07-30T08:00:00Z');
    expect(stayExportMealDate('2025-07-30', 0, 1)).toBe('2025-07-30T12:00:00Z');
    expect(stayExportMealDate('2025-07-30', 1, 2)).toBe('2025-07-31T16:00:00Z');
    expect(stayExportMealDate('2025-07-30', 2, 3)).toBe('2025-08-01T19:00:00Z');
    expect(stayExportMealDate('2025-07-30', -1, 4)).toBe('2025-07-29T22:00:00Z');
  });

  it('crosses the end of the year and summer time without drifting', () => {
    expect(stayExportMealDate('2024-12-31', 1, 0)).toBe('2025-01-01T08:00:00Z');
    expect(stayExportMealDate('2025-03-29', 2, 1)).toBe('2025-03-31T12:00:00Z');
  });
});

describe('groupDisplayName', () => {
  it('shows an empty or blank name as the default name', () => {
    expect(groupDisplayName({ name: '' })).toBe('Groupe par défaut');
    expect(groupDisplayName({ name: '  ' })).toBe('Groupe par défaut');
    expect(groupDisplayName({ name: 'Ados' })).toBe('Ados');
  });
});

describe('buildStayExport', () => {
  const ingredients: Ingredient[] = [
    { id: 300, name: 'Pâtes', kind: 2, owner: null },
    { id: 301, name: 'Tomate', kind: 1, owner: 7 },
    { id: 302, name: 'Sel', kind: 4, owner: 8 },
    { id: 303, name: 'Jamais utilisé', kind: 0, owner: 7 },
  ];
  const recipes: Recipe[] = [
    {
      id: 200,
      owner: 8,
      name: 'Sauce tomate',
      plat: 0,
      description: 'Mijoter.',
      isPublished: true,
      updated: '2025-06-01T10:00:00.000Z',
      ingredients: [
        { ingredientId: 301, quantity: { val: 1, unite: 1, forPeople: 10 } },
        { ingredientId: 302, quantity: { val: 5, unite: 2, forPeople: 10 } },
        { ingredientId: 999, quantity: { val: 1, unite: 0, forPeople: 1 } },
      ],
    },
  ];
  const menus: Menu[] = [
    {
      id: 101,
      owner: 7,
      isFavorite: true,
      isPublished: false,
      updated: '2025-06-02T10:00:00.000Z',
      ingredients: [],
      recipeIds: [200, 404],
    },
    {
      id: 100,
      owner: 7,
      isFavorite: false,
      isPublished: false,
      updated: '2025-06-03T10:00:00.000Z',
      ingredients: [
        { ingredientId: 300, quantity: { val: 1.5, unite: 1, forPeople: 10 }, plat: 2 },
      ],
      recipeIds: [200],
    },
    {
      id: 102,
      owner: 7,
      isFavorite: false,
      isPublished: false,
      updated: '2025-06-03T10:00:00.000Z',
      ingredients: [{ ingredientId: 303, quantity: { val: 1, unite: 0, forPeople: 1 }, plat: 0 }],
      recipeIds: [],
    },
  ];
  const groups = [group(2, 'Petits', 10), group(3, 'Ados', 12), group(9, 'Ailleurs', 50, 2)];
  const meals = [
    meal(12, { day: 1, slot: 3, menuId: 101, groupIds: [2], additionalPeople: -20 }),
    meal(10, { day: 0, slot: 1, menuId: 100, groupIds: [2, 3], additionalPeople: 2 }),
    meal(11, { day: 0, slot: 1, menuId: 101, groupIds: [] }),
    meal(13, { day: 0, slot: 0, menuId: 555, groupIds: [2] }),
    meal(14, { stayId: 2, menuId: 102 }),
  ];

  const result = buildStayExport({ stay, groups, meals, menus, recipes, ingredients });

  it('lists the meals in order with their name, date and number of people', () => {
    expect(result.Meals).toEqual([
      { Id: 10, IdMenu: 100, Name: 'Camp été (Tous)', Date: '2025-07-30T12:00:00Z', For_: 24 },
      { Id: 11, IdMenu: 101, Name: 'Camp été', Date: '2025-07-30T12:00:00Z', For_: 0 },
      { Id: 12, IdMenu: 101, Name: 'Camp été (Petits)', Date: '2025-07-31T19:00:00Z', For_: 0 },
    ]);
  });

  it('counts in For_ only the people who eat the menu, not those of its alternatives', () => {
    const withAlternative = meals.map((m) =>
      m.id === 10
        ? {
            ...m,
            alternatives: [{ kind: 'allergen' as const, code: 4, people: 3, recipeIds: [200] }],
          }
        : m,
    );
    const out = buildStayExport({
      stay,
      groups,
      meals: withAlternative,
      menus,
      recipes,
      ingredients,
    });
    expect(out.Meals.find((m) => m.Id === 10)?.For_).toBe(21);
  });

  it('sends each menu once with its items, leaving out links to missing rows', () => {
    expect(result.Menus).toEqual([
      {
        Id: 100,
        Owner: 7,
        IsFavorite: false,
        IsPublished: false,
        Updated: '2025-06-03T10:00:00.000Z',
      },
      {
        Id: 101,
        Owner: 7,
        IsFavorite: true,
        IsPublished: false,
        Updated: '2025-06-02T10:00:00.000Z',
      },
    ]);
    expect(result.MenuReceipes).toEqual([
      { IdMenu: 100, IdReceipe: 200 },
      { IdMenu: 101, IdReceipe: 200 },
    ]);
    expect(result.MenuIngredients).toEqual([
      { IdMenu: 100, IdIngredient: 300, Quantity: { Val: 1.5, Unite: 1, For_: 10 }, Plat: 2 },
    ]);
  });

  it('sends the recipes of those menus and their ingredients', () => {
    expect(result.Receipes).toEqual([
      {
        Id: 200,
        Owner: 8,
        Plat: 0,
        Name: 'Sauce tomate',
        Description: 'Mijoter.',
        IsPublished: true,
        Updated: '2025-06-01T10:00:00.000Z',
      },
    ]);
    expect(result.ReceipeIngredients).toEqual([
      { IdReceipe: 200, IdIngredient: 301, Quantity: { Val: 1, Unite: 1, For_: 10 } },
      { IdReceipe: 200, IdIngredient: 302, Quantity: { Val: 5, Unite: 2, For_: 10 } },
    ]);
  });

  it('sends only the ingredients used, the catalogue ones with owner 0', () => {
    expect(result.Ingredients).toEqual([
      { Id: 300, Name: 'Pâtes', Kind: 2, Owner: 0 },
      { Id: 301, Name: 'Tomate', Kind: 1, Owner: 7 },
      { Id: 302, Name: 'Sel', Kind: 4, Owner: 8 },
    ]);
  });

  it('answers empty lists for a stay without meals', () => {
    expect(
      buildStayExport({ stay, groups: [], meals: [], menus: [], recipes: [], ingredients: [] }),
    ).toEqual({
      Ingredients: [],
      Receipes: [],
      ReceipeIngredients: [],
      Menus: [],
      MenuReceipes: [],
      MenuIngredients: [],
      Meals: [],
    });
  });

  it('has exactly the field names of the phone app', () => {
    expect(Object.keys(result)).toEqual([
      'Ingredients',
      'Receipes',
      'ReceipeIngredients',
      'Menus',
      'MenuReceipes',
      'MenuIngredients',
      'Meals',
    ]);
  });
});
