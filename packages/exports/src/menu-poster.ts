/**
 * What the menu poster says (issue 35), before any drawing: for the dining hall, one page per
 * week of the chosen days (weeks of 7 days from the stay's start, as the agenda and the week
 * plan cut them), the days as columns, the slots with something served as rows, and in each
 * cell the dishes of its meals with the allergens each holds among the 14 regulated ones (the
 * information owed to people eating food that is not prepacked). The dishes and their
 * allergens are the allergen table's (allergenDishesOf): the menu's recipes, its own
 * ingredients where it has them, the alternatives served to someone.
 */
import type { CompileInput, Stay } from '@popote/domain';
import { dayToDate, formatDayMonth, HORAIRE_LABELS, HORAIRES } from '@popote/domain';
import { ALLERGEN_SHORT_LABELS } from './allergen-labels.js';
import { allergenDishesOf, daysLabel } from './allergen-table.js';
import { periodLabel } from './labels.js';
import { daysByWeek, groupsOfMeal } from './week-plan.js';

export type PosterFormat = 'a4' | 'a3';
export const POSTER_FORMATS: readonly PosterFormat[] = ['a4', 'a3'];

export interface MenuPosterInput extends CompileInput {
  stay: Pick<Stay, 'name' | 'start'>;
}

export interface PosterDish {
  name: string;
  /** '' for the menu's dishes; 'Alternative pour …' for an alternative's. */
  note: string;
  /** 'Allergènes : Gluten, Lait'; '' when it holds none of the 14. */
  allergens: string;
}

export interface PosterMeal {
  /** Whose meal it is when a slot has several ('Louveteaux'); '' otherwise. */
  groups: string;
  dishes: PosterDish[];
}

export interface PosterPage {
  /** 'Du lundi 7 juillet 2025 au dimanche 13 juillet 2025'. */
  period: string;
  /** Column heads: 'Lundi 7 juillet'. */
  days: string[];
  /** Row heads: the slots with something served this week. */
  slots: string[];
  /** Row by row (slot), column by column (day): the meals served, [] when none. */
  cells: PosterMeal[][][];
}

export interface MenuPosterPlan {
  stayName: string;
  /** All the chosen days: 'Du lundi 7 juillet 2025 au dimanche 13 juillet 2025'. */
  period: string;
  pages: PosterPage[];
}

export const POSTER_TITLE = 'Menus';
export const POSTER_ALLERGENS = 'Allergènes';
export const POSTER_NOTE =
  'Allergènes indiqués parmi les 14 à déclarer (règlement (UE) n° 1169/2011, annexe II). Pour toute question, adressez-vous à l’équipe de cuisine.';
export const POSTER_NOTHING = 'Aucun plat pour les jours choisis.';

/** 'Allergènes : Gluten, Lait', '' for none. */
export function posterAllergens(allergens: readonly number[]): string {
  const names = allergens.map(
    (a) => ALLERGEN_SHORT_LABELS[a as keyof typeof ALLERGEN_SHORT_LABELS],
  );
  return names.length === 0 ? '' : `${POSTER_ALLERGENS} : ${names.join(', ')}`;
}

/** 'Lundi 7 juillet'. */
function dayHead(start: string, day: number): string {
  const d = dayToDate(start, day);
  const weekday = ['Dimanche', 'Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi'];
  return `${weekday[d.getUTCDay()]} ${formatDayMonth(d)}`;
}

export function planMenuPoster(input: MenuPosterInput): MenuPosterPlan {
  const chosen = [...new Set(input.days)].sort((a, b) => a - b);
  const wanted = new Set(chosen);
  const dishesOf = allergenDishesOf(input);
  const served = input.meals
    .filter((m) => wanted.has(m.day))
    .sort((a, b) => a.day - b.day || a.slot - b.slot || a.id - b.id)
    .map((meal) => ({
      meal,
      dishes: dishesOf(meal).map((d): PosterDish => ({
        name: d.name,
        note: d.note,
        allergens: posterAllergens(d.allergens),
      })),
    }))
    .filter((m) => m.dishes.length > 0);
  const groupsOf = groupsOfMeal(input.groups);
  const weeks = daysByWeek(chosen);
  const pages: PosterPage[] = [];
  for (const days of weeks.values()) {
    const inWeek = served.filter(({ meal }) => days.includes(meal.day));
    if (inWeek.length === 0) continue;
    const slots = HORAIRES.filter((slot) => inWeek.some(({ meal }) => meal.slot === slot));
    pages.push({
      period: periodLabel(input.stay.start, days[0]!, days[days.length - 1]!),
      days: days.map((day) => dayHead(input.stay.start, day)),
      slots: slots.map((slot) => HORAIRE_LABELS[slot]),
      cells: slots.map((slot) =>
        days.map((day) => {
          const cell = inWeek.filter(({ meal }) => meal.day === day && meal.slot === slot);
          // Several meals in one slot: each says whose it is, as the week plan does.
          return cell.map(({ meal, dishes }) => ({
            groups: cell.length > 1 ? groupsOf(meal) || '-' : '',
            dishes,
          }));
        }),
      ),
    });
  }
  return { stayName: input.stay.name, period: daysLabel(input.stay.start, chosen), pages };
}
