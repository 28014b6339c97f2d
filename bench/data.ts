/**
 * A realistic large data set with a fixed seed: a library of thousands of recipes over a
 * catalogue of ingredients, and a long stay with many groups. Same seed, same data.
 */
import type { Group, Ingredient, Meal, Menu, Recipe, Stay } from '@popote/domain';
import { Rng } from '../sim/rng';

export const BENCH_SEED = 20261121;
const NOW = '2026-11-21T10:00:00.000Z';

export interface Library {
  ingredients: Ingredient[];
  recipes: Recipe[];
}

export function makeLibrary(
  owner: number,
  firstId: number,
  recipes = 5000,
  perRecipe = 10,
): Library {
  const rng = new Rng(BENCH_SEED);
  let id = firstId;
  const ingredients: Ingredient[] = Array.from({ length: 500 }, (_, i) => ({
    id: id++,
    name: `Ingrédient ${i} ${['de saison', 'bio', 'local', 'surgelé'][i % 4]}`,
    kind: (i % 7) as Ingredient['kind'],
    owner: null,
  }));
  const list: Recipe[] = [];
  for (let r = 0; r < recipes; r++) {
    const chosen = new Set<number>();
    while (chosen.size < perRecipe) chosen.add(ingredients[rng.int(ingredients.length)]!.id);
    list.push({
      id: id++,
      owner,
      name: `Recette ${r} ${['aux légumes', 'gratinée', 'du chef', 'de grand-mère'][r % 4]}`,
      plat: (r % 4) as Recipe['plat'],
      description: 'Faire revenir, mélanger, cuire à feu doux et servir chaud.',
      isPublished: r % 3 === 0,
      updated: NOW,
      ingredients: [...chosen].map((ingredientId) => ({
        ingredientId,
        quantity: { val: 1 + rng.int(500) / 10, unite: rng.int(5) as 0, forPeople: 10 },
      })),
    });
  }
  return { ingredients, recipes: list };
}

export interface BigStay {
  stay: Stay;
  groups: Group[];
  meals: Meal[];
  menus: Menu[];
}

/** A 60-day stay, 5 slots a day, 12 groups (300 people), menus of 6 distinct recipes. */
export function makeStay(owner: number, firstId: number, library: Library): BigStay {
  const rng = new Rng(BENCH_SEED + 1);
  let id = firstId;
  const stay: Stay = {
    id: id++,
    owner,
    name: 'Été 2026',
    start: '2026-07-01',
    profileId: null,
    exportSecret: null,
  };
  const groups: Group[] = Array.from({ length: 12 }, (_, i) => ({
    id: id++,
    stayId: stay.id,
    owner,
    name: `Groupe ${i + 1}`,
    color: '#AF0853',
    size: 25,
  }));
  const meals: Meal[] = [];
  const menus: Menu[] = [];
  for (let day = 0; day < 60; day++) {
    for (let slot = 0; slot < 5; slot++) {
      // Distinct recipes: a menu cannot hold one twice (addMenuRecipe refuses it).
      const recipeIds = new Set<number>();
      while (recipeIds.size < 6) {
        recipeIds.add(library.recipes[rng.int(library.recipes.length)]!.id);
      }
      const menu: Menu = {
        id: id++,
        owner,
        isFavorite: false,
        isPublished: false,
        updated: NOW,
        ingredients: [],
        recipeIds: [...recipeIds],
      };
      menus.push(menu);
      meals.push({
        id: id++,
        stayId: stay.id,
        owner,
        menuId: menu.id,
        day,
        slot: slot as Meal['slot'],
        additionalPeople: 0,
        groupIds: groups.map((g) => g.id),
      });
    }
  }
  return { stay, groups, meals, menus };
}
