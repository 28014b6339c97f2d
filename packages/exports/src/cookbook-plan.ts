/**
 * What the cook sheets say, page by page, before any drawing: one page per meal ordered by
 * day then slot, its people and groups, then one block per recipe and one per course of the
 * menu's own ingredients. Quantities come from the domain's meal preview, never recomputed.
 */
import type { CompileInput, Id, Meal, Menu, Plat, Stay } from '@popote/domain';
import { compareFrench, formatTotal, menuItems, PLAT_LABELS, previewMeal } from '@popote/domain';
import { forPeopleLabel, groupLabel, mealLabel } from './labels.js';

export interface CookbookInput extends CompileInput {
  stay: Pick<Stay, 'name' | 'start'>;
}

export interface CookRow {
  name: string;
  quantity: string;
}

export interface CookBlock {
  /** A recipe's name, or the course label of the menu's own ingredients. */
  title: string;
  rows: CookRow[];
  /** The recipe's description; '' for none. */
  comments: string;
}

export interface CookPage {
  mealId: Id;
  /** '<short date> - <slot>'. */
  title: string;
  /** 'Pour N personnes'. */
  people: string;
  /** 'Groupes : …' or 'Aucun groupe'. */
  groups: string;
  /** '' unless the meal has additional people. */
  additional: string;
  /** Empty for an empty meal: the page then reads EMPTY_MEAL. */
  blocks: CookBlock[];
}

export const EMPTY_MEAL = 'Aucun menu.';
export const COOK_TABLE_HEAD = ['Ingrédient', 'Quantité'] as const;
export const COMMENTS_TITLE = 'Commentaires';

/** Courses in the order a meal is served: Entrée, Plat principal, Dessert, Autre. */
const SERVING_ORDER: readonly Plat[] = [3, 2, 1, 0];

export function planCookbook(input: CookbookInput): CookPage[] {
  const days = new Set(input.days);
  const meals = input.meals
    .filter((m) => days.has(m.day))
    .sort((a, b) => a.day - b.day || a.slot - b.slot || a.id - b.id);
  return meals.map((meal) => planPage(meal, input));
}

function planPage(meal: Meal, input: CookbookInput): CookPage {
  const preview = previewMeal({ ...input, meal });
  const groupsById = new Map(input.groups.map((g) => [g.id, g]));
  const names = [...new Set(meal.groupIds)]
    .map((id) => groupsById.get(id))
    .filter((g) => g !== undefined)
    .map((g) => groupLabel(g.name))
    .sort(compareFrench);
  const additional =
    meal.additionalPeople === 0
      ? ''
      : `Personnes supplémentaires : ${meal.additionalPeople > 0 ? '+' : ''}${meal.additionalPeople}`;
  return {
    mealId: meal.id,
    title: mealLabel(input.stay.start, meal.day, meal.slot),
    people: forPeopleLabel(preview.people),
    groups: names.length === 0 ? 'Aucun groupe' : `Groupes : ${names.join(', ')}`,
    additional,
    blocks: planBlocks(meal, input),
  };
}

function planBlocks(meal: Meal, input: CookbookInput): CookBlock[] {
  const menu = input.menus.find((m) => m.id === meal.menuId);
  if (!menu) return [];
  const recipesById = new Map(input.recipes.map((r) => [r.id, r]));
  const ingredientsById = new Map(input.ingredients.map((i) => [i.id, i]));
  const items = menuItems(menu, recipesById, ingredientsById);
  const blocks: CookBlock[] = [];
  for (const plat of SERVING_ORDER) {
    for (const item of items) {
      if (item.kind !== 'receipe' || item.plat !== plat) continue;
      const recipe = recipesById.get(item.id);
      if (!recipe) continue;
      blocks.push({
        title: recipe.name,
        rows: scaledRows(meal, { recipeIds: [recipe.id], ingredients: [] }, input),
        comments: recipe.description.trim(),
      });
    }
    const own = menu.ingredients.filter(
      (i) => i.plat === plat && ingredientsById.has(i.ingredientId),
    );
    if (own.length > 0) {
      blocks.push({
        title: PLAT_LABELS[plat],
        rows: scaledRows(meal, { recipeIds: [], ingredients: own }, input),
        comments: '',
      });
    }
  }
  return blocks;
}

/** The quantities of one part of a menu, scaled to the meal by the domain's preview. */
function scaledRows(
  meal: Meal,
  part: Pick<Menu, 'recipeIds' | 'ingredients'>,
  input: CookbookInput,
): CookRow[] {
  const menu: Menu = {
    id: meal.menuId,
    owner: 0,
    isFavorite: false,
    isPublished: false,
    updated: '',
    ...part,
  };
  const preview = previewMeal({
    meal,
    groups: input.groups,
    menus: [menu],
    recipes: input.recipes,
    ingredients: input.ingredients,
  });
  return preview.ingredients.map(({ ingredient, total }) => ({
    name: ingredient.name,
    quantity: formatTotal(total),
  }));
}
