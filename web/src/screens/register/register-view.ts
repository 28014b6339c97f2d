/**
 * What the register screen shows, as values: the day the address names, temperatures in French,
 * a cold unit's range, the day's missing readings, and the checks of its two forms (a reading,
 * a delivery) before a mutation is run.
 */
import {
  isArrivalTooWarm,
  isOutOfRange,
  MAX_STAY_DAYS,
  parseFrenchDateField,
  type ColdUnit,
  type DateKind,
  type MissingReading,
  type RegisterDelivery,
} from '@popote/domain';
import { REGISTER } from '../../strings';

/** `/registre?jour=2`: the stay's day (0 = its first day; earlier days are negative). */
export const DAY_PARAM = 'jour';
/** `/registre?partie=temperatures`: the part shown. */
export const PART_PARAM = 'partie';

export const REGISTER_PARTS = ['plats', 'temperatures', 'receptions'] as const;
export type RegisterPart = (typeof REGISTER_PARTS)[number];

/** The part the address names; the samples when it names none or an unknown one. */
export const partFromParam = (param: string | null): RegisterPart =>
  REGISTER_PARTS.find((p) => p === param) ?? 'plats';

/** The register's days, as the domain bounds a day of a stay (DaySchema). */
const FIRST_DAY = -MAX_STAY_DAYS;
const LAST_DAY = 10 * MAX_STAY_DAYS;

/** The day the address names, or null (absent, unreadable or out of bounds: the default). */
export function dayFromParam(param: string | null): number | null {
  if (param === null || !/^-?\d{1,6}$/u.test(param.trim())) return null;
  const day = Number(param.trim());
  return day < FIRST_DAY || day > LAST_DAY ? null : day;
}

/**
 * The day shown when the address names none: today while the stay is under way (or any day
 * with a meal is ahead), else the stay's last day with meals. `days` (with meals) is sorted.
 */
export function defaultRegisterDay(days: readonly number[], today: number): number {
  const first = days[0];
  const last = days[days.length - 1];
  if (first === undefined || last === undefined) return today;
  if (today > last) return last;
  if (today < first) return first;
  return today;
}

/** The previous and next days of the arrows, within the register's bounds. */
export function neighbourDays(day: number): { previous: number | null; next: number | null } {
  return {
    previous: day - 1 >= FIRST_DAY ? day - 1 : null,
    next: day + 1 <= LAST_DAY ? day + 1 : null,
  };
}

/** '4 °C', '−18 °C', '3,5 °C' (a narrow no-break space before the unit). */
export function formatCelsius(value: number): string {
  const number = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 })
    .format(value)
    .replace('-', '−');
  return `${number}\u00a0°C`;
}

/** 'de 0 °C à 4 °C', '−18 °C ou moins', '60 °C ou plus', 'sans plage'. */
export function rangeLabel(unit: Pick<ColdUnit, 'min' | 'max'>): string {
  if (unit.min !== null && unit.max !== null) {
    return REGISTER.rangeBetween(formatCelsius(unit.min), formatCelsius(unit.max));
  }
  if (unit.max !== null) return REGISTER.rangeAtMost(formatCelsius(unit.max));
  if (unit.min !== null) return REGISTER.rangeAtLeast(formatCelsius(unit.min));
  return REGISTER.rangeNone;
}

/** 'Réfrigérateur (soir)' for each missing reading, in order. */
export const missingLabels = (missing: readonly MissingReading[]): string[] =>
  missing.map((m) => REGISTER.missingLabel(m.unit.name, REGISTER.check[m.check]));

/**
 * A temperature typed in a number field (Mantine hands a number, or a string while typing:
 * '3,', '-', ''); null when it is not a temperature yet or out of what a kitchen reads.
 */
export function temperatureOf(value: number | string): number | null {
  const text = typeof value === 'number' ? String(value) : value.trim().replace(',', '.');
  if (text === '' || text === '-' || text === '.') return null;
  const n = Number(text.replace('−', '-'));
  if (!Number.isFinite(n) || n < -80 || n > 150) return null;
  return Math.round(n * 10) / 10;
}

/** Whether a time field holds 'HH:MM'. */
export const isClockTime = (time: string): boolean => /^([01]\d|2[0-3]):[0-5]\d$/u.test(time);

export interface ReadingForm {
  unitKey: string | null;
  value: number | string;
  time: string;
  note: string;
  action: string;
}

export interface ReadingCheck {
  value: number | null;
  /** The reading is outside its unit's range: its corrective action is then asked. */
  outOfRange: boolean;
  /** What stops it from being saved, by field; empty: it may be saved. */
  errors: Partial<Record<'unit' | 'value' | 'time' | 'action', string>>;
}

/** A reading form's checks: a unit, a temperature, a time; an action when out of range. */
export function checkReading(form: ReadingForm, units: readonly ColdUnit[]): ReadingCheck {
  const unit = units.find((u) => u.key === form.unitKey);
  const value = temperatureOf(form.value);
  const outOfRange = unit !== undefined && value !== null && isOutOfRange(unit, value);
  const errors: ReadingCheck['errors'] = {};
  if (unit === undefined) errors.unit = REGISTER.readingUnit;
  if (value === null) errors.value = REGISTER.valueRequired;
  if (!isClockTime(form.time)) errors.time = REGISTER.timeRequired;
  if (outOfRange && form.action.trim() === '') errors.action = REGISTER.actionRequired;
  return { value, outOfRange, errors };
}

export type DeliveryStorageChoice = RegisterDelivery['storage'];

export interface DeliveryForm {
  supplier: string;
  ingredientId: string | null;
  val: number | string;
  unite: string;
  lot: string;
  dateKind: DateKind;
  /** 'JJ/MM/AAAA' or ''. */
  dateText: string;
  storage: DeliveryStorageChoice;
  temperature: number | string;
  accepted: boolean;
  reason: string;
  time: string;
}

export interface DeliveryCheck {
  /** The ISO day of the date field; null when blank (or invalid: see errors). */
  date: string | null;
  temperature: number | null;
  /** A chilled or frozen product arrived warmer than it may. */
  tooWarm: boolean;
  errors: Partial<Record<'ingredient' | 'val' | 'date' | 'reason' | 'time', string>>;
}

/** A delivery form's checks, and the values it gives. */
export function checkDelivery(form: DeliveryForm): DeliveryCheck {
  const errors: DeliveryCheck['errors'] = {};
  const dateText = form.dateText.trim();
  const parsed = dateText === '' ? null : parseFrenchDateField(dateText);
  if (dateText !== '' && parsed === null) errors.date = REGISTER.dateInvalid;
  const temperature = form.storage === 'ambient' ? null : temperatureOf(form.temperature);
  const tooWarm =
    form.storage !== 'ambient' &&
    temperature !== null &&
    isArrivalTooWarm(form.storage, temperature);
  if (form.ingredientId === null) errors.ingredient = REGISTER.productRequired;
  const val = quantityOf(form.val);
  if (val === null) errors.val = REGISTER.quantityRequired;
  if (!form.accepted && form.reason.trim() === '') errors.reason = REGISTER.reasonRequired;
  if (!isClockTime(form.time)) errors.time = REGISTER.timeRequired;
  return { date: parsed === null ? null : parsed.slice(0, 10), temperature, tooWarm, errors };
}

/** A quantity typed: a positive number, or null. */
export function quantityOf(value: number | string): number | null {
  const n = typeof value === 'number' ? value : Number(value.trim().replace(',', '.'));
  return value === '' || !Number.isFinite(n) || n <= 0 || n > 1e9 ? null : n;
}

/** Whether a delivery still waits to be put in the larder ('Mettre en réserve'). */
export const awaitsLarder = (d: Pick<RegisterDelivery, 'accepted' | 'stockId'>): boolean =>
  d.accepted && d.stockId === null;

/** A cold unit as its form holds it; key '' for a new one (given its key when saved). */
export interface UnitDraft {
  key: string;
  name: string;
  min: number | string;
  max: number | string;
  checks: ReadingCheckName[];
}

type ReadingCheckName = ColdUnit['checks'][number];

export const unitDraftOf = (unit: ColdUnit): UnitDraft => ({
  key: unit.key,
  name: unit.name,
  min: unit.min ?? '',
  max: unit.max ?? '',
  checks: [...unit.checks],
});

export interface UnitDraftsCheck {
  /** The units to save (a new one keeps key ''); null while a draft is wrong. */
  units: ColdUnit[] | null;
  errors: Partial<Record<'name' | 'range', string>>[];
}

/** The cold units of the form: each named, its minimum not above its maximum. */
export function checkUnitDrafts(drafts: readonly UnitDraft[]): UnitDraftsCheck {
  const units: ColdUnit[] = [];
  const errors = drafts.map((d) => {
    const error: Partial<Record<'name' | 'range', string>> = {};
    const name = d.name.trim();
    const min = temperatureOf(d.min);
    const max = temperatureOf(d.max);
    if (name === '') error.name = REGISTER.unitNameRequired;
    if (min !== null && max !== null && min > max) error.range = REGISTER.unitRangeWrong;
    const checks = (['matin', 'soir'] as const).filter((c) => d.checks.includes(c));
    units.push({ key: d.key, name, min, max, checks });
    return error;
  });
  const ok = errors.every((e) => Object.keys(e).length === 0);
  return { units: ok ? units : null, errors };
}
