/**
 * The public stay export link read by the companion phone app: its address, and the flat JSON
 * it answers (reference page, "The stay export link"). Field names are the phone app's contract
 * (PascalCase, 'Receipe' spelling, 'For_'): never rename them.
 *
 * Time zone of meal dates: a stay has no time zone and its days are plain UTC dates (dates.ts).
 * A meal's Date is the slot's wall-clock hour written as UTC ('2025-07-03T08:00:00Z' for a
 * breakfast), like the old server's dates: the phone app must read its hour in UTC (not
 * convert it to the phone's zone) to get the slot back.
 */
import type { Group, Id, Ingredient, Meal, Menu, Quantity, Recipe, Stay } from './entities.js';
import { HORAIRE_HOURS } from './enums.js';
import type { Horaire, IngredientKind, Plat, Unite } from './enums.js';
import { invalid } from './errors.js';
import { mealShares } from './compile.js';
import { dateToIsoDay, dayToDate, stayYear } from './dates.js';
import { compareFrench } from './sorting.js';

/** Where the server answers the export (no login: the secret in the link is the credential). */
export const EXPORT_LINK_PATH = '/import-sejour';

/** A group without a name is shown under this name (spec 2.4), in the export too. */
export const DEFAULT_GROUP_NAME = 'Groupe par défaut';

/** Suffix of a meal's name when every group of a stay of several groups eats it. */
const ALL_GROUPS_SUFFIX = ' (Tous)';

/**
 * The shape of an export secret: URL-safe base64, long enough not to be guessed (devices make
 * it from 32 random bytes: 43 characters). Same rule as the setStayExportSecret mutator, so
 * that the server can refuse a malformed id without a read. A secret with few different
 * characters ('aaaa…', 'abab…') is refused as weak: 32 random characters repeat that much
 * with a negligible chance. The server also refuses a secret that another stay already has.
 */
const SECRET_PATTERN = /^[A-Za-z0-9_-]{32,64}$/u;
export const EXPORT_SECRET_MIN_LENGTH = 32;
export const EXPORT_SECRET_MIN_DISTINCT = 16;

export function isExportSecret(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    SECRET_PATTERN.test(value) &&
    new Set(value).size >= EXPORT_SECRET_MIN_DISTINCT
  );
}

/** The refusal of a secret already used by another stay (checked by the server). */
export const EXPORT_SECRET_TAKEN = "Ce lien d'export est déjà utilisé : créez-en un nouveau.";

/**
 * The address shown in the web app and in its QR code:
 * `<origin>/import-sejour?id=<secret>&sejour=<name and year>`. The `sejour` part only helps the
 * phone app name what it imports; the server reads `id` alone.
 */
export function stayExportUrl(
  origin: string,
  secret: string,
  stay: Pick<Stay, 'name' | 'start'>,
): string {
  if (!isExportSecret(secret)) throw invalid("Le lien d'export est mal formé.");
  const label = `${stay.name} ${stayYear(stay.start)}`;
  const base = origin.replace(/\/+$/u, '');
  return `${base}${EXPORT_LINK_PATH}?id=${encodeURIComponent(secret)}&sejour=${encodeURIComponent(label)}`;
}

export function groupDisplayName(group: Pick<Group, 'name'>): string {
  return group.name.trim() === '' ? DEFAULT_GROUP_NAME : group.name;
}

export interface StayExportInput {
  stay: Stay;
  /** The stay's groups; rows of other stays are ignored. */
  groups: readonly Group[];
  /** The stay's meals; rows of other stays are ignored. */
  meals: readonly Meal[];
  /** At least the menus of the stay's meals. */
  menus: readonly Menu[];
  /** At least the recipes of those menus. */
  recipes: readonly Recipe[];
  /** At least the ingredients of those menus and recipes. */
  ingredients: readonly Ingredient[];
}

export interface ExportQuantity {
  Val: number;
  Unite: Unite;
  For_: number;
}

export interface StayExport {
  Ingredients: { Id: Id; Name: string; Kind: IngredientKind; Owner: Id }[];
  Receipes: {
    Id: Id;
    Owner: Id;
    Plat: Plat;
    Name: string;
    Description: string;
    IsPublished: boolean;
    Updated: string;
  }[];
  ReceipeIngredients: { IdReceipe: Id; IdIngredient: Id; Quantity: ExportQuantity }[];
  Menus: { Id: Id; Owner: Id; IsFavorite: boolean; IsPublished: boolean; Updated: string }[];
  MenuReceipes: { IdMenu: Id; IdReceipe: Id }[];
  MenuIngredients: { IdMenu: Id; IdIngredient: Id; Quantity: ExportQuantity; Plat: Plat }[];
  Meals: { Id: Id; IdMenu: Id; Name: string; Date: string; For_: number }[];
}

/**
 * The name of a meal on the phone: the stay's name, then ' (Tous)' when every group of a stay
 * of several groups eats it, else its groups' names in French order between brackets; the
 * stay's name alone for a meal without a group. Links to groups of no stay are ignored.
 */
export function stayExportMealName(
  stay: Pick<Stay, 'name'>,
  meal: Pick<Meal, 'groupIds'>,
  stayGroups: readonly Group[],
): string {
  const mealGroupIds = new Set(meal.groupIds);
  const present = stayGroups.filter((g) => mealGroupIds.has(g.id));
  if (present.length === 0) return stay.name;
  if (stayGroups.length > 1 && present.length === stayGroups.length) {
    return stay.name + ALL_GROUPS_SUFFIX;
  }
  const names = present.map(groupDisplayName).sort(compareFrench);
  return `${stay.name} (${names.join(', ')})`;
}

/** The start of a meal: its day at the slot's hour, as 'YYYY-MM-DDTHH:00:00Z' (see top). */
export function stayExportMealDate(start: string, day: number, slot: Horaire): string {
  const hour = String(HORAIRE_HOURS[slot]).padStart(2, '0');
  return `${dateToIsoDay(dayToDate(start, day))}T${hour}:00:00Z`;
}

const exportQuantity = (q: Quantity): ExportQuantity => ({
  Val: q.val,
  Unite: q.unite,
  For_: q.forPeople,
});

/**
 * The whole export of a stay as flat lists, each ordered by id (meals by day, slot, id).
 * Links to rows that are missing (a menu, recipe or ingredient not in the input) are left out
 * rather than sent dangling, because the phone app imports everything into related tables. A
 * meal's For_ is the people who eat its menu: its planned head count less the people of its
 * alternatives (issue 20, which the phone app does not know), counted as 0 when negative, as
 * quantities are.
 * Catalogue ingredients, which no user owns, have Owner 0: the phone app reads integers.
 */
export function buildStayExport(input: StayExportInput): StayExport {
  const { stay } = input;
  const groups = input.groups.filter((g) => g.stayId === stay.id);
  const groupsById = new Map(groups.map((g) => [g.id, g]));
  const menusById = byId(input.menus);
  const recipesById = byId(input.recipes);
  const ingredientsById = byId(input.ingredients);

  const meals = input.meals
    .filter((m) => m.stayId === stay.id && menusById.has(m.menuId))
    .sort((a, b) => a.day - b.day || a.slot - b.slot || a.id - b.id);
  const menus = sortedById(uniqueIds(meals.map((m) => m.menuId)).map((id) => menusById.get(id)!));
  const recipes = sortedById(
    uniqueIds(menus.flatMap((m) => m.recipeIds))
      .map((id) => recipesById.get(id))
      .filter((r): r is Recipe => r !== undefined),
  );
  const ingredientIds = uniqueIds([
    ...menus.flatMap((m) => m.ingredients.map((i) => i.ingredientId)),
    ...recipes.flatMap((r) => r.ingredients.map((i) => i.ingredientId)),
  ]);
  const ingredients = sortedById(
    ingredientIds
      .map((id) => ingredientsById.get(id))
      .filter((i): i is Ingredient => i !== undefined),
  );
  const hasIngredient = (id: Id) => ingredientsById.has(id);

  return {
    Ingredients: ingredients.map((i) => ({
      Id: i.id,
      Name: i.name,
      Kind: i.kind,
      Owner: i.owner ?? 0,
    })),
    Receipes: recipes.map((r) => ({
      Id: r.id,
      Owner: r.owner,
      Plat: r.plat,
      Name: r.name,
      Description: r.description,
      IsPublished: r.isPublished,
      Updated: r.updated,
    })),
    ReceipeIngredients: recipes.flatMap((r) =>
      r.ingredients
        .filter((i) => hasIngredient(i.ingredientId))
        .map((i) => ({
          IdReceipe: r.id,
          IdIngredient: i.ingredientId,
          Quantity: exportQuantity(i.quantity),
        })),
    ),
    Menus: menus.map((m) => ({
      Id: m.id,
      Owner: m.owner,
      IsFavorite: m.isFavorite,
      IsPublished: m.isPublished,
      Updated: m.updated,
    })),
    MenuReceipes: menus.flatMap((m) =>
      uniqueIds(m.recipeIds)
        .filter((id) => recipesById.has(id))
        .map((id) => ({ IdMenu: m.id, IdReceipe: id })),
    ),
    MenuIngredients: menus.flatMap((m) =>
      m.ingredients
        .filter((i) => hasIngredient(i.ingredientId))
        .map((i) => ({
          IdMenu: m.id,
          IdIngredient: i.ingredientId,
          Quantity: exportQuantity(i.quantity),
          Plat: i.plat,
        })),
    ),
    Meals: meals.map((m) => ({
      Id: m.id,
      IdMenu: m.menuId,
      Name: stayExportMealName(stay, m, groups),
      Date: stayExportMealDate(stay.start, m.day, m.slot),
      // The phone app knows no alternatives (issue 20): it cooks the menu for those who eat it.
      For_: mealShares(m, groupsById).menu,
    })),
  };
}

function byId<T extends { id: Id }>(rows: readonly T[]): Map<Id, T> {
  return new Map(rows.map((r) => [r.id, r]));
}

function uniqueIds(ids: readonly Id[]): Id[] {
  return [...new Set(ids)];
}

function sortedById<T extends { id: Id }>(rows: T[]): T[] {
  return rows.sort((a, b) => a.id - b.id);
}
