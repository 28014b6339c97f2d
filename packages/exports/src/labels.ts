/** French labels shared by the cook sheets, the spreadsheet and the order screen. */
import type { Horaire } from '@popote/domain';
import { dayToDate, formatShortDate, HORAIRE_LABELS } from '@popote/domain';

/** 'Lun. 7-07': the short date of a stay's day. */
export function stayDayLabel(start: string, day: number): string {
  return formatShortDate(dayToDate(start, day));
}

/** '<short date> - <slot>', e.g. 'Lun. 7-07 - Midi': names one meal. */
export function mealLabel(start: string, day: number, slot: Horaire): string {
  return `${stayDayLabel(start, day)} - ${HORAIRE_LABELS[slot]}`;
}

/** 'Pour 12 personnes'. */
export function forPeopleLabel(people: number): string {
  return `Pour ${people} ${Math.abs(people) > 1 ? 'personnes' : 'personne'}`;
}

/** A group's name; an unnamed group is the default one (spec 2.4). */
export function groupLabel(name: string): string {
  return name.trim() === '' ? 'Groupe par défaut' : name;
}
