/**
 * The meal wizard ('Assistant de créations de repas'): plans the meals of several days at once.
 * Pure: the mutator that calls it deletes and writes what the plan says.
 */
import type { Group, Id, Meal, Menu, Stay } from './entities.js';
import { Horaire } from './enums.js';
import { invalid } from './errors.js';
import { MAX_STAY_DAYS } from './limits.js';
import { newPrivateMenu } from './stay-rules.js';

export interface WizardRequest {
  stayId: Id;
  daysNumber: number;
  /** Day offset → the groups out on an excursion that day; they get meals of their own. */
  excursions: Record<number, Id[]>;
  withGouter: boolean;
  groupsForCinquieme: Id[];
  /** Replace the stay's meals instead of adding to them. */
  deleteExisting: boolean;
}

export interface WizardPlan {
  deleteMealIds: Id[];
  meals: Meal[];
  /** One new empty private menu per created meal, in the order of `meals`. */
  menus: Menu[];
}

export interface WizardInput {
  stay: Stay;
  /** The stay's groups; rows of other stays are ignored. */
  groups: readonly Group[];
  /** The stay's meals; rows of other stays are ignored. */
  existingMeals: readonly Meal[];
  request: WizardRequest;
  nextId: () => Id;
  now: string;
}

/**
 * Plans the wizard's meals. Days run from 0 to daysNumber - 1; within a day meals come in slot
 * order (the excursion meal before the meal of the others), the Cinquième last. For each
 * created meal nextId() is called twice: first for its menu, then for the meal.
 * Excursion entries for days outside the range are ignored (the form may keep them after the
 * duration was shortened); their group ids are still checked.
 */
export function planWizard(input: WizardInput): WizardPlan {
  const { stay, request, nextId, now } = input;
  if (request === null || typeof request !== 'object') {
    throw invalid("La demande de l'assistant de repas est invalide.");
  }
  if (request.stayId !== stay.id) {
    throw invalid("La demande de l'assistant ne concerne pas ce séjour.");
  }
  const daysNumber = request.daysNumber;
  if (!Number.isInteger(daysNumber) || daysNumber < 1 || daysNumber > MAX_STAY_DAYS) {
    throw invalid(`La durée doit être un nombre entier de jours entre 1 et ${MAX_STAY_DAYS}.`);
  }

  const stayGroupIds = input.groups.filter((g) => g.stayId === stay.id).map((g) => g.id);
  const checkGroups = (ids: unknown, what: string): Id[] => {
    if (!Array.isArray(ids)) throw invalid(`La liste des groupes ${what} est invalide.`);
    for (const id of ids) {
      if (!stayGroupIds.includes(id as Id)) {
        throw invalid(`Le groupe ${String(id)} (${what}) n'appartient pas à ce séjour.`);
      }
    }
    // Keep the stay's group order so that the same request always gives the same rows.
    return stayGroupIds.filter((id) => ids.includes(id));
  };

  const excursions = readExcursions(request.excursions, daysNumber, checkGroups);
  const cinquieme = checkGroups(request.groupsForCinquieme, 'pour le cinquième');
  const slots: Horaire[] = request.withGouter
    ? [Horaire.PetitDejeuner, Horaire.Midi, Horaire.Gouter, Horaire.Diner]
    : [Horaire.PetitDejeuner, Horaire.Midi, Horaire.Diner];

  const meals: Meal[] = [];
  const menus: Menu[] = [];
  const addMeal = (day: number, slot: Horaire, groupIds: Id[]): void => {
    const menu = newPrivateMenu(nextId(), stay.owner, now);
    menus.push(menu);
    meals.push({
      id: nextId(),
      stayId: stay.id,
      owner: stay.owner,
      menuId: menu.id,
      day,
      slot,
      additionalPeople: 0,
      groupIds: [...groupIds],
    });
  };

  for (let day = 0; day < daysNumber; day++) {
    const out = excursions.get(day) ?? [];
    const base = stayGroupIds.filter((id) => !out.includes(id));
    for (const slot of slots) {
      if (out.length > 0) addMeal(day, slot, out);
      // A stay without groups still gets its meals, with no group attached.
      if (out.length === 0 || base.length > 0) addMeal(day, slot, base);
    }
    if (cinquieme.length > 0) addMeal(day, Horaire.Cinquieme, cinquieme);
  }

  const deleteMealIds = request.deleteExisting
    ? input.existingMeals.filter((m) => m.stayId === stay.id).map((m) => m.id)
    : [];
  return { deleteMealIds, meals, menus };
}

function readExcursions(
  excursions: unknown,
  daysNumber: number,
  checkGroups: (ids: unknown, what: string) => Id[],
): Map<number, Id[]> {
  const byDay = new Map<number, Id[]>();
  if (excursions === undefined || excursions === null) return byDay;
  if (typeof excursions !== 'object' || Array.isArray(excursions)) {
    throw invalid('La liste des groupes en sortie est invalide.');
  }
  // Keys arrive as strings once the request went through JSON.
  for (const [key, ids] of Object.entries(excursions)) {
    const day = Number(key);
    if (!Number.isInteger(day)) throw invalid(`Le jour de sortie « ${key} » est invalide.`);
    const groupIds = checkGroups(ids, 'en sortie');
    if (day >= 0 && day < daysNumber) byDay.set(day, groupIds);
  }
  return byDay;
}

/**
 * How many meals with something in their menu 'Remplacer les repas actuels' would delete: the
 * wizard asks first when there are any (a favourite menu counts, since the meal using it goes).
 */
export function filledMealsReplaced(
  existingMeals: readonly Meal[],
  menusById: ReadonlyMap<Id, Pick<Menu, 'ingredients' | 'recipeIds'>>,
): number {
  return existingMeals.filter((meal) => {
    const menu = menusById.get(meal.menuId);
    return menu !== undefined && (menu.ingredients.length > 0 || menu.recipeIds.length > 0);
  }).length;
}
