/**
 * Planning rules of a stay's meals and groups, and the default quantities offered when an
 * ingredient is added. Pure: mutators call these and write the rows they return.
 */
import type { Group, Id, Meal, Menu, Quantity, Stay } from './entities.js';
import type { Horaire } from './enums.js';
import { Unite } from './enums.js';
import { invalid, notFound } from './errors.js';
import { MAX_GROUPS_PER_STAY, MAX_MEALS_PER_STAY, MAX_NAME_LENGTH } from './limits.js';
import { normalizeSearchText } from './text.js';

/** The quantity offered when nothing better is known: 10 pièces for 10 people. */
const DEFAULT_VAL = 10;
const DEFAULT_PEOPLE = 10;

/** The stay's groups that are not yet in a meal at this day and slot, in the stay's order. */
export function groupsForNewMeal(
  stayGroups: readonly Group[],
  mealsOfStay: readonly Meal[],
  day: number,
  slot: Horaire,
): Id[] {
  const taken = new Set<Id>();
  for (const meal of mealsOfStay) {
    if (meal.day === day && meal.slot === slot) meal.groupIds.forEach((id) => taken.add(id));
  }
  return stayGroups.filter((g) => !taken.has(g.id)).map((g) => g.id);
}

/** A new group of a stay joins every existing meal of the stay: the meals that change. */
export function addGroupToMeals(meals: readonly Meal[], groupId: Id): Meal[] {
  return meals
    .filter((m) => !m.groupIds.includes(groupId))
    .map((m) => ({ ...m, groupIds: [...m.groupIds, groupId] }));
}

/**
 * The group leaves `from` and joins `to`. null when both are the same meal (nothing to do).
 * A group already gone from `from` still joins `to`: a replayed move then converges on the
 * user's intent instead of failing.
 */
export function moveGroupBetweenMeals(
  from: Meal,
  to: Meal,
  groupId: Id,
): { from: Meal; to: Meal } | null {
  if (from.id === to.id) return null;
  if (from.stayId !== to.stayId) {
    throw invalid("Un groupe ne peut passer qu'entre deux repas du même séjour.");
  }
  return {
    from: { ...from, groupIds: from.groupIds.filter((id) => id !== groupId) },
    to: to.groupIds.includes(groupId)
      ? { ...to, groupIds: [...to.groupIds] }
      : { ...to, groupIds: [...to.groupIds, groupId] },
  };
}

/** Meals another device may add to a stay before a duplicate of it reaches the server. */
const DUPLICATE_MEALS_MARGIN = 500;

/**
 * How many fresh ids to reserve for duplicating a stay that has `mealCount` meals: the copy,
 * its groups, each meal and its copied menu. The server runs the plan on the stay as it is
 * then, which may have gained groups or meals on another device meanwhile, so the count
 * allows for the most groups a stay may have and for a margin of meals; ids are plentiful
 * (a device leases about a million at a time), a refused duplicate is not.
 */
export function duplicateStayIdCount(mealCount: number): number {
  const meals = Math.min(MAX_MEALS_PER_STAY, mealCount + DUPLICATE_MEALS_MARGIN);
  return 1 + MAX_GROUPS_PER_STAY + 2 * meals;
}

export interface DuplicateStayInput {
  stay: Stay;
  /** The stay's groups; rows of other stays are ignored. */
  groups: readonly Group[];
  /** The stay's meals; rows of other stays are ignored. */
  meals: readonly Meal[];
  /** At least every menu used by the stay's meals. */
  menus: readonly Menu[];
  nextId: () => Id;
  now: string;
  /** Name of the copy; the original's name when absent. */
  name?: string;
}

export interface DuplicateStayPlan {
  stay: Stay;
  groups: Group[];
  meals: Meal[];
  /** The deep copies of the private menus only; favourite menus are shared, not copied. */
  menus: Menu[];
}

/**
 * Copies a stay with fresh ids: its groups, its meals (linked to the copied groups), and a deep
 * copy of each meal's private menu; favourite menus and recipes are shared. The copy has no
 * export link. nextId() is called for the stay, then each group in order, then for each meal
 * its copied menu (when private) before the meal itself. Each copied meal gets its own menu
 * even if the originals wrongly shared a private one, which restores "one private menu per
 * meal".
 */
export function planDuplicateStay(input: DuplicateStayInput): DuplicateStayPlan {
  const { stay: original, nextId, now } = input;
  const stay: Stay = {
    ...original,
    id: nextId(),
    name: input.name ?? original.name,
    exportSecret: null,
  };

  const groupIdMap = new Map<Id, Id>();
  const groups = input.groups
    .filter((g) => g.stayId === original.id)
    .map((g) => {
      const copy: Group = { ...g, id: nextId(), stayId: stay.id, owner: stay.owner };
      groupIdMap.set(g.id, copy.id);
      return copy;
    });

  const menusById = new Map(input.menus.map((m) => [m.id, m]));
  const meals: Meal[] = [];
  const menus: Menu[] = [];
  for (const meal of input.meals.filter((m) => m.stayId === original.id)) {
    const menu = menusById.get(meal.menuId);
    if (!menu) throw notFound(`Le menu du repas ${meal.id} est introuvable.`);
    let menuId = menu.id;
    if (!menu.isFavorite) {
      const copy = copyMenu(menu, nextId(), stay.owner, now);
      menus.push(copy);
      menuId = copy.id;
    }
    meals.push({
      ...meal,
      id: nextId(),
      stayId: stay.id,
      owner: stay.owner,
      menuId,
      // A link to a group outside the stay is stale: it has nothing to point to in the copy.
      groupIds: meal.groupIds.flatMap((id) => {
        const mapped = groupIdMap.get(id);
        return mapped === undefined ? [] : [mapped];
      }),
    });
  }
  return { stay, groups, meals, menus };
}

/** A meal's own menu: empty, personal, not a favourite, unpublished (spec 4). */
export function newPrivateMenu(id: Id, owner: Id, now: string): Menu {
  return {
    id,
    owner,
    isFavorite: false,
    isPublished: false,
    updated: now,
    ingredients: [],
    recipeIds: [],
  };
}

function copyMenu(menu: Menu, id: Id, owner: Id, now: string): Menu {
  return {
    ...newPrivateMenu(id, owner, now),
    ingredients: menu.ingredients.map((i) => ({ ...i, quantity: { ...i.quantity } })),
    recipeIds: [...menu.recipeIds],
  };
}

/**
 * The quantity offered when an ingredient is added to a meal's menu: the one it has in the
 * most recently updated menu of the stay that contains it (ties go to the higher menu id, ids
 * growing over time), else 10 pièces for 10 people.
 */
export function defaultIngredientQuantity(
  ingredientId: Id,
  menusOfStay: readonly Menu[],
): Quantity {
  let best: { menu: Menu; quantity: Quantity; time: number } | undefined;
  for (const menu of menusOfStay) {
    const item = menu.ingredients.find((i) => i.ingredientId === ingredientId);
    if (!item) continue;
    const parsed = Date.parse(menu.updated);
    const time = Number.isNaN(parsed) ? Number.NEGATIVE_INFINITY : parsed;
    if (!best || time > best.time || (time === best.time && menu.id > best.menu.id)) {
      best = { menu, quantity: item.quantity, time };
    }
  }
  if (best) return { ...best.quantity };
  return { val: DEFAULT_VAL, unite: Unite.Pieces, forPeople: DEFAULT_PEOPLE };
}

/**
 * The quantity of an ingredient added to a recipe: 10 pièces for `initialFor` people, the
 * recipe's common number of people (0 or absent when it has none, then 10).
 */
export function recipeIngredientInitialQuantity(initialFor: number | undefined): Quantity {
  if (initialFor !== undefined && (!Number.isFinite(initialFor) || initialFor < 0)) {
    throw invalid('Le nombre de personnes initial doit être un nombre positif.');
  }
  return { val: DEFAULT_VAL, unite: Unite.Pieces, forPeople: initialFor || DEFAULT_PEOPLE };
}

/**
 * The number of people all quantities are given for, or null when they differ or there are
 * none: the subtitle 'Ingrédients pour N personnes' and a recipe's 'initial for'.
 */
export function commonPeople(quantities: readonly Quantity[]): number | null {
  const first = quantities[0];
  if (!first) return null;
  return quantities.every((q) => q.forPeople === first.forPeople) ? first.forPeople : null;
}

/**
 * The name of a stay's copy: '<nom> (copie)', or '(copie 2)', '(copie 3)'… when the user
 * already has a stay of that name, so that two stays never look the same in the list.
 * A copy of a copy starts again from the original name.
 */
export function copyStayName(name: string, takenNames: readonly string[]): string {
  const base = name.replace(/ \(copie(?: \d+)?\)$/u, '').trim();
  const taken = new Set(takenNames.map((n) => normalizeSearchText(n)));
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? ' (copie)' : ` (copie ${n})`;
    const candidate = `${base.slice(0, MAX_NAME_LENGTH - suffix.length)}${suffix}`;
    if (!taken.has(normalizeSearchText(candidate))) return candidate;
  }
}
