/**
 * The library screen's lists (spec 2.6): favourite menus then recipes in one paged list, the
 * search over them, the search selector that adds a recipe or an ingredient, the ingredient
 * list filter, and default names that stay unique. A library can hold thousands of recipes:
 * search text is normalised once when the rows change, so that each keystroke only compares.
 */
import type { Id, Ingredient, Menu, Recipe } from './entities.js';
import { factsOf, suitsDiet, type Allergen, type Diet, type FoodFacts } from './allergens.js';
import { Plat } from './enums.js';
import { invalid } from './errors.js';
import { MAX_NAME_LENGTH } from './limits.js';
import { menuTitle } from './menu-title.js';
import { compareByName, compareFrench, compareItems } from './sorting.js';
import { hasEveryWord, normalizeSearchText, parseSearchQuery, searchWords } from './text.js';

/** One line of the library list. */
export interface LibraryEntry {
  kind: 'menu' | 'receipe';
  id: Id;
  owner: Id;
  /** A recipe's name, a menu's derived title ('' for an empty menu). */
  title: string;
  plat: Plat;
  isPublished: boolean;
  /** The title as search text (see normalizeSearchText). */
  searchKey: string;
  /** What it holds (issue 20): its ingredients' allergens and diet facts, together. */
  facts: FoodFacts;
}

/**
 * What the list shows to `userId`: the favourite menus they own and the published ones, then
 * their recipes and the published ones, each part in item order (spec 9). Rows a device holds
 * for other reasons (a menu one of the user's meals still uses, a recipe of such a menu) are
 * left out: they are not library items of this user.
 *
 * Menus have no course of their own, so they are ordered by title alone.
 */
export function libraryEntries(
  userId: Id,
  menus: readonly Menu[],
  recipes: readonly Recipe[],
  ingredients: readonly Ingredient[],
): LibraryEntry[] {
  const recipesById = new Map(recipes.map((r) => [r.id, r]));
  const ingredientsById = new Map(ingredients.map((i) => [i.id, i]));
  const ingredientsOf = (items: readonly { ingredientId: Id }[]): Ingredient[] =>
    items.map((i) => ingredientsById.get(i.ingredientId)).filter((i) => i !== undefined);
  const menuEntries: LibraryEntry[] = [];
  for (const menu of menus) {
    if (!(menu.isPublished || (menu.isFavorite && menu.owner === userId))) continue;
    const title = menuTitle(menu, recipesById, ingredientsById);
    const facts = factsOf([
      ...ingredientsOf(menu.ingredients),
      ...menu.recipeIds.flatMap((id) => ingredientsOf(recipesById.get(id)?.ingredients ?? [])),
    ]);
    menuEntries.push(
      entry('menu', menu.id, menu.owner, title, Plat.Autre, menu.isPublished, facts),
    );
  }
  const recipeEntries: LibraryEntry[] = [];
  for (const recipe of recipes) {
    if (recipe.owner !== userId && !recipe.isPublished) continue;
    const facts = factsOf(ingredientsOf(recipe.ingredients));
    recipeEntries.push(
      entry(
        'receipe',
        recipe.id,
        recipe.owner,
        recipe.name,
        recipe.plat,
        recipe.isPublished,
        facts,
      ),
    );
  }
  const order = (a: LibraryEntry, b: LibraryEntry): number => compareItems(a, b) || a.id - b.id;
  return [...menuEntries.sort(order), ...recipeEntries.sort(order)];
}

function entry(
  kind: LibraryEntry['kind'],
  id: Id,
  owner: Id,
  title: string,
  plat: Plat,
  isPublished: boolean,
  facts: FoodFacts,
): LibraryEntry {
  return {
    kind,
    id,
    owner,
    title,
    plat,
    isPublished,
    searchKey: normalizeSearchText(title),
    facts,
  };
}

/** What the library's 'Sans…' filter asks: allergens to avoid, diets to suit (issue 20). */
export interface Avoid {
  allergens: readonly Allergen[];
  diets: readonly Diet[];
}

/** The entries holding none of the allergens and suiting every diet asked; order kept. */
export function filterAvoiding<T extends Pick<LibraryEntry, 'facts'>>(
  entries: readonly T[],
  avoid: Avoid,
): T[] {
  if (avoid.allergens.length === 0 && avoid.diets.length === 0) return [...entries];
  return entries.filter(
    ({ facts }) =>
      !avoid.allergens.some((a) => facts.allergens.has(a)) &&
      avoid.diets.every((d) => suitsDiet(facts.facts, d)),
  );
}

/**
 * The entries a search box asks for (spec 5): everything while fewer than 2 characters are
 * typed, every menu for ':M', every recipe for ':R', nothing for ':I' (ingredients are not in
 * this list), else the entries whose title contains the text, ignoring spaces, accents and case.
 * Order is kept.
 */
export function filterLibraryEntries(
  entries: readonly LibraryEntry[],
  search: string,
): LibraryEntry[] {
  const query = parseSearchQuery(search);
  switch (query.kind) {
    case 'too-short':
      return [...entries];
    case 'all-menus':
      return entries.filter((e) => e.kind === 'menu');
    case 'all-recipes':
      return entries.filter((e) => e.kind === 'receipe');
    case 'all-ingredients':
      return [];
    case 'text':
      return entries.filter((e) => hasEveryWord(e.searchKey, query.words));
  }
}

/** Number of pages for `count` items (at least one, so that a pager always has a page 1). */
export function pageCount(count: number, pageSize: number): number {
  if (!Number.isInteger(pageSize) || pageSize < 1) {
    throw invalid('La taille de page doit être un entier positif.');
  }
  return Math.max(1, Math.ceil(count / pageSize));
}

/** The items of a 1-based page; a page past the end shows the last one. */
export function pageItems<T>(items: readonly T[], page: number, pageSize: number): T[] {
  const last = pageCount(items.length, pageSize);
  const current = Number.isInteger(page) ? Math.min(Math.max(page, 1), last) : 1;
  return items.slice((current - 1) * pageSize, current * pageSize);
}

/**
 * A name that none of `taken` uses, compared like names are (ignoring spaces, accents and
 * case): `base`, then `base 2`, `base 3`… The base is shortened if needed so that the result
 * fits the name length limit.
 */
export function uniqueName(base: string, taken: Iterable<string>): string {
  const used = new Set<string>();
  for (const name of taken) used.add(normalizeSearchText(name));
  return uniqueNameAmong(base, used);
}

/** Like uniqueName, with the taken names already as search text (for names chosen in bulk). */
export function uniqueNameAmong(base: string, usedKeys: ReadonlySet<string>): string {
  const clean = base.replace(/\s+/gu, ' ').trim();
  if (clean === '') throw invalid('Le nom de base ne peut pas être vide.');
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '' : ` ${n}`;
    const room = MAX_NAME_LENGTH - [...suffix].length;
    const candidate = [...clean].slice(0, room).join('').trimEnd() + suffix;
    if (!usedKeys.has(normalizeSearchText(candidate))) return candidate;
  }
}

/** Ingredients whose name contains `filter` (ignoring spaces, accents and case), by name. */
export function filterIngredients(
  ingredients: readonly Ingredient[],
  filter: string,
): Ingredient[] {
  const words = searchWords(filter);
  const found =
    words.length > 0
      ? ingredients.filter((i) => hasEveryWord(normalizeSearchText(i.name), words))
      : [...ingredients];
  return found.sort((a, b) => compareByName(a, b) || a.id - b.id);
}

/** Something the search selector of a menu or a recipe can add. */
export interface AddableItem {
  kind: 'receipe' | 'ingredient';
  id: Id;
  name: string;
  /** The recipe's course; Autre for an ingredient. */
  plat: Plat;
  searchKey: string;
}

/**
 * The recipes (own and published, or any the device holds when `userId` is null) and the
 * ingredients the selector searches, with their search text computed once.
 */
export function addableItems(
  recipes: readonly Recipe[],
  ingredients: readonly Ingredient[],
  userId: Id | null,
): AddableItem[] {
  const items: AddableItem[] = [];
  for (const r of recipes) {
    if (userId !== null && r.owner !== userId && !r.isPublished) continue;
    items.push({
      kind: 'receipe',
      id: r.id,
      name: r.name,
      plat: r.plat,
      searchKey: normalizeSearchText(r.name),
    });
  }
  for (const i of ingredients) {
    items.push({
      kind: 'ingredient',
      id: i.id,
      name: i.name,
      plat: Plat.Autre,
      searchKey: normalizeSearchText(i.name),
    });
  }
  return items;
}

/** How many results the search selector offers at most. */
export const ADDABLE_RESULTS_LIMIT = 20;

/**
 * The selector's results for what was typed: names starting with the text first, then names
 * containing it, each by name, recipes before ingredients of the same name. ':R' and ':I'
 * list every recipe or every ingredient. Items already present (`exclude`, keyed
 * 'receipe:12' or 'ingredient:7') are left out. Fewer than 2 characters give nothing.
 */
export function searchAddableItems(
  items: readonly AddableItem[],
  search: string,
  options: { exclude?: ReadonlySet<string>; limit?: number } = {},
): AddableItem[] {
  const query = parseSearchQuery(search);
  const exclude = options.exclude ?? new Set<string>();
  const limit = options.limit ?? ADDABLE_RESULTS_LIMIT;
  const keep = (i: AddableItem): boolean => !exclude.has(addableKey(i));
  let found: { item: AddableItem; starts: boolean }[];
  switch (query.kind) {
    case 'too-short':
    case 'all-menus':
      return [];
    case 'all-recipes':
    case 'all-ingredients': {
      const kind = query.kind === 'all-recipes' ? 'receipe' : 'ingredient';
      found = items
        .filter((i) => i.kind === kind && keep(i))
        .map((item) => ({ item, starts: true }));
      break;
    }
    case 'text':
      found = [];
      for (const item of items) {
        if (hasEveryWord(item.searchKey, query.words) && keep(item)) {
          found.push({ item, starts: item.searchKey.startsWith(query.words[0]!) });
        }
      }
  }
  return found
    .sort(
      (a, b) =>
        Number(b.starts) - Number(a.starts) ||
        compareFrench(a.item.name, b.item.name) ||
        (a.item.kind === b.item.kind ? 0 : a.item.kind === 'receipe' ? -1 : 1) ||
        a.item.id - b.item.id,
    )
    .slice(0, limit)
    .map((f) => f.item);
}

/** The key of an item in `exclude` sets: 'receipe:12', 'ingredient:7'. */
export const addableKey = (item: { kind: 'receipe' | 'ingredient'; id: Id }): string =>
  `${item.kind}:${item.id}`;
