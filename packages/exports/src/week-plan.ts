/**
 * What the week plan says, before any drawing: one page per week of the chosen days (weeks of
 * 7 days from the stay's start, as the agenda shows them), the days as columns, the slots that
 * have meals as rows, and in each cell the menu titles of its meals. Titles come from the
 * domain (menuTitle), as the agenda shows them.
 */
import type { CompileInput, Group, Meal, Stay } from '@popote/domain';
import {
  compareFrench,
  hiddenRecipeIds,
  HORAIRE_LABELS,
  HORAIRES,
  menuTitle,
  titleWithHidden,
} from '@popote/domain';
import { groupLabel, longDayLabel, periodLabel } from './labels.js';

export interface WeekPlanInput extends CompileInput {
  stay: Pick<Stay, 'name' | 'start'>;
}

export interface WeekPage {
  /** 'Du lundi 7 juillet 2025 au dimanche 13 juillet 2025'. */
  period: string;
  /** Column heads: 'Lundi 7 juillet 2025'. */
  days: string[];
  /** Row heads: the slots with a meal this week, in the day's order. */
  slots: string[];
  /** Row by row (slot), column by column (day): the cell's text, '' when no meal. */
  cells: string[][];
}

/** The agenda's week: 7 days from the stay's start. */
export const WEEK_DAYS = 7;
export const WEEK_PLAN_TITLE = 'Planning des repas';
export const EMPTY_MENU = 'Menu vide';
export const NO_MEAL = 'Aucun repas pour les jours choisis.';

/** The chosen days by week of the stay (7 days from its start, as the agenda shows them). */
export function daysByWeek(chosen: readonly number[]): Map<number, number[]> {
  const weeks = new Map<number, number[]>();
  for (const day of chosen) {
    const week = Math.floor(day / WEEK_DAYS);
    weeks.set(week, [...(weeks.get(week) ?? []), day]);
  }
  return weeks;
}

/** The groups that eat a meal, by name in French order: 'Grands, Petits'. */
export function groupsOfMeal(all: readonly Group[]): (meal: Meal) => string {
  const groups = new Map(all.map((g) => [g.id, g]));
  return (meal) =>
    [...new Set(meal.groupIds)]
      .map((id) => groups.get(id))
      .filter((g) => g !== undefined)
      .map((g) => groupLabel(g.name))
      .sort(compareFrench)
      .join(', ');
}

export function planWeeks(input: WeekPlanInput): WeekPage[] {
  const chosen = [...new Set(input.days)].sort((a, b) => a - b);
  const wanted = new Set(chosen);
  const meals = input.meals.filter((m) => wanted.has(m.day));
  const recipes = new Map(input.recipes.map((r) => [r.id, r]));
  const ingredients = new Map(input.ingredients.map((i) => [i.id, i]));
  const menus = new Map(input.menus.map((m) => [m.id, m]));
  const titleOf = (meal: Meal): string => {
    const menu = menus.get(meal.menuId);
    // A recipe its reader may not read shows as 'Recette non publiée', as in the agenda.
    const title = menu
      ? titleWithHidden(
          menuTitle(menu, recipes, ingredients),
          hiddenRecipeIds(menu, recipes).length,
        )
      : '';
    return title === '' ? EMPTY_MENU : title;
  };
  const groupsOf = groupsOfMeal(input.groups);
  const weeks = daysByWeek(chosen);
  const pages: WeekPage[] = [];
  for (const days of weeks.values()) {
    const inWeek = meals.filter((m) => days.includes(m.day));
    if (inWeek.length === 0) continue;
    const slots = HORAIRES.filter((slot) => inWeek.some((m) => m.slot === slot));
    pages.push({
      period: periodLabel(input.stay.start, days[0]!, days[days.length - 1]!),
      days: days.map((day) => longDayLabel(input.stay.start, day)),
      slots: slots.map((slot) => HORAIRE_LABELS[slot]),
      cells: slots.map((slot) =>
        days.map((day) => {
          const cell = inWeek
            .filter((m) => m.day === day && m.slot === slot)
            .sort((a, b) => a.id - b.id);
          // Several meals in one slot: each says whose it is, as the agenda's cells do.
          return cell
            .map((m) => (cell.length > 1 ? `${titleOf(m)} (${groupsOf(m) || '-'})` : titleOf(m)))
            .join('\n');
        }),
      ),
    });
  }
  return pages;
}
