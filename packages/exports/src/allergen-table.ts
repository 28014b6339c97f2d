/**
 * What the allergen table says, before any drawing (issue 20): for the chosen days, each meal
 * with something served (by day, then slot, then id), and under it one row per dish: each
 * recipe and each of the menu's own ingredients in serving order, then the recipes of its
 * alternatives, saying who they are for. Each row holds the dish's allergens (the union of its
 * ingredients', the domain's factsOf), for the 14 columns of the regulation (EU 1169/2011,
 * annex II), as collective catering must display them.
 */
import type { Allergen, CompileInput, Id, Meal, Plat, Recipe, Stay } from '@popote/domain';
import {
  alternativeTitle,
  compareFrench,
  factsOf,
  HIDDEN_RECIPE,
  hiddenRecipeIds,
  mealShares,
  menuItems,
  sortedAllergens,
} from '@popote/domain';
import { allergenLegend } from './allergen-labels.js';
import { groupLabel, mealHeading, periodLabel, stayDayLabel } from './labels.js';

export interface AllergenTableInput extends CompileInput {
  stay: Pick<Stay, 'name' | 'start'>;
}

export interface AllergenDish {
  /** The recipe's or the ingredient's name. */
  name: string;
  /** '' for the menu's dishes; an alternative's title for its recipes. */
  note: string;
  /** What it holds, in the regulation's order. */
  allergens: Allergen[];
}

export interface AllergenMeal {
  mealId: Id;
  /** 'Lundi 7 juillet 2025 - Midi', with its groups when the slot has several meals. */
  title: string;
  dishes: AllergenDish[];
}

export interface AllergenTablePlan {
  stayName: string;
  /** 'Du lundi 7 juillet 2025 au mercredi 9 juillet 2025', or 'Jours : Lun. 7-07, Mer. 9-07'. */
  days: string;
  meals: AllergenMeal[];
  /** Every allergen's full name, with the short column head where it differs. */
  legend: string[];
}

export const ALLERGEN_TABLE_TITLE = 'Allergènes des plats';
export const DISH_HEAD = 'Plat';
export const NO_DISH = 'Aucun plat pour les jours choisis.';
export const LEGEND_TITLE =
  'Les 14 allergènes à déclarer (règlement (UE) n° 1169/2011, annexe II) :';
/** Beside a recipe its reader may not read (issue 30): its allergens cannot be listed. */
export const HIDDEN_ALLERGENS = 'Allergènes inconnus';
/** What a cell with the allergen holds. */
export const MARK = 'X';

const hiddenDish = (): AllergenDish => ({
  name: HIDDEN_RECIPE,
  note: HIDDEN_ALLERGENS,
  allergens: [],
});

/** Courses in the order a meal is served: Entrée, Plat principal, Dessert, Autre. */
const SERVING_ORDER: readonly Plat[] = [3, 2, 1, 0];

/**
 * What each meal serves, dish by dish with its allergens: the menu's recipes and own
 * ingredients in serving order, a placeholder for a recipe its reader may not read, then the
 * recipes of the alternatives served to someone, each with its title as note. Shared by the
 * allergen table and the menu poster.
 */
export function allergenDishesOf(
  input: Pick<CompileInput, 'groups' | 'menus' | 'recipes' | 'ingredients'>,
): (meal: Meal) => AllergenDish[] {
  const groups = byId(input.groups);
  const menus = byId(input.menus);
  const recipes = byId(input.recipes);
  const ingredients = byId(input.ingredients);
  const allergensOf = (ids: readonly Id[]): Allergen[] =>
    sortedAllergens(
      factsOf(ids.map((id) => ingredients.get(id)).filter((i) => i !== undefined)).allergens,
    );
  const recipeDish = (recipe: Recipe, note: string): AllergenDish => ({
    name: recipe.name,
    note,
    allergens: allergensOf(recipe.ingredients.map((i) => i.ingredientId)),
  });

  return (meal: Meal): AllergenDish[] => {
    const dishes: AllergenDish[] = [];
    const menu = menus.get(meal.menuId);
    if (menu) {
      const items = menuItems(menu, recipes, ingredients);
      for (const plat of SERVING_ORDER) {
        for (const item of items) {
          if (item.plat !== plat) continue;
          if (item.kind === 'receipe') {
            const recipe = recipes.get(item.id);
            if (recipe) dishes.push(recipeDish(recipe, ''));
          } else {
            dishes.push({ name: item.name, note: '', allergens: allergensOf([item.id]) });
          }
        }
      }
      // Another user's recipe, unpublished: the placeholder, whose allergens are unknown.
      for (const dish of hiddenRecipeIds(menu, recipes).map(hiddenDish)) dishes.push(dish);
    }
    const shares = mealShares(meal, groups);
    (meal.alternatives ?? []).forEach((alternative, i) => {
      const people = shares.alternatives[i] ?? 0;
      // An alternative for nobody is not served.
      if (people <= 0) return;
      const note = alternativeTitle({ ...alternative, people });
      [...new Set(alternative.recipeIds)]
        .map((id) => recipes.get(id))
        .filter((r) => r !== undefined)
        .sort((a, b) => SERVING_ORDER.indexOf(a.plat) - SERVING_ORDER.indexOf(b.plat))
        .forEach((recipe) => dishes.push(recipeDish(recipe, note)));
    });
    return dishes;
  };
}

export function planAllergenTable(input: AllergenTableInput): AllergenTablePlan {
  const chosen = [...new Set(input.days)].sort((a, b) => a - b);
  const wanted = new Set(chosen);
  const groups = byId(input.groups);
  const dishesOf = allergenDishesOf(input);

  const meals = input.meals
    .filter((m) => wanted.has(m.day))
    .sort((a, b) => a.day - b.day || a.slot - b.slot || a.id - b.id);
  const out: AllergenMeal[] = [];
  for (const meal of meals) {
    const dishes = dishesOf(meal);
    if (dishes.length === 0) continue;
    // Several meals in one slot: each says whose it is, as the week plan does.
    const shared = meals.filter((m) => m.day === meal.day && m.slot === meal.slot).length > 1;
    const heading = mealHeading(input.stay.start, meal.day, meal.slot);
    out.push({
      mealId: meal.id,
      title: shared ? `${heading} (${groupsOf(meal, groups) || '-'})` : heading,
      dishes,
    });
  }
  return {
    stayName: input.stay.name,
    days: daysLabel(input.stay.start, chosen),
    meals: out,
    legend: allergenLegend(),
  };
}

/** The chosen days: their period when they follow each other, else each one. */
export function daysLabel(start: string, days: readonly number[]): string {
  if (days.length === 0) return '';
  const first = days[0]!;
  const last = days[days.length - 1]!;
  if (last - first === days.length - 1) return periodLabel(start, first, last);
  return `Jours : ${days.map((day) => stayDayLabel(start, day)).join(', ')}`;
}

function groupsOf(meal: Meal, groups: ReadonlyMap<Id, { name: string }>): string {
  return [...new Set(meal.groupIds)]
    .map((id) => groups.get(id))
    .filter((g) => g !== undefined)
    .map((g) => groupLabel(g.name))
    .sort(compareFrench)
    .join(', ');
}

function byId<T extends { id: Id }>(rows: readonly T[]): Map<Id, T> {
  return new Map(rows.map((r) => [r.id, r]));
}
