/**
 * What the cook sheets say, before any drawing: one sheet per meal with something to cook (the
 * empty ones only on request), by day then slot, headed with its full date, people and groups,
 * then one block per recipe (with its description) and one per course of the menu's own
 * ingredients, in serving order, each with its allergens (issue 20). A meal's alternatives
 * (issue 20) follow, each for its people with its own recipes; the menu is then cooked for the
 * others (the domain's mealShares). Quantities come from the domain's meal preview, never
 * recomputed, with pieces rounded up to whole pieces (the domain's rule).
 */
import type {
  CompileInput,
  Group,
  Horaire,
  Id,
  Ingredient,
  Meal,
  MealAlternative,
  Menu,
  Plat,
  Recipe,
  Stay,
} from '@popote/domain';
import {
  alternativeTitle,
  compareFrench,
  factsOf,
  formatTotal,
  HIDDEN_RECIPE,
  hiddenNotCounted,
  hiddenRecipeIds,
  HORAIRE_LABELS,
  menuItems,
  mealPeople,
  mealShares,
  menuTitle,
  PLAT_LABELS,
  previewMeal,
  roundUpTotalPieces,
  titleWithHidden,
} from '@popote/domain';
import { allergensNote } from './allergen-labels.js';
import {
  forPeopleLabel,
  groupLabel,
  longDayLabel,
  mealHeading,
  menuPeopleLabel,
  periodLabel,
} from './labels.js';

export interface CookbookOptions {
  /** Also a sheet for each meal with nothing to cook. Off: the file holds what is cooked. */
  includeEmptyMeals?: boolean;
  /** A cover page with the stay, its dates and the contents by day. Off: one page per meal. */
  cover?: boolean;
}

export interface CookbookInput extends CompileInput {
  stay: Pick<Stay, 'name' | 'start'>;
  options?: CookbookOptions;
}

export interface CookRow {
  name: string;
  quantity: string;
  /** A remark printed after the quantity, '' for none (room for fixed quantities, issue 21). */
  note: string;
}

export interface CookBlock {
  /** A recipe's name, or the course label of the menu's own ingredients. */
  title: string;
  /** The recipe's course ('Plat principal'); '' for the menu's own ingredients. */
  course: string;
  rows: CookRow[];
  /** The recipe's description; '' for none. */
  comments: string;
  /** Lines printed under the block: its allergens ('Allergènes : Arachides, Lait'), if any. */
  notes: string[];
}

/** What a meal offers the people of one diet or allergy instead of its menu (issue 20). */
export interface CookAlternative {
  /** 'Alternative pour 2 personnes allergiques aux arachides'. */
  title: string;
  /** The people it is cooked for; its quantities are scaled to them. */
  people: number;
  /** One per recipe, in serving order. */
  blocks: CookBlock[];
}

export interface CookSheet {
  mealId: Id;
  day: number;
  slot: Horaire;
  /** 'Mercredi 9 juillet 2025 - Midi'. */
  title: string;
  /** 'Pour N personnes': everyone at the meal, alternatives included. */
  people: string;
  /** 'Groupes : …' or 'Aucun groupe'. */
  groups: string;
  /** '' unless the meal has additional people. */
  additional: string;
  /**
   * Lines under the head count: 'Menu pour 18 personnes' when alternatives take some of the
   * meal's people (issue 20); none otherwise.
   */
  notes: string[];
  /** The menu's title ('Salade, Bolognaise, Pain'), '' for an empty menu. */
  menu: string;
  /** The menu's dishes. Empty for an empty menu: its sheet then reads EMPTY_MEAL. */
  blocks: CookBlock[];
  /** The meal's alternatives with people to cook for (issue 20), after the menu. */
  alternatives: CookAlternative[];
}

export interface ContentsDay {
  /** 'Lundi 7 juillet 2025'. */
  day: string;
  entries: { sheet: number; slot: string; menu: string }[];
}

export interface CookbookPlan {
  stayName: string;
  sheets: CookSheet[];
  /** Meals of the chosen days with nothing to cook that were left out. */
  emptyLeftOut: number;
  /** 'Du lundi 7 juillet 2025 au vendredi 11 juillet 2025'; '' without a sheet. */
  period: string;
  /** The cover's table of contents: each day of the sheets and its meals. */
  contents: ContentsDay[];
}

export const EMPTY_MEAL = 'Aucun menu.';
export const NOTHING_TO_COOK = 'Aucun repas à cuisiner pour les jours choisis.';
export const COMMENTS_TITLE = 'Préparation';
export const CONTINUED = '(suite)';
export const COVER_TITLE = 'Fiches de cuisine';
export const CONTENTS_TITLE = 'Sommaire';

/** 'page 2 / 3 de ce repas'. */
export const mealPageLabel = (page: number, pages: number): string =>
  `page ${page} / ${pages} de ce repas`;

/** '12 repas à cuisiner'. */
export const sheetCountLabel = (n: number): string => `${n} repas à cuisiner`;

/** '3 repas sans menu ne sont pas imprimés.' */
export const emptyLeftOutLabel = (n: number): string =>
  n === 1 ? '1 repas sans menu n’est pas imprimé.' : `${n} repas sans menu ne sont pas imprimés.`;

/** Courses in the order a meal is served: Entrée, Plat principal, Dessert, Autre. */
const SERVING_ORDER: readonly Plat[] = [3, 2, 1, 0];

interface Lookup {
  groups: ReadonlyMap<Id, Group>;
  menus: ReadonlyMap<Id, Menu>;
  recipes: ReadonlyMap<Id, Recipe>;
  ingredients: ReadonlyMap<Id, Ingredient>;
}

export function planCookbook(input: CookbookInput): CookbookPlan {
  const days = new Set(input.days);
  const lookup: Lookup = {
    groups: byId(input.groups),
    menus: byId(input.menus),
    recipes: byId(input.recipes),
    ingredients: byId(input.ingredients),
  };
  const all = input.meals
    .filter((m) => days.has(m.day))
    .sort((a, b) => a.day - b.day || a.slot - b.slot || a.id - b.id)
    .map((meal) => planSheet(meal, input.stay.start, lookup));
  const sheets = input.options?.includeEmptyMeals ? all : all.filter((s) => !isEmptySheet(s));
  return {
    stayName: input.stay.name,
    sheets,
    emptyLeftOut: all.length - sheets.length,
    period:
      sheets.length === 0
        ? ''
        : periodLabel(input.stay.start, sheets[0]!.day, sheets[sheets.length - 1]!.day),
    contents: contentsOf(input.stay.start, sheets),
  };
}

/** Whether a sheet has nothing to cook: no dish in its menu and no alternative. */
export const isEmptySheet = (sheet: Pick<CookSheet, 'blocks' | 'alternatives'>): boolean =>
  sheet.blocks.length === 0 && sheet.alternatives.length === 0;

function planSheet(meal: Meal, start: string, lookup: Lookup): CookSheet {
  const groups = [...new Set(meal.groupIds)]
    .map((id) => lookup.groups.get(id))
    .filter((g) => g !== undefined);
  const names = groups.map((g) => groupLabel(g.name)).sort(compareFrench);
  const additional =
    meal.additionalPeople === 0
      ? ''
      : `Personnes supplémentaires : ${meal.additionalPeople > 0 ? '+' : ''}${meal.additionalPeople}`;
  const menu = lookup.menus.get(meal.menuId);
  const people = mealPeople(meal, lookup.groups);
  // Without alternatives the meal's own count, even negative (the preview counts it as nobody).
  const shares = mealShares(meal, lookup.groups);
  const hasAlternatives = (meal.alternatives ?? []).length > 0;
  const menuPeople = hasAlternatives ? shares.menu : people;
  const alternatives = (meal.alternatives ?? [])
    .map((alternative, i) =>
      planAlternative(meal, alternative, shares.alternatives[i] ?? 0, lookup),
    )
    .filter((a) => a !== null);
  return {
    mealId: meal.id,
    day: meal.day,
    slot: meal.slot,
    title: mealHeading(start, meal.day, meal.slot),
    people: forPeopleLabel(people),
    groups: names.length === 0 ? 'Aucun groupe' : `Groupes : ${names.join(', ')}`,
    additional,
    notes: menuPeople !== people ? [menuPeopleLabel(menuPeople)] : [],
    menu: menu
      ? titleWithHidden(
          menuTitle(menu, lookup.recipes, lookup.ingredients),
          hiddenRecipeIds(menu, lookup.recipes).length,
        )
      : '',
    blocks: menu ? planBlocks(meal, menu, menuPeople, lookup) : [],
    alternatives,
  };
}

function planBlocks(meal: Meal, menu: Menu, people: number, lookup: Lookup): CookBlock[] {
  const items = menuItems(menu, lookup.recipes, lookup.ingredients);
  const blocks: CookBlock[] = [];
  for (const plat of SERVING_ORDER) {
    for (const item of items) {
      if (item.kind !== 'receipe' || item.plat !== plat) continue;
      const recipe = lookup.recipes.get(item.id);
      if (recipe) blocks.push(recipeBlock(meal, recipe, people, lookup));
    }
    const own = menu.ingredients.filter(
      (i) => i.plat === plat && lookup.ingredients.has(i.ingredientId),
    );
    if (own.length > 0) {
      blocks.push({
        title: PLAT_LABELS[plat],
        course: '',
        rows: scaledRows(meal, people, { recipeIds: [], ingredients: own }, lookup),
        comments: '',
        notes: allergenNotes(
          own.map((i) => i.ingredientId),
          lookup,
        ),
      });
    }
  }
  // Recipes the reader may not read (another user's, unpublished): named by the placeholder,
  // without content, and said not counted (issue 30). Their course is unknown: last.
  for (const hidden of hiddenRecipeIds(menu, lookup.recipes).map(hiddenBlock)) blocks.push(hidden);
  return blocks;
}

const hiddenBlock = (): CookBlock => ({
  title: HIDDEN_RECIPE,
  course: '',
  rows: [],
  comments: '',
  notes: [hiddenNotCounted(1)],
});

/**
 * An alternative with its recipes scaled to its people, in serving order; null when it feeds
 * nobody or none of its recipes is on the device (nothing to cook).
 */
function planAlternative(
  meal: Meal,
  alternative: MealAlternative,
  people: number,
  lookup: Lookup,
): CookAlternative | null {
  if (people <= 0) return null;
  const recipes = [...new Set(alternative.recipeIds)]
    .map((id) => lookup.recipes.get(id))
    .filter((r) => r !== undefined)
    .sort((a, b) => SERVING_ORDER.indexOf(a.plat) - SERVING_ORDER.indexOf(b.plat));
  if (recipes.length === 0) return null;
  return {
    title: alternativeTitle({ ...alternative, people }),
    people,
    blocks: recipes.map((recipe) => recipeBlock(meal, recipe, people, lookup)),
  };
}

function recipeBlock(meal: Meal, recipe: Recipe, people: number, lookup: Lookup): CookBlock {
  return {
    title: recipe.name,
    course: PLAT_LABELS[recipe.plat],
    rows: scaledRows(meal, people, { recipeIds: [recipe.id], ingredients: [] }, lookup),
    comments: recipe.description.trim(),
    notes: allergenNotes(
      recipe.ingredients.map((i) => i.ingredientId),
      lookup,
    ),
  };
}

/** 'Allergènes : Arachides, Lait' for the ingredients, or no line when they hold none. */
function allergenNotes(ingredientIds: readonly Id[], lookup: Lookup): string[] {
  const ingredients = ingredientIds
    .map((id) => lookup.ingredients.get(id))
    .filter((i) => i !== undefined);
  const note = allergensNote(factsOf(ingredients).allergens);
  return note === '' ? [] : [note];
}

/**
 * The quantities of one part of a meal for `people`, scaled by the domain's preview (given
 * only the rows of that part, so that a 300-meal file does not index the whole library per
 * block). The preview sees a meal of exactly `people`, without groups nor alternatives: the
 * share of the meal that part is cooked for (see mealShares).
 */
function scaledRows(
  meal: Meal,
  people: number,
  part: Pick<Menu, 'recipeIds' | 'ingredients'>,
  lookup: Lookup,
): CookRow[] {
  const recipes = part.recipeIds.map((id) => lookup.recipes.get(id)).filter((r) => r !== undefined);
  const ingredientIds = new Set([
    ...part.ingredients.map((i) => i.ingredientId),
    ...recipes.flatMap((r) => r.ingredients.map((i) => i.ingredientId)),
  ]);
  const menu: Menu = {
    id: meal.menuId,
    owner: 0,
    isFavorite: false,
    isPublished: false,
    updated: '',
    ...part,
  };
  const { id, stayId, owner, menuId, day, slot } = meal;
  const preview = previewMeal({
    meal: { id, stayId, owner, menuId, day, slot, groupIds: [], additionalPeople: people },
    groups: [],
    menus: [menu],
    recipes,
    ingredients: [...ingredientIds]
      .map((id) => lookup.ingredients.get(id))
      .filter((i) => i !== undefined),
  });
  return preview.ingredients.map(({ ingredient, total }) => ({
    name: ingredient.name,
    quantity: formatTotal(roundUpTotalPieces(total)),
    note: '',
  }));
}

function contentsOf(start: string, sheets: readonly CookSheet[]): ContentsDay[] {
  const days: ContentsDay[] = [];
  let current: { day: number; entry: ContentsDay } | null = null;
  sheets.forEach((sheet, index) => {
    if (current?.day !== sheet.day) {
      current = { day: sheet.day, entry: { day: longDayLabel(start, sheet.day), entries: [] } };
      days.push(current.entry);
    }
    current.entry.entries.push({
      sheet: index,
      slot: HORAIRE_LABELS[sheet.slot],
      menu: sheet.menu === '' ? EMPTY_MEAL : sheet.menu,
    });
  });
  return days;
}

function byId<T extends { id: Id }>(rows: readonly T[]): Map<Id, T> {
  return new Map(rows.map((r) => [r.id, r]));
}
