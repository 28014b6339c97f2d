/**
 * French labels shared by the cook sheets, the week plan and the spreadsheet. A day's short
 * label and a meal's are the domain's (`stayDayLabel`, `mealLabel`), shared with the web app.
 */
import type { Horaire } from '@popote/domain';
import { dayToDate, formatLongDate, HORAIRE_LABELS } from '@popote/domain';

export { mealLabel, stayDayLabel } from '@popote/domain';

/** 'Lundi 7 juillet 2025': the full date of a stay's day, as a heading starts. */
export function longDayLabel(start: string, day: number): string {
  return capitalize(formatLongDate(dayToDate(start, day)));
}

/** 'Lundi 7 juillet 2025 - Midi': a meal as a cook sheet is headed. */
export function mealHeading(start: string, day: number, slot: Horaire): string {
  return `${longDayLabel(start, day)} - ${HORAIRE_LABELS[slot]}`;
}

/** 'Pour 12 personnes'. */
export function forPeopleLabel(people: number): string {
  return `Pour ${people} ${Math.abs(people) > 1 ? 'personnes' : 'personne'}`;
}

/** 'Menu pour 18 personnes': the people the menu is cooked for, beside a meal's alternatives. */
export function menuPeopleLabel(people: number): string {
  return `Menu ${forPeopleLabel(people).toLowerCase()}`;
}

/** A group's name; an unnamed group is the default one (spec 2.4). */
export function groupLabel(name: string): string {
  return name.trim() === '' ? 'Groupe par défaut' : name;
}

/** 'Du lundi 7 juillet 2025 au vendredi 11 juillet 2025', or the one day ('Lundi 7 juillet 2025'). */
export function periodLabel(start: string, firstDay: number, lastDay: number): string {
  if (firstDay === lastDay) return longDayLabel(start, firstDay);
  const long = (day: number): string => formatLongDate(dayToDate(start, day));
  return `Du ${long(firstDay)} au ${long(lastDay)}`;
}

/** 'page 3 / 12'. */
export function pageLabel(page: number, pages: number): string {
  return `page ${page} / ${pages}`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
