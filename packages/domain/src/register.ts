/**
 * The rules of the kitchen's register (issue 35): the food samples kept of every meal served
 * ('plats témoins', kept 5 days), the temperatures of the cold units and the deliveries. Pure
 * functions of the rows; the screens, the register's PDF and the mutators call them.
 */
import type {
  ColdUnit,
  Id,
  Meal,
  Menu,
  ReadingCheck,
  Recipe,
  RegisterDelivery,
  RegisterEntry,
  RegisterReading,
  RegisterSample,
  Stay,
} from './entities.js';
import { HORAIRE_HOURS, type Horaire } from './enums.js';

/** What a stay's kitchen reads when it has set no cold unit of its own. */
export const DEFAULT_COLD_UNITS: readonly ColdUnit[] = [
  { key: 'refrigerateur', name: 'Réfrigérateur', min: 0, max: 4, checks: ['matin', 'soir'] },
  { key: 'congelateur', name: 'Congélateur', min: null, max: -18, checks: ['matin', 'soir'] },
];

/** The stay's cold units: its own, else the defaults. */
export const coldUnitsOf = (stay: Pick<Stay, 'coldUnits'>): readonly ColdUnit[] =>
  stay.coldUnits ?? DEFAULT_COLD_UNITS;

/** Whether a temperature is outside its unit's range (a bound is inclusive). */
export function isOutOfRange(unit: Pick<ColdUnit, 'min' | 'max'>, value: number): boolean {
  return (unit.min !== null && value < unit.min) || (unit.max !== null && value > unit.max);
}

/** From this hour on, a reading is the evening's. */
export const EVENING_FROM = '14:00';

/** Which of the day's readings a time stands for. */
export const readingCheckAt = (time: string): ReadingCheck =>
  time < EVENING_FROM ? 'matin' : 'soir';

/** A reading the day still lacks: this unit's morning or evening one. */
export interface MissingReading {
  unit: ColdUnit;
  check: ReadingCheck;
}

/** The readings a day lacks, unit by unit, morning before evening. */
export function missingReadings(
  units: readonly ColdUnit[],
  entries: readonly RegisterEntry[],
  day: number,
): MissingReading[] {
  const done = new Set(
    readingsOf(entries)
      .filter((r) => r.day === day)
      .map((r) => `${r.unit}:${readingCheckAt(r.time)}`),
  );
  const missing: MissingReading[] = [];
  for (const unit of units) {
    for (const check of ['matin', 'soir'] as const) {
      if (unit.checks.includes(check) && !done.has(`${unit.key}:${check}`)) {
        missing.push({ unit, check });
      }
    }
  }
  return missing;
}

/** A reading out of range and still without its corrective action. */
export const lacksAction = (unit: ColdUnit | undefined, r: RegisterReading): boolean =>
  unit !== undefined && isOutOfRange(unit, r.value) && r.action.trim() === '';

// ---- Samples ----

/** How many days a sample is kept after the meal it was taken of. */
export const SAMPLE_KEEP_DAYS = 5;

/**
 * The first day a sample may be thrown away: once it is more than SAMPLE_KEEP_DAYS days old
 * (the meal of day 0 is kept through day 5 and thrown from day 6).
 */
export const sampleThrowDay = (sample: Pick<RegisterSample, 'day'>): number =>
  sample.day + SAMPLE_KEEP_DAYS + 1;

/** The samples still kept that may be thrown away on `today` (the late ones included). */
export const samplesToThrow = (
  entries: readonly RegisterEntry[],
  today: number,
): RegisterSample[] =>
  samplesOf(entries)
    .filter((s) => s.discarded === null && sampleThrowDay(s) <= today)
    .sort((a, b) => a.day - b.day || a.slot - b.slot);

/** The samples that must still be kept on `today`. */
export const samplesKept = (entries: readonly RegisterEntry[], today: number): RegisterSample[] =>
  samplesOf(entries)
    .filter((s) => s.discarded === null && sampleThrowDay(s) > today)
    .sort((a, b) => a.day - b.day || a.slot - b.slot);

/** The meals of a day without a sample, in the order of the day. */
export function mealsWithoutSample<M extends Pick<Meal, 'id' | 'day' | 'slot'>>(
  meals: readonly M[],
  entries: readonly RegisterEntry[],
  day: number,
): M[] {
  const sampled = new Set(samplesOf(entries).map((s) => s.mealId));
  return meals.filter((m) => m.day === day && !sampled.has(m.id)).sort((a, b) => a.slot - b.slot);
}

/** Whether a meal's time has come on `today` at `time` ('HH:MM'): its sample is then due. */
export function isMealServed(
  meal: Pick<Meal, 'day' | 'slot'>,
  today: number,
  time: string,
): boolean {
  if (meal.day !== today) return meal.day < today;
  return time >= `${String(HORAIRE_HOURS[meal.slot as Horaire]).padStart(2, '0')}:00`;
}

/**
 * The dishes of a meal, by name: the recipes of its menu, then those of its alternatives not
 * already there (issue 20), each once; a menu without recipes is sampled as the menu (its
 * title, given by the caller).
 */
export function mealDishes(
  meal: Pick<Meal, 'alternatives'>,
  menu: Pick<Menu, 'recipeIds'> | undefined,
  recipeOf: (id: Id) => Pick<Recipe, 'name' | 'plat'> | undefined,
  menuTitle: string,
): string[] {
  const ofMenu = (menu?.recipeIds ?? [])
    .map((id) => recipeOf(id))
    .filter((r): r is Pick<Recipe, 'name' | 'plat'> => r !== undefined)
    .sort((a, b) => COURSE_ORDER.indexOf(a.plat) - COURSE_ORDER.indexOf(b.plat))
    .map((r) => r.name);
  const ofAlternatives = (meal.alternatives ?? [])
    .flatMap((a) => a.recipeIds)
    .map((id) => recipeOf(id)?.name)
    .filter((n): n is string => n !== undefined);
  const dishes = [...new Set([...ofMenu, ...ofAlternatives])];
  return dishes.length > 0 ? dishes : menuTitle.trim() === '' ? [] : [menuTitle];
}

/** Starters, main courses, desserts, then the rest (Plat codes). */
const COURSE_ORDER: readonly number[] = [3, 2, 1, 0];

// ---- Deliveries ----

/** How a delivered product is kept: its temperature on arrival is then taken. */
export type DeliveryStorage = 'chilled' | 'frozen';

/** The highest temperature a chilled or frozen product may arrive at, °C. */
export const ARRIVAL_MAX: Readonly<Record<DeliveryStorage, number>> = { chilled: 4, frozen: -18 };

/** Whether a temperature on arrival is too warm for its kind of product. */
export const isArrivalTooWarm = (storage: DeliveryStorage, temperature: number): boolean =>
  temperature > ARRIVAL_MAX[storage];

// ---- Reading the register ----

export const samplesOf = (entries: readonly RegisterEntry[]): RegisterSample[] =>
  entries.filter((e): e is RegisterSample => e.kind === 'sample');
export const readingsOf = (entries: readonly RegisterEntry[]): RegisterReading[] =>
  entries.filter((e): e is RegisterReading => e.kind === 'reading');
export const deliveriesOf = (entries: readonly RegisterEntry[]): RegisterDelivery[] =>
  entries.filter((e): e is RegisterDelivery => e.kind === 'delivery');

/** A day's entries in the order they were made (time, then id). */
export const entriesOfDay = <E extends RegisterEntry>(entries: readonly E[], day: number): E[] =>
  entries
    .filter((e) => e.day === day)
    .sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : a.id - b.id));

/** 'HH:MM' of a device's clock. */
export const clockTime = (now: Date = new Date()): string =>
  `${String(now.getHours()).padStart(2, '0')}:${String(now.getMinutes()).padStart(2, '0')}`;
