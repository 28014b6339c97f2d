import { describe, expect, it } from 'vitest';
import {
  stayDayBounds,
  isMenuEmpty,
  isMenuUsableBy,
  searchResources,
  searchUsableMenus,
  wizardIdCount,
} from './agenda.js';
import type { Group, Ingredient, Menu, Recipe, Stay } from './entities.js';
import { DomainError } from './errors.js';
import { IngredientKind, Plat, Unite } from './enums.js';
import type { WizardRequest } from './wizard.js';
import { planWizard } from './wizard.js';

const ME = 7;
const OTHER = 8;
const quantity = { val: 1, unite: Unite.Pieces, forPeople: 10 };

const ingredient = (id: number, name: string): Ingredient => ({
  id,
  name,
  kind: IngredientKind.Epicerie,
  owner: null,
});
const recipe = (id: number, name: string, plat: Plat, owner = ME): Recipe => ({
  id,
  owner,
  name,
  plat,
  description: '',
  isPublished: false,
  updated: '2024-01-01T00:00:00.000Z',
  ingredients: [],
});
const menu = (id: number, over: Partial<Menu>): Menu => ({
  id,
  owner: ME,
  isFavorite: true,
  isPublished: false,
  updated: '2024-01-01T00:00:00.000Z',
  ingredients: [],
  recipeIds: [],
  ...over,
});
const withIngredients = (...ids: number[]) =>
  ids.map((ingredientId) => ({ ingredientId, quantity, plat: Plat.Autre }));

const ingredients = [
  ingredient(1, 'Pain'),
  ingredient(2, 'Crème fraîche'),
  ingredient(3, 'Pâtes'),
  ingredient(4, 'Beurre'),
];
const recipes = [
  recipe(10, 'Lasagnes', Plat.PlatPrincipal),
  recipe(11, 'Crêpes', Plat.Dessert),
  recipe(12, 'Salade composée', Plat.Entree, OTHER),
];
const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));

const mine = menu(20, { recipeIds: [10], ingredients: withIngredients(1) });
const privateOfMeal = menu(21, { isFavorite: false, recipeIds: [11] });
const othersPublished = menu(22, { owner: OTHER, isPublished: true, recipeIds: [12] });
const othersUnpublished = menu(23, { owner: OTHER, recipeIds: [10] });
const emptyFavourite = menu(24, {});
const menus = [mine, privateOfMeal, othersPublished, othersUnpublished, emptyFavourite];

describe('isMenuEmpty / isMenuUsableBy', () => {
  it('flags menus with neither ingredient nor recipe', () => {
    expect(isMenuEmpty(emptyFavourite)).toBe(true);
    expect(isMenuEmpty(mine)).toBe(false);
    expect(isMenuEmpty(menu(30, { recipeIds: [10] }))).toBe(false);
  });

  it('offers own favourites and published menus only', () => {
    expect(isMenuUsableBy(mine, ME)).toBe(true);
    expect(isMenuUsableBy(privateOfMeal, ME)).toBe(false);
    expect(isMenuUsableBy(othersPublished, ME)).toBe(true);
    expect(isMenuUsableBy(othersUnpublished, ME)).toBe(false);
    expect(isMenuUsableBy(othersUnpublished, OTHER)).toBe(true);
  });
});

describe('searchUsableMenus', () => {
  const search = (query: string) =>
    searchUsableMenus({
      query,
      menus,
      recipesById: byId(recipes),
      ingredientsById: byId(ingredients),
      userId: ME,
    }).map((hit) => [hit.menu.id, hit.title]);

  it('matches titles ignoring accents, spaces and case', () => {
    expect(search('LASAG')).toEqual([[20, 'Lasagnes, Pain']]);
    expect(search('salade compo')).toEqual([[22, 'Salade composée']]);
    expect(search('composee')).toEqual([[22, 'Salade composée']]);
  });

  it('lists every usable non-empty menu with :M, sorted by title', () => {
    expect(search(':m')).toEqual([
      [20, 'Lasagnes, Pain'],
      [22, 'Salade composée'],
    ]);
  });

  it('gives nothing below two characters or for the other list commands', () => {
    expect(search('l')).toEqual([]);
    expect(search(':I')).toEqual([]);
    expect(search(':R')).toEqual([]);
    expect(search('crepes')).toEqual([]);
  });
});

describe('searchResources', () => {
  const search = (query: string, limit = 50) => {
    const { hits, total } = searchResources({
      query,
      menus,
      recipes,
      ingredients,
      recipesById: byId(recipes),
      ingredientsById: byId(ingredients),
      userId: ME,
      limit,
    });
    return { total, hits: hits.map((h) => `${h.kind}:${h.id}`) };
  };

  it('finds menus, then recipes, then ingredients', () => {
    expect(search('pa')).toEqual({
      total: 3,
      hits: ['menu:20', 'ingredient:1', 'ingredient:3'],
    });
    expect(search('cre')).toEqual({ total: 2, hits: ['receipe:11', 'ingredient:2'] });
  });

  it('lists one whole type with :I, :R and :M', () => {
    expect(search(':I').hits).toEqual([
      'ingredient:4',
      'ingredient:2',
      'ingredient:1',
      'ingredient:3',
    ]);
    // Course type descending: Entrée, Plat principal, Dessert.
    expect(search(':r').hits).toEqual(['receipe:12', 'receipe:10', 'receipe:11']);
    expect(search(':M').hits).toEqual(['menu:20', 'menu:22']);
  });

  it('cuts the list at the limit but counts every hit', () => {
    expect(search(':I', 2)).toEqual({ total: 4, hits: ['ingredient:4', 'ingredient:2'] });
    expect(search('x')).toEqual({ total: 0, hits: [] });
  });
});

describe('wizardIdCount', () => {
  const stay: Stay = {
    id: 1,
    owner: ME,
    name: 'Camp',
    start: '2024-07-01',
    profileId: null,
    exportSecret: null,
  };
  const group = (id: number): Group => ({
    id,
    stayId: 1,
    owner: ME,
    name: '',
    color: '#AF0853',
    size: 10,
  });
  const request = (over: Partial<WizardRequest>): WizardRequest => ({
    stayId: 1,
    daysNumber: 7,
    excursions: {},
    withGouter: true,
    groupsForCinquieme: [],
    deleteExisting: false,
    ...over,
  });

  it('reserves two ids per planned meal plus one spare meal per day and slot', () => {
    const groups = [group(11), group(12)];
    const req = request({ excursions: { 1: [12] } });
    const meals = planWizard({
      stay,
      groups,
      existingMeals: [],
      request: req,
      nextId: (() => {
        let n = 100;
        return () => n++;
      })(),
      now: '2024-06-01T00:00:00.000Z',
    }).meals;
    expect(meals.length).toBe(32);
    expect(wizardIdCount({ stay, groups, existingMeals: [], request: req })).toBe(
      2 * 32 + 2 * 7 * 4,
    );
    expect(
      wizardIdCount({
        stay,
        groups,
        existingMeals: [],
        request: request({ daysNumber: 2, withGouter: false, groupsForCinquieme: [11] }),
      }),
    ).toBe(2 * 8 + 2 * 2 * 3);
  });

  it('refuses an invalid request with the wizard message', () => {
    expect(() =>
      wizardIdCount({ stay, groups: [], existingMeals: [], request: request({ daysNumber: 0 }) }),
    ).toThrow(DomainError);
  });
});

describe('stayDayBounds', () => {
  it('spans the first week at least, and every meal', () => {
    expect(stayDayBounds([])).toEqual({ first: 0, last: 6 });
    expect(stayDayBounds([{ day: 3 }, { day: 12 }])).toEqual({ first: 0, last: 12 });
    expect(stayDayBounds([{ day: -2 }, { day: 1 }])).toEqual({ first: -2, last: 6 });
  });
});
