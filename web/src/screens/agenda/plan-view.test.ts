import { describe, expect, it } from 'vitest';
import type { Group, Meal, Menu } from '@popote/domain';
import {
  effectiveGroupFilter,
  filterByGroup,
  groupLabel,
  mealGroupsText,
  mealsInCell,
  mealsOfDay,
  weekDays,
  weekSummary,
} from './plan-view';

const group = (id: number, name: string): Group => ({
  id,
  stayId: 1,
  owner: 7,
  name,
  color: '#AF0853',
  size: 10,
});
const meal = (id: number, day: number, slot: Meal['slot'], groupIds: number[]): Meal => ({
  id,
  stayId: 1,
  owner: 7,
  menuId: 100 + id,
  day,
  slot,
  additionalPeople: 0,
  groupIds,
});
const menu = (id: number, empty: boolean): Menu => ({
  id,
  owner: 7,
  isFavorite: false,
  isPublished: false,
  updated: '2024-01-01T00:00:00.000Z',
  ingredients: [],
  recipeIds: empty ? [] : [5],
});

const louveteaux = group(11, 'Louveteaux');
const sansNom = group(12, '  ');
const meals = [
  meal(3, 0, 1, [11]),
  meal(1, 0, 1, [12]),
  meal(2, 0, 0, [11, 12]),
  meal(4, 1, 3, []),
];

describe('plan-view', () => {
  it('lists 7 days from the first one', () => {
    expect(weekDays(-2)).toEqual([-2, -1, 0, 1, 2, 3, 4]);
  });

  it('filters on the only group, or on the chosen one when it still exists', () => {
    expect(effectiveGroupFilter([louveteaux], null)).toBe(11);
    expect(effectiveGroupFilter([louveteaux, sansNom], null)).toBeNull();
    expect(effectiveGroupFilter([louveteaux, sansNom], 12)).toBe(12);
    expect(effectiveGroupFilter([louveteaux, sansNom], 99)).toBeNull();
    expect(effectiveGroupFilter([], 11)).toBeNull();
    expect(filterByGroup(meals, 12).map((m) => m.id)).toEqual([1, 2]);
    expect(filterByGroup(meals, null).length).toBe(4);
  });

  it('places meals in cells by id and days by slot then id', () => {
    expect(mealsInCell(meals, 0, 1).map((m) => m.id)).toEqual([1, 3]);
    expect(mealsInCell(meals, 1, 1)).toEqual([]);
    expect(mealsOfDay(meals, 0).map((m) => m.id)).toEqual([2, 1, 3]);
  });

  it('sums up the week by empty menus first, then by meals', () => {
    const withEmpty = new Map([
      [101, menu(101, true)],
      [102, menu(102, false)],
      [103, menu(103, true)],
    ]);
    expect(weekSummary(meals.slice(0, 3), withEmpty)).toEqual({
      text: '2 menus vide(s)',
      hasEmpty: true,
    });
    const full = new Map([[102, menu(102, false)]]);
    expect(weekSummary([meals[2]!], full)).toEqual({ text: '1 repas', hasEmpty: false });
  });

  it('names the groups of a meal, with the default name for a blank one', () => {
    const byId = new Map([louveteaux, sansNom].map((g) => [g.id, g]));
    expect(groupLabel(sansNom)).toBe('Groupe par défaut');
    expect(mealGroupsText(meals[2]!, byId)).toBe('Louveteaux, Groupe par défaut');
    expect(mealGroupsText(meals[3]!, byId)).toBe('Aucun groupe');
  });
});
