/** Live reads of the register screen, from the device's database (they work offline). */
import {
  compareByName,
  mealDishes,
  menuTitle,
  type Id,
  type Ingredient,
  type Meal,
  type Recipe,
  type RegisterEntry,
  type Stay,
} from '@popote/domain';
import { useLocalQuery } from '../../sync/useLocal';

export interface RegisterRead {
  entries: RegisterEntry[];
  /** The pseudonyms of those who recorded an entry, when the device holds them. */
  pseudos: ReadonlyMap<Id, string>;
}

/** Every entry of the stay's register, with who recorded them. */
export function useRegisterEntries(stayId: Id): RegisterRead | undefined {
  return useLocalQuery(
    async (store) => {
      const entries = await store.where('register', 'stayId', stayId);
      const pseudos = new Map<Id, string>();
      for (const by of new Set(entries.map((e) => e.by))) {
        const user = await store.get('users', by);
        if (user) pseudos.set(by, user.pseudo);
      }
      return { entries, pseudos };
    },
    [stayId],
  );
}

export interface MealOfDay {
  meal: Meal;
  /** Its dishes by name: its menu's recipes, then its alternatives' (mealDishes). */
  dishes: string[];
}

/** The meals of one day of the stay, in the order of the day, with their dishes. */
export function useMealsOfDay(stayId: Id, day: number): MealOfDay[] | undefined {
  return useLocalQuery(
    async (store) => {
      const meals = (await store.where('meals', 'stayId', stayId))
        .filter((m) => m.day === day)
        .sort((a, b) => a.slot - b.slot || a.id - b.id);
      const recipes = new Map<Id, Recipe>();
      const ingredients = new Map<Id, Ingredient>();
      const out: MealOfDay[] = [];
      for (const meal of meals) {
        const menu = await store.get('menus', meal.menuId);
        const recipeIds = [
          ...(menu?.recipeIds ?? []),
          ...(meal.alternatives ?? []).flatMap((a) => a.recipeIds),
        ];
        for (const id of recipeIds) {
          if (recipes.has(id)) continue;
          const recipe = await store.get('recipes', id);
          if (recipe) recipes.set(id, recipe);
        }
        for (const { ingredientId } of menu?.ingredients ?? []) {
          if (ingredients.has(ingredientId)) continue;
          const ingredient = await store.get('ingredients', ingredientId);
          if (ingredient) ingredients.set(ingredientId, ingredient);
        }
        const title = menu === undefined ? '' : menuTitle(menu, recipes, ingredients);
        out.push({ meal, dishes: mealDishes(meal, menu, (id) => recipes.get(id), title) });
      }
      return out;
    },
    [stayId, day],
  );
}

/** The names of the suppliers of the stay's profile, in order. */
export function useSupplierNames(stay: Stay): string[] {
  return useLocalQuery(
    async (store) =>
      stay.profileId === null
        ? []
        : (await store.where('suppliers', 'profileId', stay.profileId))
            .map((s) => s.name)
            .sort((a, b) => a.localeCompare(b, 'fr')),
    [stay.profileId],
    [],
  );
}

/** Every ingredient the device holds, by name: the product picker's list. */
export function useIngredients(): Ingredient[] | undefined {
  return useLocalQuery(async (store) => (await store.all('ingredients')).sort(compareByName), []);
}
