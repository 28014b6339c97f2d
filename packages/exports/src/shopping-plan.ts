/**
 * What the shopping spreadsheet holds, sheet by sheet, before any writing: every ingredient
 * sorted by supplier (or category) then name, one sheet per supplier (or category), then one
 * per day that has something to buy. Each row is one ingredient in one unit, its quantity a
 * number beside its unit, so that a spreadsheet can sort and add them up. Quantities come from
 * the domain's compile; pieces are rounded up meal by meal (the domain's rule), as the cook
 * sheets print them, and added up.
 *
 * With costs (issue 21), each line of the ingredients and supplier sheets also tells the whole
 * packs to buy, the price and what buying the line costs (the domain's purchaseLine), each
 * supplier's sheet ends with its total, and a 'Coûts' sheet gives what to pay per supplier and
 * what each day costs against the budget: the export screen's figures, rounded to the cent.
 */
import type {
  CompiledIngredient,
  CompileResult,
  CostPlan,
  Horaire,
  Id,
  Ingredient,
  IngredientUse,
  Measure,
  MissingReason,
  Pack,
  Purchase,
  Stay,
  Supplier,
} from '@popote/domain';
import {
  compareFrench,
  emptyTotal,
  formatPackSize,
  groupByKind,
  HORAIRE_LABELS,
  HORAIRES,
  INGREDIENT_KIND_NAMES,
  isOverBudget,
  MEASURE_OF,
  NO_SUPPLIER,
  NO_SUPPLIER_NAME,
  perLabel,
  purchaseLine,
  purchasesByIngredient,
  toBuyVal,
  sortSuppliers,
  toCents,
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
 * Packs, prices and budget (issue 21). Plain data only: the page sends it to the exports worker
 * by structured clone.
 */
export interface ShoppingCosts {
  /** The user's purchase rows (pack and prices of each ingredient; the newest row counts). */
  purchases: readonly Purchase[];
  /**
   * The domain's planCosts of the same compile and purchases, its supplierOf reading
   * profile.mapping (NO_SUPPLIER without a profile): the 'Coûts' sheet shows its figures.
   */
  plan: CostPlan;
  /** The stay's budget in euros per person-day; null: none. */
  budget: number | null;
}

export interface ShoppingInput {
  stay: Pick<Stay, 'name' | 'start'>;
  compiled: CompileResult;
  /** null without a profile: ingredients are then grouped by category. */
  profile: ShoppingProfile | null;
  /** None: no packs, prices nor costs; the spreadsheet holds the quantities only. */
  costs?: ShoppingCosts;
  /**
   * Why some quantities are not counted (issue 30: 'Recette non publiée : ses quantités ne
   * sont pas comptées.'), written under the lines of the sheet of every ingredient.
   */
  notes?: readonly string[];
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
  /** Indexes in `rows` of the rows that head a further table, styled as the header. */
  headings?: number[];
  /** False: no filter on the header (a sheet of several tables). Default: true. */
  filter?: boolean;
}

export const ALL_INGREDIENTS_SHEET = 'Ingrédients';
export const COLUMN_INGREDIENT = 'Ingrédient';
export const COLUMN_QUANTITY = 'Quantité';
export const COLUMN_UNIT = 'Unité';
export const COLUMN_SUPPLIER = 'Fournisseur';
export const COLUMN_KIND = 'Catégorie';
export const COLUMN_MEALS = 'Repas';

// With costs: after the quantity on the ingredients and supplier sheets.
/** Whole packs to buy, when the ingredient's pack measures the line's unit. */
export const COLUMN_PACKS = 'Paquets';
/** 'paquet de 500 gr'. */
export const COLUMN_PACK = 'Conditionnement';
export const COLUMN_PRICE = 'Prix';
/** 'par paquet de 500 gr', 'par kg'. */
export const COLUMN_PRICE_PER = 'Prix pour';
/** What buying the line costs: whole packs, whole pieces. */
export const COLUMN_COST = 'Coût';
export const COLUMN_NOTE = 'Remarque';
/** The last row of a supplier's (or category's) sheet, in the ingredient column. */
export const TOTAL_LABEL = 'Total';
/** Why a line has no cost, in the 'Remarque' column (and the 'Coûts' sheet's missing prices). */
export const MISSING_REASON_LABELS: Readonly<Record<MissingReason, string>> = {
  noPrice: 'Prix manquant',
  noPack: 'Paquet manquant',
  otherMeasure: 'Autre unité',
};
/** A total that leaves out lines without a price, in the 'Remarque' column. */
export const INCOMPLETE_NOTE = 'Incomplet';
/** The number format of every amount in euros. */
export const EUROS_FORMAT = '#,##0.00 "€"';

// The 'Coûts' sheet: per supplier, then per day, then the missing prices.
export const COSTS_SHEET = 'Coûts';
export const COLUMN_TO_PAY = 'À payer';
export const COLUMN_DAY = 'Jour';
export const COLUMN_PEOPLE = 'Personnes';
export const COLUMN_COST_PER_PERSON = 'Coût par personne';
export const COLUMN_BUDGET = 'Budget par personne';
export const COLUMN_OVER_BUDGET = 'Au-dessus du budget';
/** In the 'Au-dessus du budget' column of a day over budget (empty otherwise). */
export const OVER_BUDGET = 'Oui';
/** Heads the list of the ingredients without a price. */
export const MISSING_PRICES_HEADING = 'Prix manquants';

interface Group {
  label: string;
  ingredients: CompiledIngredient[];
}

const DIMENSIONS: readonly Dimension[] = ['pieces', 'mass', 'volume'];

export function planShopping(input: ShoppingInput): SheetPlan[] {
  const { compiled, profile, stay, costs } = input;
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
  const lineColumns = costs ? [...quantityColumns, ...COST_COLUMNS] : quantityColumns;
  const pricer = costs ? linePricer(costs, profile) : null;

  // Each line's cells once (priced once), for the sheet of every ingredient and its group's.
  const groupRows = groups.map((group) =>
    group.ingredients.flatMap((item) =>
      linesOf(item, item.uses, group.label).map((line): LineRow => {
        const cells: CellValue[] = [line.ingredient.name, line.quantity, line.unit];
        if (!pricer) return { group: line.group, cells, cost: 0, missing: false };
        const priced = pricer(line);
        cells.push(...priced.cells);
        return { group: line.group, cells, cost: priced.cost, missing: priced.missing };
      }),
    ),
  );
  const sheets: SheetPlan[] = [
    {
      name: names.claim(ALL_INGREDIENTS_SHEET),
      columns: [{ header: groupColumn }, ...lineColumns],
      rows: [
        ...groupRows.flat().map((row) => [row.group, ...row.cells]),
        ...(input.notes ?? []).flatMap((note, i) => (i === 0 ? [[], [note]] : [[note]])),
      ],
    },
  ];
  // Claimed before the suppliers': a supplier called 'Coûts' gets 'Coûts (2)'.
  const costsName = costs ? names.claim(COSTS_SHEET) : null;
  groups.forEach((group, i) => {
    const lines = groupRows[i] ?? [];
    const rows = lines.map((row) => row.cells);
    if (costs) rows.push(totalRow(lines, lineColumns));
    sheets.push({ name: names.claim(group.label), columns: lineColumns, rows });
  });
  if (costs && costsName !== null) sheets.push(costsSheet(costsName, costs, stay.start));

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

const COST_COLUMNS: readonly SheetColumn[] = [
  { header: COLUMN_PACKS },
  { header: COLUMN_PACK },
  { header: COLUMN_PRICE, numFmt: EUROS_FORMAT },
  { header: COLUMN_PRICE_PER },
  { header: COLUMN_COST, numFmt: EUROS_FORMAT },
  { header: COLUMN_NOTE },
];

/** A line's cost cells (COST_COLUMNS), and its cost before rounding for the sheet's total. */
interface PricedLine {
  cells: CellValue[];
  cost: number;
  /** True when the line has no price (its cost cell is empty). */
  missing: boolean;
}

/** A row of the ingredients and group sheets: its group, its cells after the group's. */
interface LineRow extends PricedLine {
  group: string;
}

const MEASURE_OF_DIMENSION: Readonly<Record<Dimension, Measure>> = {
  pieces: 'pieces',
  mass: 'grams',
  volume: 'centiliters',
};

/**
 * Prices a line as the domain prices a purchase (purchaseLine): the line's need alone, from
 * the supplier chosen for its ingredient (that supplier's price, else the default one), as
 * planCosts does with the same mapping. Constant work per line: the purchases are indexed once.
 */
function linePricer(
  costs: ShoppingCosts,
  profile: ShoppingProfile | null,
): (line: ShoppingLine) => PricedLine {
  const purchases = purchasesByIngredient(costs.purchases);
  return (line) => {
    const measure = MEASURE_OF_DIMENSION[line.dimension];
    const need = { ...emptyTotal(), [measure]: line.amount };
    const supplierId = profile?.mapping[line.ingredient.id] ?? NO_SUPPLIER;
    const bought = purchaseLine(need, purchases.get(line.ingredient.id), supplierId);
    const { pack, price, missing } = bought;
    return {
      cells: [
        pack && MEASURE_OF[pack.unite] === measure ? bought.packs : null,
        pack ? packLabel(pack) : null,
        price ? price.amount : null,
        price ? perLabel(price.per, pack) : null,
        missing ? null : toCents(bought.cost),
        missing ? MISSING_REASON_LABELS[missing] : null,
      ],
      cost: bought.cost,
      missing: missing !== null,
    };
  };
}

/** 'paquet de 500 gr'. */
const packLabel = (pack: Pack): string => `${pack.name} de ${formatPackSize(pack)}`;

/**
 * A sheet's last row: what its lines cost, added up before rounding as planCosts adds up a
 * supplier's, so that it is the 'Coûts' sheet's figure; marked when a line has no price.
 */
function totalRow(lines: readonly PricedLine[], columns: readonly SheetColumn[]): CellValue[] {
  let cost = 0;
  let missing = false;
  for (const line of lines) {
    cost += line.cost;
    missing ||= line.missing;
  }
  return columns.map(({ header }, i) =>
    i === 0
      ? TOTAL_LABEL
      : header === COLUMN_COST
        ? toCents(cost)
        : header === COLUMN_NOTE && missing
          ? INCOMPLETE_NOTE
          : null,
  );
}

/**
 * The 'Coûts' sheet: what to pay per supplier, then what each day costs against the budget,
 * then the ingredients without a price. The tables share their columns (the label, the people,
 * the euros in the third, the remark last) so that each column has one number format.
 */
function costsSheet(name: string, costs: ShoppingCosts, start: string): SheetPlan {
  const { plan } = costs;
  const budget = costs.budget === null ? null : toCents(costs.budget);
  const euros = (value: number | null): number | null => (value === null ? null : toCents(value));
  const note = (complete: boolean): string | null => (complete ? null : INCOMPLETE_NOTE);
  const overBudget = (over: boolean): string | null => (over ? OVER_BUDGET : null);

  const rows: CellValue[][] = [];
  const headings: number[] = [];
  const heading = (...cells: CellValue[]): void => {
    headings.push(rows.length);
    rows.push(cells);
  };
  for (const supplier of plan.suppliers) {
    rows.push([
      supplier.name,
      null,
      euros(supplier.cost),
      null,
      null,
      null,
      note(supplier.complete),
    ]);
  }
  const allPriced = plan.suppliers.every((s) => s.complete);
  rows.push([TOTAL_LABEL, null, euros(plan.toPay), null, null, null, note(allPriced)]);

  rows.push([]);
  heading(
    COLUMN_DAY,
    COLUMN_PEOPLE,
    COLUMN_COST,
    COLUMN_COST_PER_PERSON,
    COLUMN_BUDGET,
    COLUMN_OVER_BUDGET,
    COLUMN_NOTE,
  );
  for (const day of plan.days) {
    rows.push([
      stayDayLabel(start, day.day),
      day.people,
      euros(day.cost),
      euros(day.perPerson),
      budget,
      overBudget(day.overBudget),
      note(day.complete),
    ]);
  }
  rows.push([
    TOTAL_LABEL,
    plan.personDays,
    euros(plan.cost),
    euros(plan.perPersonDay),
    budget,
    overBudget(isOverBudget(plan.perPersonDay, costs.budget)),
    note(plan.days.every((d) => d.complete)),
  ]);

  if (plan.missing.length > 0) {
    rows.push([]);
    heading(MISSING_PRICES_HEADING, null, null, null, null, null, COLUMN_NOTE);
    for (const { ingredient, reason } of plan.missing) {
      rows.push([ingredient.name, null, null, null, null, null, MISSING_REASON_LABELS[reason]]);
    }
  }
  return {
    name,
    columns: [
      { header: COLUMN_SUPPLIER },
      { header: '' },
      { header: COLUMN_TO_PAY, numFmt: EUROS_FORMAT },
      { header: '', numFmt: EUROS_FORMAT },
      { header: '', numFmt: EUROS_FORMAT },
      { header: '' },
      { header: COLUMN_NOTE },
    ],
    rows,
    headings,
    filter: false,
  };
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
      return toBuyVal(use.unite, use.val);
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

/** Categories in their order (Autre first, as the export screen lists them). */
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
