/**
 * How the agenda lays out a stay's meals: which meals a week cell or a day shows, the group
 * filter, the week's summary chip. Layout only; every rule (titles, emptiness, quantities)
 * comes from @popote/domain.
 */
import {
  groupDisplayName,
  isMenuEmpty,
  type Group,
  type Horaire,
  type Id,
  type Meal,
  type Menu,
} from '@popote/domain';
import { AGENDA } from '../../strings';

/** The week view shows 7 days (spec 9). */
export const WEEK_DAYS = 7;
/** A cell lists its menus in full up to this many meals, then only 'Repas <id>' (spec 9). */
export const CELL_EXPANDED_MAX = 3;

/** A group's name as screens show it (the domain's rule: an empty name is the default one). */
export const groupLabel = groupDisplayName;

export function weekDays(firstDay: number): number[] {
  return Array.from({ length: WEEK_DAYS }, (_, i) => firstDay + i);
}

/** The group the week view filters on: the only group when there is one, else the choice. */
export function effectiveGroupFilter(groups: readonly Group[], chosen: Id | null): Id | null {
  if (groups.length === 1) return groups[0]!.id;
  return chosen !== null && groups.some((g) => g.id === chosen) ? chosen : null;
}

export function filterByGroup(meals: readonly Meal[], groupId: Id | null): Meal[] {
  return groupId === null ? [...meals] : meals.filter((m) => m.groupIds.includes(groupId));
}

/** The meals of one week cell, oldest first. */
export function mealsInCell(meals: readonly Meal[], day: number, slot: Horaire): Meal[] {
  return meals.filter((m) => m.day === day && m.slot === slot).sort((a, b) => a.id - b.id);
}

/** The meals of one day, by slot then age. */
export function mealsOfDay(meals: readonly Meal[], day: number): Meal[] {
  return meals.filter((m) => m.day === day).sort((a, b) => a.slot - b.slot || a.id - b.id);
}

/** What the week's chip says: the empty menus when there are some, else the number of meals. */
export function weekSummary(
  meals: readonly Meal[],
  menusById: ReadonlyMap<Id, Menu>,
): { text: string; hasEmpty: boolean } {
  const empty = meals.filter((m) => {
    const menu = menusById.get(m.menuId);
    return menu !== undefined && isMenuEmpty(menu);
  }).length;
  return empty > 0
    ? { text: AGENDA.emptyMenus(empty), hasEmpty: true }
    : { text: AGENDA.meals(meals.length), hasEmpty: false };
}

/** The groups of a meal as a hover text, or 'Aucun groupe'. */
export function mealGroupsText(meal: Meal, groupsById: ReadonlyMap<Id, Group>): string {
  const names = meal.groupIds
    .map((id) => groupsById.get(id))
    .filter((g): g is Group => g !== undefined)
    .map(groupLabel);
  return names.length === 0 ? AGENDA.noGroup : names.join(', ');
}
