/**
 * What the cook sheets say, before any drawing: one sheet per meal with something to cook (the
 * empty ones only on request), by day then slot, headed with its full date, people and groups,
 * then one block per recipe (with its description) and one per course of the menu's own
 * ingredients, in serving order. Quantities come from the domain's meal preview, never
 * recomputed, with pieces rounded up to whole pieces (the domain's rule).
 */
import type {
  CompileInput,
  Group,
  Horaire,
  Id,
  Ingredient,
  Meal,
  Menu,
  Plat,
  Recipe,
  Stay,
} from '@popote/domain';
import {
  compareFrench,
  formatTotal,
  HORAIRE_LABELS,
  menuItems,
  mealPeople,
  menuTitle,
  PLAT_LABELS,
  previewMeal,
  roundUpTotalPieces,
} from '@popote/domain';
import { forPeopleLabel, groupLabel, longDayLabel, mealHeading, periodLabel } from './labels.js';

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
  /** Lines printed under the block (room for its allergens, issue 20). */
  notes: string[];
}

export interface CookSheet {
  mealId: Id;
  day: number;
  slot: Horaire;
  /** 'Mercredi 9 juillet 2025 - Midi'. */
  title: string;
  /** 'Pour N personnes'. */
  people: string;
  /** 'Groupes : …' or 'Aucun groupe'. */
  groups: string;
  /** '' unless the meal has additional people. */
  additional: string;
  /** Lines under the head count (room for diets and alternatives, issue 20). */
  notes: string[];
  /** The menu's title ('Salade, Bolognaise, Pain'), '' for an empty menu. */
  menu: string;
  /** Empty for an empty meal: its sheet then reads EMPTY_MEAL. */
  blocks: CookBlock[];
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
  const sheets = input.options?.includeEmptyMeals ? all : all.filter((s) => s.blocks.length > 0);
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
  return {
    mealId: meal.id,
    day: meal.day,
    slot: meal.slot,
    title: mealHeading(start, meal.day, meal.slot),
    people: forPeopleLabel(people),
    groups: names.length === 0 ? 'Aucun groupe' : `Groupes : ${names.join(', ')}`,
    additional,
    notes: [],
    menu: menu ? menuTitle(menu, lookup.recipes, lookup.ingredients) : '',
    blocks: menu ? planBlocks(meal, menu, groups, lookup) : [],
  };
}

function planBlocks(meal: Meal, menu: Menu, groups: Group[], lookup: Lookup): CookBlock[] {
  const items = menuItems(menu, lookup.recipes, lookup.ingredients);
  const blocks: CookBlock[] = [];
  for (const plat of SERVING_ORDER) {
    for (const item of items) {
      if (item.kind !== 'receipe' || item.plat !== plat) continue;
      const recipe = lookup.recipes.get(item.id);
      if (!recipe) continue;
      const rows = scaledRows(meal, groups, { recipeIds: [recipe.id], ingredients: [] }, lookup);
      blocks.push({
        title: recipe.name,
        course: PLAT_LABELS[recipe.plat],
        rows,
        comments: recipe.description.trim(),
        notes: [],
      });
    }
    const own = menu.ingredients.filter(
      (i) => i.plat === plat && lookup.ingredients.has(i.ingredientId),
    );
    if (own.length > 0) {
      blocks.push({
        title: PLAT_LABELS[plat],
        course: '',
        rows: scaledRows(meal, groups, { recipeIds: [], ingredients: own }, lookup),
        comments: '',
        notes: [],
      });
    }
  }
  return blocks;
}

/**
 * The quantities of one part of a menu, scaled to the meal by the domain's preview (given only
 * the rows of that part, so that a 300-meal file does not index the whole library per block).
 */
function scaledRows(
  meal: Meal,
  groups: Group[],
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
  const preview = previewMeal({
    meal,
    groups,
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
