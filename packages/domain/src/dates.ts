/**
 * Stay days and French date formats. Days are plain UTC dates: a stay starts on an ISO day
 * ('YYYY-MM-DD') and a meal's day is an offset from it, so computing in UTC keeps every day
 * exactly 24 hours long whatever the device's time zone or summer time. Names of days and
 * months come from explicit tables, not Intl, so that the browser, the server and the exports
 * print the same text.
 */
import { HORAIRE_LABELS, type Horaire } from './enums.js';
import { invalid } from './errors.js';

const DAY_MS = 86_400_000;

const WEEKDAYS = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'];
const WEEKDAYS_SHORT = ['Dim.', 'Lun.', 'Mar.', 'Mer.', 'Jeu.', 'Ven.', 'Sam.'];
const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];

/** Earliest year the date field accepts (spec 9). */
export const DATE_FIELD_MIN_YEAR = 1900;
/** Length of a complete 'JJ/MM/AAAA' entry (spec 9). */
export const DATE_FIELD_LENGTH = 10;

const pad2 = (n: number): string => String(n).padStart(2, '0');

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Number of days of a month (1-12) in a year. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isRealDate(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** The UTC midnight of an ISO day 'YYYY-MM-DD'; anything else, 2023-02-30 included, is refused. */
export function parseIsoDay(isoDay: string): Date {
  const match = typeof isoDay === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/u.exec(isoDay) : null;
  if (!match) throw invalid(`La date « ${String(isoDay)} » n'est pas au format AAAA-MM-JJ.`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!isRealDate(year, month, day)) throw invalid(`La date « ${isoDay} » n'existe pas.`);
  return utcDate(year, month, day);
}

// Date.UTC maps years 0-99 to 1900-1999; setUTCFullYear does not.
function utcDate(year: number, month: number, day: number): Date {
  const d = new Date(Date.UTC(2000, month - 1, day));
  d.setUTCFullYear(year);
  return d;
}

/** What the display formatters show for a value that is not a date: they never throw. */
export const UNKNOWN_DATE = 'date inconnue';

function isValidDate(d: unknown): d is Date {
  return d instanceof Date && !Number.isNaN(d.getTime());
}

function assertValidDate(d: Date): Date {
  if (!(d instanceof Date) || Number.isNaN(d.getTime())) throw invalid('La date est invalide.');
  return d;
}

/** The date of a stay's day: UTC midnight of start + day (day 0 is the start; may be negative). */
export function dayToDate(start: string, day: number): Date {
  if (!Number.isInteger(day)) throw invalid(`Le jour « ${String(day)} » doit être un entier.`);
  return new Date(parseIsoDay(start).getTime() + day * DAY_MS);
}

/** The ISO day 'YYYY-MM-DD' of a date, read in UTC. */
export function dateToIsoDay(d: Date): string {
  assertValidDate(d);
  return `${String(d.getUTCFullYear()).padStart(4, '0')}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
}

/** The day offset of isoDay from a stay's start (negative before the start). */
export function isoDayOffset(start: string, isoDay: string): number {
  return Math.round((parseIsoDay(isoDay).getTime() - parseIsoDay(start).getTime()) / DAY_MS);
}

/**
 * Today on this device's calendar as 'YYYY-MM-DD', by its own clock and time zone (at 00:30 in
 * France it is already the new day, while UTC is still on the previous one).
 */
export function deviceTodayIsoDay(now: Date = new Date()): string {
  assertValidDate(now);
  return `${String(now.getFullYear()).padStart(4, '0')}-${pad2(now.getMonth() + 1)}-${pad2(now.getDate())}`;
}

/** The stay's day number of the device's today (0 = its start). May be outside the stay. */
export function stayDayToday(start: string, now: Date = new Date()): number {
  return isoDayOffset(start, deviceTodayIsoDay(now));
}

// French writes the first day of a month as an ordinal: « 1er juillet ».
const dayOfMonth = (d: Date): string => (d.getUTCDate() === 1 ? '1er' : String(d.getUTCDate()));

/** 'lundi 3 juillet 2023' (UTC). */
export function formatLongDate(d: Date): string {
  if (!isValidDate(d)) return UNKNOWN_DATE;
  return `${WEEKDAYS[d.getUTCDay()]} ${formatDayMonth(d)} ${d.getUTCFullYear()}`;
}

/** 'Lun. 3-07' (UTC): the compact form of day headers and cook sheets. */
export function formatShortDate(d: Date): string {
  if (!isValidDate(d)) return UNKNOWN_DATE;
  return `${WEEKDAYS_SHORT[d.getUTCDay()]} ${d.getUTCDate()}-${pad2(d.getUTCMonth() + 1)}`;
}

/** '3 juillet' (UTC). */
export function formatDayMonth(d: Date): string {
  if (!isValidDate(d)) return UNKNOWN_DATE;
  return `${dayOfMonth(d)} ${MONTHS[d.getUTCMonth()]}`;
}

/** 'mardi 8 juillet' (UTC): a day named in a sentence, its year understood. */
export function formatWeekdayDayMonth(d: Date): string {
  if (!isValidDate(d)) return UNKNOWN_DATE;
  return `${WEEKDAYS[d.getUTCDay()]} ${formatDayMonth(d)}`;
}

/**
 * A 'modifié le' date-time: '3 juillet 2023 à 14:05'. The domain knows no time zone, so the
 * caller passes the offset to show it in (minutes east of UTC; a browser passes
 * -new Date(iso).getTimezoneOffset()). Without one the time is shown in UTC. It never throws:
 * a value that is not a date (data of another user, an old device) shows as 'date inconnue',
 * and an impossible offset counts as UTC.
 */
export function formatDateTime(iso: unknown, utcOffsetMinutes = 0): string {
  const instant =
    typeof iso === 'string' || typeof iso === 'number' ? new Date(iso) : (iso as Date);
  if (!isValidDate(instant)) return UNKNOWN_DATE;
  const offset =
    Number.isInteger(utcOffsetMinutes) && Math.abs(utcOffsetMinutes) <= 24 * 60
      ? utcOffsetMinutes
      : 0;
  const local = new Date(instant.getTime() + offset * 60_000);
  if (!isValidDate(local)) return UNKNOWN_DATE;
  const time = `${pad2(local.getUTCHours())}:${pad2(local.getUTCMinutes())}`;
  return `${formatDayMonth(local)} ${local.getUTCFullYear()} à ${time}`;
}

/**
 * The date field while typing (spec 5): a '/' is inserted after the day and after the month.
 * Deleting is never fought: a shorter value comes back untouched, so backspace can remove an
 * inserted slash. Pasted digits ('03072023') are laid out the same way.
 */
export function autoSlashDateInput(previous: string, next: string): string {
  if (next.length <= previous.length) return next;
  let out = next.replace(/[^\d/]/gu, '').replace(/\/{2,}/gu, '/');
  if (/^\d{3}/u.test(out)) out = `${out.slice(0, 2)}/${out.slice(2)}`;
  if (/^\d{2}\/\d{3}/u.test(out)) out = `${out.slice(0, 5)}/${out.slice(5)}`;
  if (/^\d{2}$/u.test(out) || /^\d{2}\/\d{2}$/u.test(out)) out += '/';
  return out.slice(0, DATE_FIELD_LENGTH);
}

/**
 * The value of a 'JJ/MM/AAAA' field as an ISO UTC date-time ('2023-07-03T00:00:00.000Z'), or
 * null while the entry is incomplete or wrong: length 10, day 1-31, month 1-12, year from 1900
 * (spec 5). Stricter than the spec: a day the month does not have (31/04, 29/02 outside leap
 * years) is refused too, where the spec's field would emit it and let it roll into the next
 * month.
 */
export function parseFrenchDateField(text: string): string | null {
  const value = text.trim();
  if (value.length !== DATE_FIELD_LENGTH) return null;
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/u.exec(value);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < DATE_FIELD_MIN_YEAR || !isRealDate(year, month, day)) return null;
  return utcDate(year, month, day).toISOString();
}

/**
 * 'JJ/MM/AAAA' for an ISO day or date-time (read in UTC), to fill the date field; '' for an
 * empty value so that a blank field stays blank.
 */
export function formatFrenchDateField(iso: string): string {
  if (iso === '') return '';
  const d = /^\d{4}-\d{2}-\d{2}$/u.test(iso) ? parseIsoDay(iso) : new Date(iso);
  if (Number.isNaN(d.getTime())) throw invalid(`La date « ${iso} » est invalide.`);
  return `${pad2(d.getUTCDate())}/${pad2(d.getUTCMonth() + 1)}/${String(d.getUTCFullYear()).padStart(4, '0')}`;
}

/** The year of a stay's start, used in the name of its export link. */
export function stayYear(start: string): number {
  return parseIsoDay(start).getUTCFullYear();
}

/** 'du 3 juillet' or 'du 3 juillet au 5 juillet': the days a shopping list covers, for its name. */
export function stayDaysLabel(start: string, days: readonly number[]): string {
  if (days.length === 0) return '';
  const first = formatDayMonth(dayToDate(start, days[0]!));
  if (days.length === 1) return `du ${first}`;
  return `du ${first} au ${formatDayMonth(dayToDate(start, days[days.length - 1]!))}`;
}

/**
 * 'Lun. 7-07': the short date of a stay's day, as the export screen, the week plan, the cook
 * sheets and the spreadsheet name it.
 */
export function stayDayLabel(start: string, day: number): string {
  return formatShortDate(dayToDate(start, day));
}

/** '<short date> - <slot>', e.g. 'Lun. 7-07 - Midi': names one meal. */
export function mealLabel(start: string, day: number, slot: Horaire): string {
  return `${stayDayLabel(start, day)} - ${HORAIRE_LABELS[slot]}`;
}
