/**
 * The warnings at the top of a day in the kitchen view (issue 35): the meals whose food sample
 * is due and not taken, and the larder's entries that are expired or expire before a meal.
 */
import {
  isMealServed,
  mealsWithoutSample,
  type Horaire,
  type Id,
  type RegisterEntry,
} from '@popote/domain';
import type { CookSheet } from '@popote/exports/cook-plan';
import type { LarderAlertLine } from '../../data/larder-alerts';

type SheetOfMeal = Pick<CookSheet, 'mealId' | 'day' | 'slot' | 'blocks' | 'alternatives'>;

/**
 * The meals of `day` without their sample, once their time has come: today's from their hour
 * on (`time`, 'HH:MM'), every meal of a day gone by, none of a day to come. A meal with
 * nothing to cook has no dish to sample.
 */
export function samplesDue(
  sheets: readonly SheetOfMeal[],
  entries: readonly RegisterEntry[],
  day: number,
  today: number,
  time: string,
): { mealId: Id; slot: Horaire }[] {
  const meals = sheets
    .filter((s) => s.blocks.length > 0 || s.alternatives.length > 0)
    .map((s) => ({ id: s.mealId, day: s.day, slot: s.slot }));
  return mealsWithoutSample(meals, entries, day)
    .filter((m) => isMealServed(m, today, time))
    .map((m) => ({ mealId: m.id, slot: m.slot }));
}

/** The kinds of alerts the kitchen warns of: what may not be eaten any more, or at a meal. */
const KITCHEN_KINDS = new Set(['expired', 'expiresBeforeMeal']);

/** The larder's alerts shown at the top of the day. */
export const kitchenLarderAlerts = (lines: readonly LarderAlertLine[]): LarderAlertLine[] =>
  lines.filter((l) => KITCHEN_KINDS.has(l.alert.kind));

/**
 * The alerts of an ingredient of a meal on `mealDay`: its entries in the larder that will be
 * past their use-by date by then.
 */
export const ingredientAlerts = (
  lines: readonly LarderAlertLine[],
  name: string,
  mealDay: number,
): LarderAlertLine[] =>
  lines.filter(
    (l) => KITCHEN_KINDS.has(l.alert.kind) && l.name === name && l.alert.dateDay < mealDay,
  );
