/**
 * What the shopping spreadsheet holds, sheet by sheet, before any writing: every ingredient
 * first, then one sheet per supplier (or per category without a profile), then one per day.
 * Quantities come from the domain's compile; they are only added up per day and formatted.
 */
import type {
  CompiledIngredient,
  CompileResult,
  Id,
  IngredientUse,
  Stay,
  Supplier,
} from '@popote/domain';
import {
  formatQuantity,
  formatTotal,
  groupByKind,
  INGREDIENT_KIND_NAMES,
  NO_SUPPLIER,
  NO_SUPPLIER_NAME,
  sortSuppliers,
  sumQuantities,
} from '@popote/domain';
import { mealLabel, stayDayLabel } from './labels.js';
import { SheetNames } from './sheet-names.js';

export interface ShoppingProfile {
  /** The profile's suppliers: sheet names and the 'Fournisseur' column. */
  suppliers: readonly Pick<Supplier, 'id' | 'name'>[];
  /**
   * The supplier chosen for each ingredient (NO_SUPPLIER for none): the domain's
   * defaultMapping with the user's own choices on top. A missing entry counts as none.
   */
  mapping: Readonly<Record<Id, Id>>;
}

export interface ShoppingInput {
  stay: Pick<Stay, 'name' | 'start'>;
  compiled: CompileResult;
  /** null without a profile: ingredients are then grouped by category. */
  profile: ShoppingProfile | null;
}

export interface SheetRow {
  /** A total row names an ingredient; a detail row one meal's use of it. */
  kind: 'total' | 'detail';
  cells: string[];
}

export interface SheetPlan {
  name: string;
  columns: string[];
  rows: SheetRow[];
}

export const ALL_INGREDIENTS_SHEET = 'Ingrédients';
export const COLUMN_INGREDIENT = 'Ingrédient';
export const COLUMN_QUANTITY = 'Quantité';
export const COLUMN_SUPPLIER = 'Fournisseur';
export const COLUMN_KIND = 'Catégorie';

interface Group {
  label: string;
  ingredients: CompiledIngredient[];
}

export function planShopping(input: ShoppingInput): SheetPlan[] {
  const { compiled, profile, stay } = input;
  const names = new SheetNames();
  const groups = profile
    ? groupBySupplier(compiled.ingredients, profile)
    : groupsByKind(compiled.ingredients);
  const groupOf = new Map<Id, string>();
  for (const group of groups) {
    for (const item of group.ingredients) groupOf.set(item.ingredient.id, group.label);
  }
  const groupColumn = profile ? COLUMN_SUPPLIER : COLUMN_KIND;
  const useLabel = (use: IngredientUse): string => {
    const meal = compiled.meals[use.mealId];
    return meal ? mealLabel(stay.start, meal.day, meal.slot) : '';
  };

  const sheets: SheetPlan[] = [
    {
      name: names.claim(ALL_INGREDIENTS_SHEET),
      columns: [COLUMN_INGREDIENT, COLUMN_QUANTITY, groupColumn],
      rows: compiled.ingredients.flatMap((item) =>
        ingredientRows(item, item.uses, useLabel, groupOf.get(item.ingredient.id) ?? ''),
      ),
    },
  ];
  for (const group of groups) {
    sheets.push({
      name: names.claim(group.label),
      columns: [COLUMN_INGREDIENT, COLUMN_QUANTITY],
      rows: group.ingredients.flatMap((item) => ingredientRows(item, item.uses, useLabel, null)),
    });
  }
  for (const day of daysOf(compiled)) {
    const rows = compiled.ingredients.flatMap((item) => {
      const uses = item.uses.filter((u) => compiled.meals[u.mealId]?.day === day);
      if (uses.length === 0) return [];
      return ingredientRows(item, uses, useLabel, groupOf.get(item.ingredient.id) ?? '');
    });
    sheets.push({
      name: names.claim(stayDayLabel(stay.start, day)),
      columns: [COLUMN_INGREDIENT, COLUMN_QUANTITY, groupColumn],
      rows,
    });
  }
  return sheets;
}

/**
 * The total row of an ingredient over `uses`, then, when two meals or more need it, one row
 * per use. `group` fills a third column unless null.
 */
function ingredientRows(
  item: CompiledIngredient,
  uses: readonly IngredientUse[],
  useLabel: (use: IngredientUse) => string,
  group: string | null,
): SheetRow[] {
  const total = uses === item.uses ? item.total : sumQuantities(uses);
  const withGroup = (cells: string[], value: string): string[] =>
    group === null ? cells : [...cells, value];
  const rows: SheetRow[] = [
    { kind: 'total', cells: withGroup([item.ingredient.name, formatTotal(total)], group ?? '') },
  ];
  if (new Set(uses.map((u) => u.mealId)).size >= 2) {
    for (const use of uses) {
      rows.push({
        kind: 'detail',
        cells: withGroup([useLabel(use), formatQuantity(use.val, use.unite)], ''),
      });
    }
  }
  return rows;
}

/** 'Sans fournisseur' first, then the suppliers by name; suppliers with nothing are left out. */
function groupBySupplier(list: readonly CompiledIngredient[], profile: ShoppingProfile): Group[] {
  const known = new Set(profile.suppliers.map((s) => s.id));
  const supplierOf = (item: CompiledIngredient): Id => {
    const chosen = profile.mapping[item.ingredient.id] ?? NO_SUPPLIER;
    return known.has(chosen) ? chosen : NO_SUPPLIER;
  };
  const columns = [
    { id: NO_SUPPLIER, name: NO_SUPPLIER_NAME },
    ...sortSuppliers(profile.suppliers.filter((s) => s.id !== NO_SUPPLIER)),
  ];
  return columns
    .map((s) => ({ label: s.name, ingredients: list.filter((item) => supplierOf(item) === s.id) }))
    .filter((g) => g.ingredients.length > 0);
}

function groupsByKind(list: readonly CompiledIngredient[]): Group[] {
  return groupByKind(list).map((g) => ({
    label: INGREDIENT_KIND_NAMES[g.kind],
    ingredients: g.ingredients,
  }));
}

/** The days of the compiled meals, in order. */
function daysOf(compiled: CompileResult): number[] {
  return [...new Set(Object.values(compiled.meals).map((m) => m.day))].sort((a, b) => a - b);
}
