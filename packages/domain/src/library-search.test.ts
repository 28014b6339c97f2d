import { describe, expect, it } from 'vitest';
import type { Ingredient, Menu, Recipe } from './entities.js';
import { IngredientKind, Plat, Unite } from './enums.js';
import { Allergen, Diet, DietFact } from './allergens.js';
import { DomainError } from './errors.js';
import {
  addableItems,
  filterAvoiding,
  filterIngredients,
  filterLibraryEntries,
  libraryEntries,
  pageCount,
  pageItems,
  searchAddableItems,
  uniqueName,
} from './library-search.js';

const ME = 1;
const OTHER = 2;
const NOW = '2024-05-01T10:00:00.000Z';

const ingredient = (id: number, name: string, owner: number | null = null): Ingredient => ({
  id,
  name,
  kind: IngredientKind.Autre,
  owner,
});
const recipe = (id: number, name: string, plat: Plat, owner = ME, isPublished = false): Recipe => ({
  id,
  owner,
  name,
  plat,
  description: '',
  isPublished,
  updated: NOW,
  ingredients: [],
});
const menu = (
  id: number,
  contents: { recipes?: number[]; ingredients?: number[] },
  flags: { owner?: number; isFavorite?: boolean; isPublished?: boolean } = {},
): Menu => ({
  id,
  owner: flags.owner ?? ME,
  isFavorite: flags.isFavorite ?? true,
  isPublished: flags.isPublished ?? false,
  updated: NOW,
  recipeIds: contents.recipes ?? [],
  ingredients: (contents.ingredients ?? []).map((ingredientId) => ({
    ingredientId,
    quantity: { val: 1, unite: Unite.Pieces, forPeople: 1 },
    plat: Plat.Autre,
  })),
});

const INGREDIENTS = [ingredient(10, 'Pain'), ingredient(11, 'Crème fraîche')];
const RECIPES = [
  recipe(20, 'Tarte aux pommes', Plat.Dessert),
  recipe(21, 'Salade verte', Plat.Entree),
  recipe(22, 'Lasagnes', Plat.PlatPrincipal),
  recipe(23, 'Crème brûlée', Plat.Dessert, OTHER, true),
  recipe(24, 'Secret de famille', Plat.Dessert, OTHER, false),
  recipe(25, 'Éclair', Plat.Dessert),
];
const MENUS = [
  menu(30, { recipes: [22, 21], ingredients: [10] }),
  menu(31, { recipes: [20] }, { owner: OTHER, isPublished: true }),
  menu(32, { recipes: [24] }, { owner: OTHER }),
  menu(33, { ingredients: [11] }, { isFavorite: false }),
  menu(34, {}),
];

describe('libraryEntries', () => {
  const entries = libraryEntries(ME, MENUS, RECIPES, INGREDIENTS);

  it('lists favourite menus (own and published) then recipes (own and published)', () => {
    expect(entries.map((e) => [e.kind, e.id])).toEqual([
      ['menu', 34],
      ['menu', 30],
      ['menu', 31],
      ['receipe', 21],
      ['receipe', 22],
      ['receipe', 23],
      ['receipe', 25],
      ['receipe', 20],
    ]);
  });

  it('titles menus by their contents and recipes by their name', () => {
    expect(entries.map((e) => e.title)).toEqual([
      '',
      'Salade verte, Lasagnes, Pain',
      'Tarte aux pommes',
      'Salade verte',
      'Lasagnes',
      'Crème brûlée',
      'Éclair',
      'Tarte aux pommes',
    ]);
    expect(entries.find((e) => e.id === 23)).toEqual({
      kind: 'receipe',
      id: 23,
      owner: OTHER,
      title: 'Crème brûlée',
      plat: Plat.Dessert,
      isPublished: true,
      searchKey: 'cremebrulee',
      facts: { allergens: new Set(), facts: new Set() },
    });
  });
});

describe("the library's 'Sans…' filter (issue 20)", () => {
  const farine = { ...ingredient(40, 'Farine de blé'), allergens: [Allergen.Gluten] };
  const lardons = { ...ingredient(41, 'Lardons'), diet: [DietFact.Porc] };
  const lait = { ...ingredient(42, 'Lait'), allergens: [Allergen.Lait], diet: [DietFact.Animal] };
  const line = (ingredientId: number) => ({
    ingredientId,
    quantity: { val: 1, unite: Unite.Pieces, forPeople: 1 },
  });
  const quiche = { ...recipe(50, 'Quiche', Plat.PlatPrincipal), ingredients: [line(40), line(41)] };
  const flan = { ...recipe(51, 'Flan', Plat.Dessert), ingredients: [line(42)] };
  const salade = recipe(52, 'Salade', Plat.Entree);
  const menuQuiche = menu(53, { recipes: [50], ingredients: [42] });
  const entries = libraryEntries(ME, [menuQuiche], [quiche, flan, salade], [farine, lardons, lait]);
  const ids = (avoid: Parameters<typeof filterAvoiding>[1]) =>
    filterAvoiding(entries, avoid).map((e) => e.id);

  it("gathers a menu's facts from its recipes and its own ingredients", () => {
    const facts = entries.find((e) => e.id === 53)!.facts;
    expect([...facts.allergens].sort()).toEqual([Allergen.Gluten, Allergen.Lait]);
    expect(facts.facts.has(DietFact.Porc)).toBe(true);
  });

  it('keeps what holds none of the allergens and suits every diet asked', () => {
    expect(ids({ allergens: [], diets: [] })).toEqual([53, 52, 50, 51]);
    expect(ids({ allergens: [Allergen.Gluten], diets: [] })).toEqual([52, 51]);
    expect(ids({ allergens: [], diets: [Diet.SansPorc] })).toEqual([52, 51]);
    // Pork is meat: not vegetarian; milk is of animal origin: not vegan.
    expect(ids({ allergens: [], diets: [Diet.Vegetarien] })).toEqual([52, 51]);
    expect(ids({ allergens: [], diets: [Diet.Vegetalien] })).toEqual([52]);
    expect(ids({ allergens: [Allergen.Lait], diets: [Diet.SansPorc] })).toEqual([52]);
  });
});

describe('filterLibraryEntries', () => {
  const entries = libraryEntries(ME, MENUS, RECIPES, INGREDIENTS);
  const ids = (search: string) => filterLibraryEntries(entries, search).map((e) => e.id);

  it('keeps everything while fewer than 2 characters are typed', () => {
    expect(ids('')).toHaveLength(8);
    expect(ids(' é ')).toHaveLength(8);
  });

  it('ignores accents, case and spaces', () => {
    expect(ids('creme')).toEqual([23]);
    expect(ids('CRÈME BRU')).toEqual([23]);
    expect(ids('eclair')).toEqual([25]);
    expect(ids('saladeverte')).toEqual([30, 21]);
    expect(ids('pommes')).toEqual([31, 20]);
    expect(ids('introuvable')).toEqual([]);
  });

  it('lists one type with :M and :R, and no ingredient with :I', () => {
    expect(ids(':m')).toEqual([34, 30, 31]);
    expect(ids(':R')).toEqual([21, 22, 23, 25, 20]);
    expect(ids(':I')).toEqual([]);
  });

  it('stays fast for 5,000 recipes', () => {
    const many = Array.from({ length: 5000 }, (_, i) =>
      recipe(1000 + i, `Recette numéro ${i}`, (i % 4) as Plat),
    );
    const started = performance.now();
    const big = libraryEntries(ME, [], many, INGREDIENTS);
    const found = filterLibraryEntries(big, 'numero 49');
    const elapsed = performance.now() - started;
    // Every word must match, anywhere: each recipe whose number holds "49".
    const expected = Array.from({ length: 5000 }, (_, i) => i).filter((i) => `${i}`.includes('49'));
    expect(found.map((e) => e.title)).toEqual(
      expect.arrayContaining(expected.map((i) => `Recette numéro ${i}`)),
    );
    expect(found).toHaveLength(expected.length);
    expect(elapsed).toBeLessThan(1000);
  });
});

describe('pages', () => {
  const items = Array.from({ length: 25 }, (_, i) => i);

  it('cuts items into pages of the given size', () => {
    expect(pageCount(0, 12)).toBe(1);
    expect(pageCount(12, 12)).toBe(1);
    expect(pageCount(13, 12)).toBe(2);
    expect(pageCount(25, 12)).toBe(3);
    expect(pageItems(items, 1, 12)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(pageItems(items, 3, 12)).toEqual([24]);
    expect(pageItems(items, 2, 10)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
  });

  it('shows the last page for a page past the end, and the first for nonsense', () => {
    expect(pageItems(items, 9, 12)).toEqual([24]);
    expect(pageItems(items, 0, 12)).toEqual(pageItems(items, 1, 12));
    expect(pageItems(items, 1.5, 12)).toEqual(pageItems(items, 1, 12));
    expect(pageItems([], 2, 12)).toEqual([]);
  });

  it('refuses a page size that is not a positive integer', () => {
    expect(() => pageCount(3, 0)).toThrow(DomainError);
    expect(() => pageCount(3, 0)).toThrow('La taille de page doit être un entier positif.');
  });
});

describe('uniqueName', () => {
  it('numbers the name from 2 while it is taken, ignoring accents and case', () => {
    expect(uniqueName('Nouvelle recette', [])).toBe('Nouvelle recette');
    expect(uniqueName('Nouvelle recette', ['Tarte'])).toBe('Nouvelle recette');
    expect(uniqueName('Nouvelle recette', ['nouvelle  RECETTE'])).toBe('Nouvelle recette 2');
    expect(uniqueName('Nouvelle recette', ['Nouvelle recette', 'Nouvelle recette 2'])).toBe(
      'Nouvelle recette 3',
    );
    expect(uniqueName('Crème', ['creme'])).toBe('Crème 2');
  });

  it('shortens a long base so that the number still fits 200 characters', () => {
    const long = 'a'.repeat(200);
    const name = uniqueName(long, [long]);
    expect(name).toBe(`${'a'.repeat(198)} 2`);
    expect(name).toHaveLength(200);
  });

  it('refuses an empty base', () => {
    expect(() => uniqueName('  ', [])).toThrow('Le nom de base ne peut pas être vide.');
  });
});

describe('filterIngredients', () => {
  const all = [
    ingredient(1, 'Tomate'),
    ingredient(2, 'Crème fraîche'),
    ingredient(3, 'Courgette'),
    ingredient(4, 'crème liquide', ME),
  ];

  it('sorts by name in French order and filters ignoring accents and case', () => {
    expect(filterIngredients(all, '').map((i) => i.id)).toEqual([3, 2, 4, 1]);
    expect(filterIngredients(all, 'CREME').map((i) => i.id)).toEqual([2, 4]);
    expect(filterIngredients(all, 'mate').map((i) => i.id)).toEqual([1]);
    expect(filterIngredients(all, 'x').map((i) => i.id)).toEqual([]);
  });
});

describe('searchAddableItems', () => {
  const items = addableItems(
    RECIPES,
    [ingredient(10, 'Pain'), ingredient(12, 'Pomme'), ingredient(13, 'Compote de pommes')],
    ME,
  );

  it('skips recipes the user may not add', () => {
    expect(items.filter((i) => i.kind === 'receipe').map((i) => i.id)).toEqual([
      20, 21, 22, 23, 25,
    ]);
    expect(addableItems(RECIPES, [], null)).toHaveLength(6);
  });

  it('puts names starting with the text first, then by name', () => {
    expect(searchAddableItems(items, 'pomm').map((i) => [i.kind, i.name])).toEqual([
      ['ingredient', 'Pomme'],
      ['ingredient', 'Compote de pommes'],
      ['receipe', 'Tarte aux pommes'],
    ]);
  });

  it('leaves out what is already there, and cuts at the limit', () => {
    const exclude = new Set(['ingredient:12', 'receipe:20']);
    expect(searchAddableItems(items, 'pomm', { exclude }).map((i) => i.id)).toEqual([13]);
    expect(searchAddableItems(items, 'e', {})).toEqual([]);
    expect(searchAddableItems(items, ':R', { limit: 2 }).map((i) => i.name)).toEqual([
      'Crème brûlée',
      'Éclair',
    ]);
    expect(searchAddableItems(items, ':I').map((i) => i.name)).toEqual([
      'Compote de pommes',
      'Pain',
      'Pomme',
    ]);
    expect(searchAddableItems(items, ':M')).toEqual([]);
  });
});
