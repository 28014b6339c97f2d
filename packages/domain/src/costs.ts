/**
 * What it costs and what to buy (issue 21). An ingredient may come in packs ('paquet' of 500 gr)
 * and have prices (per pack or per kg, gr, L, cL, piece; a supplier's or the default one).
 *
 * Two costs, never confused:
 * - what a meal or a day eats: its share of the price (a meal that uses 200 gr of a 500 gr
 *   packet costs 2/5 of the packet), so that days compare with the budget per person-day;
 * - what to pay for the chosen days: whole packs (and whole pieces), per supplier.
 *
 * A need that no price covers is listed as missing, never counted as zero silently: a cost with
 * a missing price is marked incomplete wherever it is shown.
 */
import type { CompileResult } from './compile.js';
import { compileIngredients, loadCompileInput, mealPeople } from './compile.js';
import type {
  Group,
  Id,
  Ingredient,
  Meal,
  Pack,
  Price,
  PricePer,
  Purchase,
  Stay,
  Supplier,
} from './entities.js';
import { NO_SUPPLIER } from './entities.js';
import { Unite, UNITE_LABELS } from './enums.js';
import { toBuyTotal, toBuyVal, roundUpPieces } from './pieces.js';
import { addToTotal, emptyTotal, formatNumber, type QuantityTotal } from './quantity.js';
import { compareFrench } from './sorting.js';
import type { ReadStore } from './store.js';
import { NO_SUPPLIER_NAME, resolveSupplier } from './suppliers.js';

/** The measure a unit counts in: pieces, grams or centilitres (QuantityTotal's fields). */
export type Measure = keyof QuantityTotal;

export const MEASURE_OF: Readonly<Record<Unite, Measure>> = {
  [Unite.Pieces]: 'pieces',
  [Unite.Kg]: 'grams',
  [Unite.G]: 'grams',
  [Unite.L]: 'centiliters',
  [Unite.CL]: 'centiliters',
};

/** How many of its measure one unit is: 1 kg is 1000 gr, 1 L is 100 cL. */
const FACTOR: Readonly<Record<Unite, number>> = {
  [Unite.Pieces]: 1,
  [Unite.Kg]: 1000,
  [Unite.G]: 1,
  [Unite.L]: 100,
  [Unite.CL]: 1,
};

const MEASURES: readonly Measure[] = ['pieces', 'grams', 'centiliters'];

/** Below this, a fraction of a pack is a floating-point residue (3 × 500 gr / 500 gr). */
const RESIDUE = 1e-9;

/** Why a need has no cost. */
export type MissingReason =
  /** Neither the supplier nor the default has a price. */
  | 'noPrice'
  /** A price per pack, but no pack is set. */
  | 'noPack'
  /** The price counts another measure (per kg, the need in pieces). */
  | 'otherMeasure';

/** The user's purchase row of each ingredient; of two rows made offline, the newest. */
export function purchasesByIngredient(rows: readonly Purchase[]): Map<Id, Purchase> {
  const byIngredient = new Map<Id, Purchase>();
  for (const row of rows) {
    const known = byIngredient.get(row.ingredientId);
    if (!known || known.id < row.id) byIngredient.set(row.ingredientId, row);
  }
  return byIngredient;
}

/** The supplier's price, else the default one; null when neither is set. */
export function priceOf(purchase: Purchase | undefined, supplierId: Id | null): Price | null {
  if (!purchase) return null;
  const own =
    supplierId === null || supplierId === NO_SUPPLIER
      ? undefined
      : purchase.prices.find((p) => p.supplierId === supplierId);
  return own ?? purchase.prices.find((p) => p.supplierId === null) ?? null;
}

/** The whole packs that cover the need's measure, and what the packs leave to buy by measure. */
export function packsFor(need: QuantityTotal, pack: Pack): { count: number; rest: QuantityTotal } {
  const measure = MEASURE_OF[pack.unite];
  const size = pack.size * FACTOR[pack.unite];
  const amount = need[measure];
  const rest = { ...need, [measure]: 0 };
  if (!(amount > 0) || !(size > 0)) return { count: 0, rest };
  const ratio = amount / size;
  const nearest = Math.round(ratio);
  return { count: Math.abs(ratio - nearest) < RESIDUE ? nearest : Math.ceil(ratio), rest };
}

/** Euros for one gram, centilitre or piece; null when a price per pack has no pack. */
export function measurePrice(
  price: Pick<Price, 'amount' | 'per'>,
  pack: Pack | null,
): { measure: Measure; perMeasure: number } | null {
  if (price.per === 'pack') {
    if (pack === null || !(pack.size > 0)) return null;
    return {
      measure: MEASURE_OF[pack.unite],
      perMeasure: price.amount / (pack.size * FACTOR[pack.unite]),
    };
  }
  return { measure: MEASURE_OF[price.per], perMeasure: price.amount / FACTOR[price.per] };
}

export interface Priced {
  /** In euros, of what could be priced. */
  cost: number;
  /** Why part of the need has no price; null when it is all priced. */
  missing: MissingReason | null;
}

const isEmpty = (total: QuantityTotal): boolean => MEASURES.every((m) => !(total[m] > 0));

/** What eating `need` costs: its share of the price (part of a pack, part of a kg). */
export function costOfNeed(
  need: QuantityTotal,
  purchase: Purchase | undefined,
  supplierId: Id | null,
): Priced {
  if (isEmpty(need)) return { cost: 0, missing: null };
  const price = priceOf(purchase, supplierId);
  if (!price) return { cost: 0, missing: 'noPrice' };
  const unit = measurePrice(price, purchase?.pack ?? null);
  if (!unit) return { cost: 0, missing: 'noPack' };
  const unpriced = MEASURES.some((m) => m !== unit.measure && need[m] > 0);
  return {
    cost: Math.max(0, need[unit.measure]) * unit.perMeasure,
    missing: unpriced ? 'otherMeasure' : null,
  };
}

/** What to put in the trolley for a need, and what it costs. */
export interface PurchaseLine {
  /** The whole packs to buy; null when the ingredient has no pack. */
  packs: number | null;
  pack: Pack | null;
  /** What is bought by the measure (all of it without a pack), pieces whole. */
  loose: QuantityTotal;
  price: Price | null;
  /** In euros, of what could be priced. */
  cost: number;
  missing: MissingReason | null;
}

/** What buying `need` costs: whole packs when the ingredient comes in packs, whole pieces. */
export function purchaseLine(
  need: QuantityTotal,
  purchase: Purchase | undefined,
  supplierId: Id | null,
): PurchaseLine {
  const pack = purchase?.pack ?? null;
  const whole = { ...need, pieces: roundUpPieces(need.pieces) };
  const { count, rest } = pack ? packsFor(whole, pack) : { count: null, rest: whole };
  const price = priceOf(purchase, supplierId);
  const line = { packs: count, pack, loose: rest, price };
  if (isEmpty(whole)) return { ...line, cost: 0, missing: null };
  if (!price) return { ...line, cost: 0, missing: 'noPrice' };
  let cost = 0;
  let missing: MissingReason | null = null;
  if (pack && count !== null && count > 0) {
    if (price.per === 'pack') cost += count * price.amount;
    else if (MEASURE_OF[price.per] === MEASURE_OF[pack.unite]) {
      cost += (count * pack.size * FACTOR[pack.unite] * price.amount) / FACTOR[price.per];
    } else missing = 'otherMeasure';
  }
  for (const measure of MEASURES) {
    if (!(rest[measure] > 0)) continue;
    if (price.per === 'pack') {
      missing ??= pack ? 'otherMeasure' : 'noPack';
    } else if (MEASURE_OF[price.per] === measure) {
      cost += (rest[measure] * price.amount) / FACTOR[price.per];
    } else missing ??= 'otherMeasure';
  }
  return { ...line, cost, missing };
}

export interface CostInput {
  compiled: CompileResult;
  /** The stay's meals (those of the chosen days count; the others are ignored). */
  meals: readonly Meal[];
  groups: readonly Group[];
  /** The user's purchase rows (purchasesByIngredient). */
  purchases: ReadonlyMap<Id, Purchase>;
  /** The supplier of an ingredient in the stay's profile; NO_SUPPLIER or null for none. */
  supplierOf: (ingredient: Ingredient) => Id | null;
  /** The profile's suppliers, for their names. */
  suppliers: readonly Pick<Supplier, 'id' | 'name'>[];
  /** Euros per person-day; null: no budget. */
  budget: number | null;
}

export interface MealCost {
  mealId: Id;
  day: number;
  people: number;
  cost: number;
  /** null when nobody eats it. */
  perPerson: number | null;
  /** False when a price is missing: the cost is only what could be priced. */
  complete: boolean;
}

export interface DayCost {
  day: number;
  /** The day's people: the most who eat one of its meals. */
  people: number;
  cost: number;
  perPerson: number | null;
  overBudget: boolean;
  complete: boolean;
}

export interface SupplierCost {
  /** NO_SUPPLIER for the ingredients of no supplier. */
  supplierId: Id;
  name: string;
  /** What to pay: whole packs, whole pieces. */
  cost: number;
  complete: boolean;
}

export interface MissingPrice {
  ingredient: Ingredient;
  reason: MissingReason;
}

export interface CostPlan {
  meals: MealCost[];
  days: DayCost[];
  /** What the chosen days eat, in euros. */
  cost: number;
  personDays: number;
  perPersonDay: number | null;
  complete: boolean;
  /** What to pay for the chosen days, per supplier ('Sans fournisseur' first). */
  suppliers: SupplierCost[];
  toPay: number;
  /** Packs and cost of each ingredient's need. */
  lines: Map<Id, PurchaseLine>;
  /** By ingredient, in the compile's order (category, name). */
  missing: MissingPrice[];
}

/** Euros compared to the cent: 5,004 € per person-day is within a budget of 5 €. */
const cents = (euros: number): number => Math.round(euros * 100);

export const isOverBudget = (perPerson: number | null, budget: number | null): boolean =>
  budget !== null && perPerson !== null && cents(perPerson) > cents(budget);

/** The costs of the compiled days: per meal, per day, per person-day and per supplier. */
export function planCosts(input: CostInput): CostPlan {
  const { compiled, purchases, budget } = input;
  const groupsById = new Map(input.groups.map((g) => [g.id, g]));
  const meals = new Map<Id, MealCost>();
  for (const meal of input.meals) {
    const at = compiled.meals[meal.id];
    if (!at) continue;
    const people = Math.max(0, mealPeople(meal, groupsById));
    meals.set(meal.id, {
      mealId: meal.id,
      day: at.day,
      people,
      cost: 0,
      perPerson: null,
      complete: true,
    });
  }

  const lines = new Map<Id, PurchaseLine>();
  const missing: MissingPrice[] = [];
  const bySupplier = new Map<Id, { cost: number; complete: boolean }>();
  for (const item of compiled.ingredients) {
    const { ingredient } = item;
    const purchase = purchases.get(ingredient.id);
    const supplierId = input.supplierOf(ingredient) ?? NO_SUPPLIER;
    let reason: MissingReason | null = null;
    for (const use of item.uses) {
      const need = addToTotal(emptyTotal(), use.unite, toBuyVal(use.unite, use.val));
      const priced = costOfNeed(need, purchase, supplierId);
      const meal = meals.get(use.mealId);
      if (meal) {
        meal.cost += priced.cost;
        if (priced.missing) meal.complete = false;
      }
      reason ??= priced.missing;
    }
    const line = purchaseLine(toBuyTotal(item.uses), purchase, supplierId);
    lines.set(ingredient.id, line);
    reason ??= line.missing;
    if (reason) missing.push({ ingredient, reason });
    const supplier = bySupplier.get(supplierId) ?? { cost: 0, complete: true };
    supplier.cost += line.cost;
    if (line.missing) supplier.complete = false;
    bySupplier.set(supplierId, supplier);
  }

  const days = new Map<number, DayCost>();
  for (const meal of meals.values()) {
    meal.perPerson = meal.people > 0 ? meal.cost / meal.people : null;
    const day = days.get(meal.day) ?? {
      day: meal.day,
      people: 0,
      cost: 0,
      perPerson: null,
      overBudget: false,
      complete: true,
    };
    day.people = Math.max(day.people, meal.people);
    day.cost += meal.cost;
    day.complete &&= meal.complete;
    days.set(meal.day, day);
  }
  const dayList = [...days.values()].sort((a, b) => a.day - b.day);
  for (const day of dayList) {
    day.perPerson = day.people > 0 ? day.cost / day.people : null;
    day.overBudget = isOverBudget(day.perPerson, budget);
  }

  const cost = dayList.reduce((sum, d) => sum + d.cost, 0);
  const personDays = dayList.reduce((sum, d) => sum + d.people, 0);
  const suppliers = supplierCosts(bySupplier, input.suppliers);
  return {
    meals: [...meals.values()],
    days: dayList,
    cost,
    personDays,
    perPersonDay: personDays > 0 ? cost / personDays : null,
    complete: missing.length === 0,
    suppliers,
    toPay: suppliers.reduce((sum, s) => sum + s.cost, 0),
    lines,
    missing,
  };
}

/**
 * What to pay per supplier, 'Sans fournisseur' first then by name (the spreadsheet's order); a
 * supplier no longer in the profile counts as none.
 */
function supplierCosts(
  bySupplier: ReadonlyMap<Id, { cost: number; complete: boolean }>,
  known: readonly Pick<Supplier, 'id' | 'name'>[],
): SupplierCost[] {
  const names = new Map(known.map((s) => [s.id, s.name]));
  const merged = new Map<Id, SupplierCost>();
  for (const [id, { cost, complete }] of bySupplier) {
    const supplierId = names.has(id) ? id : NO_SUPPLIER;
    const entry = merged.get(supplierId) ?? {
      supplierId,
      name: names.get(supplierId) ?? NO_SUPPLIER_NAME,
      cost: 0,
      complete: true,
    };
    entry.cost += cost;
    entry.complete &&= complete;
    merged.set(supplierId, entry);
  }
  const none = merged.get(NO_SUPPLIER);
  const others = [...merged.values()]
    .filter((s) => s.supplierId !== NO_SUPPLIER)
    .sort((a, b) => compareFrench(a.name, b.name) || a.supplierId - b.supplierId);
  return none ? [none, ...others] : others;
}

/** '12,50 €': euros always with their cents, a thousands space as French writes them. */
export function formatEuros(euros: number): string {
  EUROS ??= new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
  return EUROS.format(Math.round(euros * 100) / 100 || 0);
}
// Made when first used: the first Intl object of a page loads the browser's locale data, which a
// screen's first paint need not wait for (issue 36).
let EUROS: Intl.NumberFormat | undefined;

/** Euros rounded to the cent, as a number (the spreadsheet's cells). */
export const toCents = (euros: number): number => Math.round(euros * 100) / 100 || 0;

/** 'par paquet de 500 gr', 'par kg', 'par pièce': what a price is for, after its amount. */
export function perLabel(per: PricePer, pack: Pack | null): string {
  if (per === 'pack') return pack ? `par ${pack.name} de ${formatPackSize(pack)}` : 'par paquet';
  return per === Unite.Pieces ? 'par pièce' : `par ${UNITE_LABELS[per]}`;
}

/** '500 gr', '30 pièces'. */
export const formatPackSize = (pack: Pick<Pack, 'size' | 'unite'>): string =>
  `${formatNumber(pack.size)} ${UNITE_LABELS[pack.unite]}`;

/** '3 × paquet de 500 gr'. */
export const formatPacks = (count: number, pack: Pack): string =>
  `${count} × ${pack.name} de ${formatPackSize(pack)}`;

/**
 * The chosen days' compile and their costs, read from a store: the export screen, the day view
 * and the shopping spreadsheet read the same rows. `mapping` is the spreadsheet's choice of
 * supplier per ingredient; without it, the stay's profile decides.
 */
export async function loadCostPlan(
  store: ReadStore,
  owner: Id,
  stay: Pick<Stay, 'id' | 'profileId' | 'budget'>,
  days: readonly number[],
  mapping?: Readonly<Record<Id, Id>>,
): Promise<{ compiled: CompileResult; plan: CostPlan }> {
  const input = await loadCompileInput(store, stay.id, [...days]);
  const compiled = compileIngredients(input);
  const [rows, profile, suppliers] = await Promise.all([
    store.where('purchases', 'owner', owner),
    stay.profileId === null ? undefined : store.get('profiles', stay.profileId),
    stay.profileId === null ? [] : store.where('suppliers', 'profileId', stay.profileId),
  ]);
  const supplierOf = (ingredient: Ingredient): Id =>
    mapping
      ? (mapping[ingredient.id] ?? NO_SUPPLIER)
      : profile
        ? resolveSupplier(profile, ingredient)
        : NO_SUPPLIER;
  const plan = planCosts({
    compiled,
    meals: input.meals,
    groups: input.groups,
    purchases: purchasesByIngredient(rows),
    supplierOf,
    suppliers,
    budget: stay.budget ?? null,
  });
  return { compiled, plan };
}
