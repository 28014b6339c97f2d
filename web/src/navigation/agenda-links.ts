/**
 * The agenda's address. `dayOffset` names a day of the active stay; absent or 0 shows the week.
 *
 * The spec calls dayOffset the offset from the stay's start and also says a non-zero value
 * selects the day view, which would leave the first day (offset 0) unreachable. So the URL is
 * 1-based for the stay's days: dayOffset=1 is day 0 (the start), dayOffset=2 is day 1, and so
 * on. Days before the start (meals may have a negative day) keep their own negative number:
 * dayOffset=-1 is day -1. Every integer but 0 then names exactly one day.
 */
import { PATHS } from './routes';

export const AGENDA_PATH = PATHS.agenda;
export const DAY_OFFSET_PARAM = 'dayOffset';

/** The dayOffset value of a stay day. */
export function dayToParam(day: number): number {
  return day >= 0 ? day + 1 : day;
}

/** The stay day a dayOffset value names, or null for the week view (absent, 0, unreadable). */
export function paramToDay(param: string | null): number | null {
  if (param === null || !/^-?\d{1,6}$/u.test(param.trim())) return null;
  const n = Number(param.trim());
  if (n === 0) return null;
  return n > 0 ? n - 1 : n;
}

/** The day view of a stay day, for links from other screens (the export screen). */
export function agendaDayUrl(day: number): string {
  return `${AGENDA_PATH}?${DAY_OFFSET_PARAM}=${dayToParam(day)}`;
}

/** The week view. */
export const agendaWeekUrl = (): string => AGENDA_PATH;
