/**
 * What the shopping spreadsheet holds, sheet by sheet, before any writing: every ingredient
 * sorted by supplier (or category) then name, one sheet per supplier (or category), then one
 * per day that has something to buy. Each row is one ingredient in one unit, its quantity a
 * number beside its unit, so that a spreadsheet can sort and add them up. Quantities come from
 * the domain's compile; pieces are rounded up meal by meal (the domain's rule), as the cook
 * sheets print them, and added up.
 */
import type {
  CompiledIngredient,
  CompileResult,
  Horaire,
  Id,
  Ingredient,
  IngredientUse,
  Stay,
  Supplier,
} from '@popote/domain';
import {
  compareFrench,
  groupByKind,
  HORAIRE_LABELS,
  HORAIRES,
  INGREDIENT_KIND_NAMES,
  NO_SUPPLIER,
  NO_SUPPLIER_NAME,
  purchaseVal,
  sortSuppliers,
  Unite,
  UNITE_LABELS,
} from '@popote/domain';
import { stayDayLabel } from './labels.js';
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

export type CellValue = string | number | null;

/** What a quantity measures: whole pieces, a mass or a volume. */
export type Dimension = 'pieces' | 'mass' | 'volume';

/** One thing to buy: an ingredient in one dimension, over some of its uses. */
export interface ShoppingLine {
  ingredient: Ingredient;
  /** The supplier's name, or the category's without a profile. */
  group: string;
  dimension: Dimension;
  /** The need in pieces, grams or centilitres (what packs and prices will divide). */
  amount: number;
  /** The quantity as shown, in `unit` ('5,2' kg for 5,200 gr), rounded to 2 decimals. */
  quantity: number;
  /** 'pièces', 'kg', 'gr', 'L' or 'cL'. */
  unit: string;
  /** The uses counted (one per meal and unit). */
  uses: IngredientUse[];
}

/**
 * A further column of the sheet of every ingredient and of each supplier's sheet: packs and
 * prices (issue 21) come in here. A number value stays a number in the file.
 */
export interface ShoppingColumn {
  header: string;
  value: (line: ShoppingLine) => CellValue;
  /** An Excel number format ('0.00 €'); none: the cell's default. */
  numFmt?: string;
}

export interface ShoppingInput {
  stay: Pick<Stay, 'name' | 'start'>;
  compiled: CompileResult;
  /** null without a profile: ingredients are then grouped by category. */
  profile: ShoppingProfile | null;
  extraColumns?: readonly ShoppingColumn[];
}

export interface SheetColumn {
  header: string;
  numFmt?: string;
}

export interface SheetPlan {
  name: string;
  columns: SheetColumn[];
  /** Row by row under the header: strings, numbers, null for an empty cell. */
  rows: CellValue[][];
}

export const ALL_INGREDIENTS_SHEET = 'Ingrédients';
export const COLUMN_INGREDIENT = 'Ingrédient';
export const COLUMN_QUANTITY = 'Quantité';
export const COLUMN_UNIT = 'Unité';
export const COLUMN_SUPPLIER = 'Fournisseur';
export const COLUMN_KIND = 'Catégorie';
export const COLUMN_MEALS = 'Repas';

interface Group {
  label: string;
  ingredients: CompiledIngredient[];
}

const DIMENSIONS: readonly Dimension[] = ['pieces', 'mass', 'volume'];

export function planShopping(input: ShoppingInput): SheetPlan[] {
  const { compiled, profile, stay } = input;
  const extra = input.extraColumns ?? [];
  const names = new SheetNames();
  // Each group's ingredients by name, sorted once: every sheet lists them in that order.
  const groups = (
    profile ? groupBySupplier(compiled.ingredients, profile) : groupsByKind(compiled.ingredients)
  ).map((group) => ({ ...group, ingredients: sortByName(group.ingredients) }));
  const groupColumn = profile ? COLUMN_SUPPLIER : COLUMN_KIND;
  const quantityColumns: SheetColumn[] = [
    { header: COLUMN_INGREDIENT },
    { header: COLUMN_QUANTITY },
    { header: COLUMN_UNIT },
  ];
  const extraColumns: SheetColumn[] = extra.map(({ header, numFmt }) =>
    numFmt === undefined ? { header } : { header, numFmt },
  );
  const cells = (line: ShoppingLine): CellValue[] => [
    line.ingredient.name,
    line.quantity,
    line.unit,
  ];
  const extraCells = (line: ShoppingLine): CellValue[] => extra.map((c) => c.value(line));

  const groupLines = groups.map((group) =>
    group.ingredients.flatMap((item) => linesOf(item, item.uses, group.label)),
  );
  const sheets: SheetPlan[] = [
    {
      name: names.claim(ALL_INGREDIENTS_SHEET),
      columns: [{ header: groupColumn }, ...quantityColumns, ...extraColumns],
      rows: groupLines.flat().map((line) => [line.group, ...cells(line), ...extraCells(line)]),
    },
  ];
  groups.forEach((group, i) => {
    sheets.push({
      name: names.claim(group.label),
      columns: [...quantityColumns, ...extraColumns],
      rows: (groupLines[i] ?? []).map((line) => [...cells(line), ...extraCells(line)]),
    });
  });

  // Each ingredient's uses by day, gathered once for all the day sheets.
  const usesByDay = new Map<Id, Map<number, IngredientUse[]>>();
  for (const item of compiled.ingredients) {
    const byDay = new Map<number, IngredientUse[]>();
    for (const use of item.uses) {
      const day = compiled.meals[use.mealId]?.day;
      if (day === undefined) continue;
      const list = byDay.get(day);
      if (list) list.push(use);
      else byDay.set(day, [use]);
    }
    usesByDay.set(item.ingredient.id, byDay);
  }
  /** 'Midi, Dîner': the slots of the uses, in the day's order. */
  const slotsOf = (uses: readonly IngredientUse[]): string => {
    const slots = new Set<Horaire>();
    for (const use of uses) {
      const slot = compiled.meals[use.mealId]?.slot;
      if (slot !== undefined) slots.add(slot);
    }
    return HORAIRES.filter((slot) => slots.has(slot))
      .map((slot) => HORAIRE_LABELS[slot])
      .join(', ');
  };
  for (const day of daysOf(compiled)) {
    // Plain loops: 60 days × 500 ingredients make this the plan's inner loop.
    const rows: CellValue[][] = [];
    for (const group of groups) {
      for (const item of group.ingredients) {
        const uses = usesByDay.get(item.ingredient.id)?.get(day);
        if (!uses) continue;
        for (const line of linesOf(item, uses, group.label)) {
          rows.push([
            line.group,
            line.ingredient.name,
            line.quantity,
            line.unit,
            slotsOf(line.uses),
          ]);
        }
      }
    }
    // A day whose meals need nothing gets no sheet.
    if (rows.length === 0) continue;
    sheets.push({
      name: names.claim(stayDayLabel(stay.start, day)),
      columns: [{ header: groupColumn }, ...quantityColumns, { header: COLUMN_MEALS }],
      rows,
    });
  }
  return sheets;
}

/**
 * An ingredient's lines over `uses`: one per dimension it is needed in (pieces, then mass,
 * then volume), or a single line of 0 when it needs nothing (a menu line of quantity 0).
 */
function linesOf(
  item: CompiledIngredient,
  uses: readonly IngredientUse[],
  group: string,
): ShoppingLine[] {
  // One pass: 300 meals × 500 ingredients make this the plan's inner loop.
  const amounts = [0, 0, 0];
  const counted: IngredientUse[][] = [[], [], []];
  for (const use of uses) {
    const d = DIMENSION_OF[use.unite];
    amounts[d]! += inBaseUnit(use);
    counted[d]!.push(use);
  }
  const lines: ShoppingLine[] = [];
  DIMENSIONS.forEach((dimension, d) => {
    const amount = amounts[d]!;
    if (amount === 0) return;
    lines.push({
      ingredient: item.ingredient,
      group,
      dimension,
      amount,
      ...shown(dimension, amount),
      uses: counted[d]!,
    });
  });
  if (lines.length === 0) {
    const unite = uses[0]?.unite ?? Unite.Pieces;
    lines.push({
      ingredient: item.ingredient,
      group,
      dimension: DIMENSIONS[DIMENSION_OF[unite]]!,
      amount: 0,
      quantity: 0,
      unit: UNITE_LABELS[unite],
      uses: [...uses],
    });
  }
  return lines;
}

/**
 * The quantity and unit a line shows, by the display rule of the app (spec 9): gr above 1000
 * shows as kg, cL above 100 as L; 2 decimals at most.
 */
export function shown(dimension: Dimension, amount: number): { quantity: number; unit: string } {
  const round = (n: number): number => Math.round(n * 100) / 100;
  switch (dimension) {
    case 'pieces':
      return { quantity: round(amount), unit: UNITE_LABELS[Unite.Pieces] };
    case 'mass':
      return amount > 1000
        ? { quantity: round(amount / 1000), unit: UNITE_LABELS[Unite.Kg] }
        : { quantity: round(amount), unit: UNITE_LABELS[Unite.G] };
    case 'volume':
      return amount > 100
        ? { quantity: round(amount / 100), unit: UNITE_LABELS[Unite.L] }
        : { quantity: round(amount), unit: UNITE_LABELS[Unite.CL] };
  }
}

/** The index in DIMENSIONS of each unit: pièces, then kg and gr, then L and cL. */
const DIMENSION_OF: Record<Unite, number> = { 0: 0, 1: 1, 2: 1, 3: 2, 4: 2 };

/** A use in pieces (rounded up: each meal cooks whole pieces), grams or centilitres. */
function inBaseUnit(use: IngredientUse): number {
  switch (use.unite) {
    case Unite.Pieces:
      return purchaseVal(use.unite, use.val);
    case Unite.Kg:
      return use.val * 1000;
    case Unite.L:
      return use.val * 100;
    default:
      return use.val;
  }
}

/** By name (French order), then id: the order of every sheet. */
function sortByName(items: readonly CompiledIngredient[]): CompiledIngredient[] {
  return [...items].sort(
    (a, b) =>
      compareFrench(a.ingredient.name, b.ingredient.name) || a.ingredient.id - b.ingredient.id,
  );
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

/** Categories in their order (Autre first, as the order screen lists them). */
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
