/**
 * The rows the agenda shows, read live from the device: the stay, its groups and meals, and the
 * menus, recipes and ingredients (the menus' and the recipes') of the meals of the shown days
 * only (a long stay has thousands of meals; titles and warnings are needed for a week at most).
 */
import {
  alternativeRecipeIds,
  type Group,
  type Id,
  type Ingredient,
  type Meal,
  type Menu,
  type Recipe,
  type Stay,
} from '@popote/domain';
import { readTogether } from '../../sync/live-read';
import { useSync } from '../../sync/SyncProvider';
import { useLocalQuery } from '../../sync/useLocal';

export interface StayPlan {
  stay: Stay;
  /** In the stay's order (creation order). */
  groups: Group[];
  /** Every meal of the stay, shown days or not. */
  meals: Meal[];
  menusById: ReadonlyMap<Id, Menu>;
  recipesById: ReadonlyMap<Id, Recipe>;
  ingredientsById: ReadonlyMap<Id, Ingredient>;
}

/** What the plan reads. */
const PLAN_TABLES = ['stays', 'groups', 'meals', 'menus', 'recipes', 'ingredients'] as const;

const byId = <T extends { id: Id }>(rows: readonly T[]): Map<Id, T> =>
  new Map(rows.map((r) => [r.id, r]));

const unique = <V>(values: readonly V[]): V[] => [...new Set(values)];

/**
 * The plan of a stay for the days firstDay..lastDay; undefined while loading, null when the
 * stay is not (or no longer) on this device.
 */
export function useStayPlan(
  stayId: Id,
  firstDay: number,
  lastDay: number,
): StayPlan | null | undefined {
  const { db } = useSync();
  return useLocalQuery(
    (_store, tables) =>
      // One IndexedDB transaction for the whole plan (issue 36): its four rounds of reads depend
      // on each other, and each transaction of its own cost a round trip to the database.
      readTogether(db, tables, PLAN_TABLES, async (store) => {
        // What does not depend on another read goes with it.
        const [stay, groups, meals] = await Promise.all([
          store.get('stays', stayId),
          store.where('groups', 'stayId', stayId),
          store.where('meals', 'stayId', stayId),
        ]);
        if (!stay) return null;
        const shown = meals.filter((m) => m.day >= firstDay && m.day <= lastDay);
        const menus = await store.getMany('menus', unique(shown.map((m) => m.menuId)));
        const recipes = await store.getMany(
          'recipes',
          unique([...menus.flatMap((m) => m.recipeIds), ...alternativeRecipeIds(shown)]),
        );
        // The recipes' ingredients too: their allergens and diet facts make the meal's warnings.
        const ingredients = await store.getMany(
          'ingredients',
          unique([
            ...menus.flatMap((m) => m.ingredients.map((i) => i.ingredientId)),
            ...recipes.flatMap((r) => r.ingredients.map((i) => i.ingredientId)),
          ]),
        );
        return {
          stay,
          groups: [...groups].sort((a, b) => a.id - b.id),
          meals,
          menusById: byId(menus),
          recipesById: byId(recipes),
          ingredientsById: byId(ingredients),
        };
      }),
    [stayId, firstDay, lastDay],
  );
}
