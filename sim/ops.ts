/**
 * Random user actions on a device, chosen from what the device holds, as a person would click:
 * plan stays, fill menus, publish and unpublish, use other users' published items. Many are
 * refused (by the device or later by the server); that is part of the test.
 */
import type { MutationArgs, MutationName, Tables, TableName } from '@popote/domain';
import { DexieStore, type IdAllocator, type LocalDb } from '@popote/sync-client';
import type { Rng } from './rng';

export interface Action<N extends MutationName = MutationName> {
  name: N;
  build: (ids: IdAllocator) => MutationArgs<N>;
}

const NOW = '2025-06-01T10:00:00.000Z';
/** A small pool so that devices sometimes create the same ingredient name concurrently. */
const INGREDIENT_NAMES = ['Tomate', 'Riz', 'Farine', 'Lait', 'Pomme', 'Carotte', 'Beurre', 'Sel'];

function action<N extends MutationName>(
  name: N,
  build: (ids: IdAllocator) => MutationArgs<N>,
): Action {
  return { name, build } as unknown as Action;
}

export async function randomAction(rng: Rng, db: LocalDb, userId: number): Promise<Action | null> {
  const store = new DexieStore(db);
  const all = async <T extends TableName>(t: T): Promise<Tables[T][]> => store.all(t);
  const stays = (await all('stays')).filter((s) => s.owner === userId);
  const groups = await all('groups');
  const meals = await all('meals');
  const menus = await all('menus');
  const recipes = await all('recipes');
  const ingredients = await all('ingredients');
  const profiles = await all('profiles');
  const suppliers = await all('suppliers');
  const myRecipes = recipes.filter((r) => r.owner === userId);
  const myFavorites = menus.filter((m) => m.owner === userId && m.isFavorite);
  const usableMenus = menus.filter((m) => m.isFavorite && (m.owner === userId || m.isPublished));
  const usableRecipes = recipes.filter((r) => r.owner === userId || r.isPublished);
  const myProfiles = profiles.filter((p) => p.owner === userId);
  const stay = rng.pick(stays);
  const meal = rng.pick(meals);
  const roll = rng.int(28);

  switch (roll) {
    case 0:
      return action('createStay', (ids) => ({
        id: ids.next(),
        name: `Séjour ${rng.int(1000)}`,
        start: '2025-07-01',
      }));
    case 1:
      return stay
        ? action('updateStay', () => ({ id: stay.id, name: `Camp ${rng.int(1000)}` }))
        : null;
    case 2:
      return stay && rng.chance(0.2) ? action('deleteStay', () => ({ id: stay.id })) : null;
    case 3:
    case 4:
      return stay
        ? action('createGroup', (ids) => ({
            id: ids.next(),
            stayId: stay.id,
            name: `G${rng.int(100)}`,
            color: '#AF0853',
            size: 1 + rng.int(30),
          }))
        : null;
    case 5: {
      const g = rng.pick(groups);
      return g ? action('updateGroup', () => ({ id: g.id, size: rng.int(40) })) : null;
    }
    case 6:
    case 7:
      return stay
        ? action('createMeal', (ids) => ({
            id: ids.next(),
            menuId: ids.next(),
            stayId: stay.id,
            day: rng.int(7),
            slot: rng.int(5),
            now: NOW,
          }))
        : null;
    case 8:
      return meal
        ? action('updateMeal', () => ({ id: meal.id, additionalPeople: rng.int(10) - 3 }))
        : null;
    case 9:
      return meal && rng.chance(0.5) ? action('deleteMeal', () => ({ id: meal.id })) : null;
    case 10: {
      const to = rng.pick(meals.filter((m) => meal && m.stayId === meal.stayId));
      const g = meal ? rng.pick(meal.groupIds) : undefined;
      return meal && to && g !== undefined
        ? action('moveMealGroup', () => ({ groupId: g, fromMealId: meal.id, toMealId: to.id }))
        : null;
    }
    case 11:
      return stay && rng.chance(0.3)
        ? action('runMealWizard', (ids) => ({
            stayId: stay.id,
            daysNumber: 1 + rng.int(2),
            excursions: {},
            withGouter: rng.chance(0.5),
            groupsForCinquieme: [],
            deleteExisting: rng.chance(0.3),
            ids: ids.range(40),
            now: NOW,
          }))
        : null;
    case 12:
      return action('createRecipe', (ids) => ({
        id: ids.next(),
        name: `Recette ${rng.int(1000)}`,
        plat: rng.int(4),
        now: NOW,
      }));
    case 13: {
      const r = rng.pick(myRecipes);
      return r
        ? action('updateRecipe', () => ({
            id: r.id,
            description: `desc ${rng.int(100)}`,
            now: NOW,
          }))
        : null;
    }
    case 14:
    case 15: {
      const r = rng.pick(myRecipes);
      return r
        ? action('setRecipePublished', () => ({ id: r.id, isPublished: !r.isPublished, now: NOW }))
        : null;
    }
    case 16: {
      const r = rng.pick(myRecipes);
      return r && rng.chance(0.3) ? action('deleteRecipe', () => ({ id: r.id })) : null;
    }
    case 17:
      return action('createIngredient', (ids) => ({
        id: ids.next(),
        name: rng.chance(0.5) ? `${rng.pick(INGREDIENT_NAMES)}` : `Ingrédient ${rng.int(100000)}`,
        kind: rng.int(7),
      }));
    case 18: {
      const r = rng.pick(myRecipes);
      const i = rng.pick(ingredients);
      return r && i
        ? action('addRecipeIngredient', () => ({ recipeId: r.id, ingredientId: i.id, now: NOW }))
        : null;
    }
    case 19:
      return action('createFavoriteMenu', (ids) => ({ id: ids.next(), now: NOW }));
    case 20: {
      const m = rng.pick([
        ...myFavorites,
        ...menus.filter((x) => x.owner === userId && !x.isFavorite),
      ]);
      const r = rng.pick(usableRecipes);
      return m && r
        ? action('addMenuRecipe', () => ({ menuId: m.id, recipeId: r.id, now: NOW }))
        : null;
    }
    case 21:
    case 22: {
      const m = rng.pick(myFavorites);
      return m
        ? action('setMenuPublished', () => ({ id: m.id, isPublished: !m.isPublished, now: NOW }))
        : null;
    }
    case 23: {
      const m = rng.pick(usableMenus);
      return meal && m ? action('setMealMenu', () => ({ mealId: meal.id, menuId: m.id })) : null;
    }
    case 24: {
      const i = rng.pick(ingredients);
      return meal && i
        ? action('addMenuIngredient', () => ({
            menuId: meal.menuId,
            ingredientId: i.id,
            stayId: meal.stayId,
            now: NOW,
          }))
        : null;
    }
    case 25: {
      const other = rng.pick(meals);
      return meal && other
        ? action('swapMealMenus', () => ({ mealId1: meal.id, mealId2: other.id }))
        : null;
    }
    case 26:
      return rng.chance(0.5) || myProfiles.length === 0
        ? action('createProfile', (ids) => ({ id: ids.next(), name: `Profil ${rng.int(100)}` }))
        : action('createSupplier', (ids) => ({
            id: ids.next(),
            profileId: rng.pick(myProfiles)!.id,
          }));
    default: {
      const p = rng.pick(myProfiles);
      const s = p ? rng.pick(suppliers.filter((x) => x.profileId === p.id)) : undefined;
      return p && s
        ? action('mapProfileKinds', () => ({
            profileId: p.id,
            kinds: [rng.int(7)],
            supplierId: s.id,
          }))
        : null;
    }
  }
}
