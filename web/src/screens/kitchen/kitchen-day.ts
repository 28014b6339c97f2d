/** Which day of the stay the kitchen view shows, and how the address names it. */
/** `/kitchen?jour=2`: the stay's day number (0 = its first day; earlier days are negative). */
export const DAY_PARAM = 'jour';

/** The day the address names, or null (absent or unreadable: the default day is shown). */
export function dayFromParam(param: string | null): number | null {
  if (param === null || !/^-?\d{1,6}$/u.test(param.trim())) return null;
  return Number(param.trim());
}

/**
 * The day shown when the address names none: today when it has meals, otherwise the next day
 * that has some, otherwise (the stay is over) its last day with meals. `days` is sorted.
 */
export function defaultKitchenDay(days: readonly number[], today: number): number {
  return days.find((d) => d >= today) ?? days[days.length - 1] ?? today;
}
