/**
 * Rules of the agenda screen that are not writes: which menus a user may put on a meal, the
 * week view's menu search, the day view's resource search, and how many ids the meal wizard
 * needs. Pure, over plain rows, so that the screen never re-derives them.
 */
import type { Id, Ingredient, Meal, Menu, Recipe, Stay, Group } from './entities.js';
import type { ById } from './menu-title.js';
import { menuTitle } from './menu-title.js';
import { compareByName, compareFrench, compareItems } from './sorting.js';
import { matchesSearch, parseSearchQuery } from './text.js';
import type { WizardRequest } from './wizard.js';
import { planWizard } from './wizard.js';

/** A menu with nothing in it: the week view counts and flags these. */
export function isMenuEmpty(menu: Pick<Menu, 'ingredients' | 'recipeIds'>): boolean {
  return menu.ingredients.length === 0 && menu.recipeIds.length === 0;
}

/**
 * Whether a user may set this menu on one of their meals: their own favourites and the
 * published ones (the rule setMealMenu enforces).
 */
export function isMenuUsableBy(
  menu: Pick<Menu, 'isFavorite' | 'isPublished' | 'owner'>,
  userId: Id,
): boolean {
  return menu.isFavorite && (menu.owner === userId || menu.isPublished);
}

export interface MenuHit {
  menu: Menu;
  title: string;
}

export interface MenuSearchInput {
  query: string;
  /** Any menus; those the user may not use are left out. */
  menus: readonly Menu[];
  recipesById: ById<Pick<Recipe, 'name' | 'plat'>>;
  ingredientsById: ById<Pick<Ingredient, 'name'>>;
  userId: Id;
}

/**
 * The week view's 'Rechercher et ajouter un menu': usable menus whose title matches the query
 * (spaces, accents and case ignored), ':M' for all of them, nothing for a query shorter than
 * the minimum or for ':I' / ':R'. Sorted by title; empty menus are never offered.
 */
export function searchUsableMenus(input: MenuSearchInput): MenuHit[] {
  const query = parseSearchQuery(input.query);
  if (query.kind !== 'text' && query.kind !== 'all-menus') return [];
  return usableMenuHits(input).filter(
    (hit) => query.kind === 'all-menus' || matchesSearch(hit.title, query.words.join(' ')),
  );
}

function usableMenuHits(input: Omit<MenuSearchInput, 'query'>): MenuHit[] {
  return input.menus
    .filter((menu) => isMenuUsableBy(menu, input.userId) && !isMenuEmpty(menu))
    .map((menu) => ({ menu, title: menuTitle(menu, input.recipesById, input.ingredientsById) }))
    .filter((hit) => hit.title !== '')
    .sort((a, b) => compareFrench(a.title, b.title) || a.menu.id - b.menu.id);
}

/** A result of the day view's side panel; 'receipe' is the contract's spelling. */
export type ResourceHit =
  | { kind: 'menu'; id: Id; menu: Menu; title: string }
  | { kind: 'receipe'; id: Id; recipe: Recipe }
  | { kind: 'ingredient'; id: Id; ingredient: Ingredient };

export interface ResourceSearchInput extends MenuSearchInput {
  /** Recipes the user may read (a device holds exactly those). */
  recipes: readonly Recipe[];
  ingredients: readonly Ingredient[];
  /** At most this many hits are returned; `total` still counts them all. */
  limit: number;
}

/**
 * The day view's side panel: usable favourite menus, then recipes (course type descending,
 * then name), then ingredients (by name) whose name or title matches; ':M', ':R' and ':I' list
 * everything of one type.
 */
export function searchResources(input: ResourceSearchInput): {
  hits: ResourceHit[];
  total: number;
} {
  const query = parseSearchQuery(input.query);
  if (query.kind === 'too-short') return { hits: [], total: 0 };
  const wants = (kind: 'menus' | 'recipes' | 'ingredients'): boolean =>
    query.kind === 'text' || query.kind === `all-${kind}`;
  const matches = (text: string): boolean =>
    query.kind !== 'text' || matchesSearch(text, query.words.join(' '));

  const menus: ResourceHit[] = wants('menus')
    ? usableMenuHits(input)
        .filter((hit) => matches(hit.title))
        .map((hit) => ({ kind: 'menu', id: hit.menu.id, ...hit }))
    : [];
  const recipes: ResourceHit[] = wants('recipes')
    ? input.recipes
        .filter((r) => matches(r.name))
        .sort((a, b) => compareItems(a, b) || a.id - b.id)
        .map((recipe) => ({ kind: 'receipe', id: recipe.id, recipe }))
    : [];
  const ingredients: ResourceHit[] = wants('ingredients')
    ? input.ingredients
        .filter((i) => matches(i.name))
        .sort((a, b) => compareByName(a, b) || a.id - b.id)
        .map((ingredient) => ({ kind: 'ingredient', id: ingredient.id, ingredient }))
    : [];
  const all = [...menus, ...recipes, ...ingredients];
  return { hits: all.slice(0, Math.max(0, input.limit)), total: all.length };
}

export interface WizardIdInput {
  stay: Stay;
  groups: readonly Group[];
  existingMeals: readonly Meal[];
  request: WizardRequest;
}

/**
 * How many fresh ids to reserve for a run of the meal wizard: exactly what planWizard draws on
 * the device's rows, plus room for one more meal per day and slot. The server plans again on
 * its own rows; if a group was added there meanwhile (another device), an excursion day may
 * need a meal for the others too, and a range one id short would get the whole run refused.
 * Throws the wizard's DomainError for an invalid request.
 */
export function wizardIdCount(input: WizardIdInput): number {
  let drawn = 0;
  planWizard({
    ...input,
    nextId: () => ++drawn,
    now: '1970-01-01T00:00:00.000Z',
  });
  const slotsPerDay = input.request.withGouter ? 4 : 3;
  return drawn + 2 * input.request.daysNumber * slotsPerDay;
}

/**
 * The days the day view's arrows may reach: from the stay's start (or its earliest meal, a
 * meal may come before the start) to its last meal, and at least its first `minimumDays` days
 * (a new stay is planned a week at a time).
 */
export function stayDayBounds(
  meals: readonly Pick<Meal, 'day'>[],
  minimumDays = 7,
): { first: number; last: number } {
  let first = 0;
  let last = minimumDays - 1;
  for (const { day } of meals) {
    if (day < first) first = day;
    if (day > last) last = day;
  }
  return { first, last };
}
