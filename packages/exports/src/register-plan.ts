/**
 * What the kitchen's register says on paper (issue 35), before any drawing: the stay, the people
 * in charge (its owner and its team, each with their role), then for each chosen day its food
 * samples, its temperature readings (those out of their unit's range marked, with the
 * corrective action) and its deliveries (lot, use-by or best-before date, temperature on
 * arrival, accepted or refused and why). The rows are the register's own (the domain's
 * register.ts reads them); every text is French and final, as an inspector reads it.
 */
import type {
  ColdUnit,
  Id,
  MemberRole,
  PublicUser,
  RegisterDelivery,
  RegisterEntry,
  RegisterReading,
  RegisterSample,
  Stay,
  StayMember,
} from '@popote/domain';
import {
  coldUnitsOf,
  compareFrench,
  deliveriesOf,
  entriesOfDay,
  formatDateTime,
  formatFrenchDateField,
  formatLongDate,
  dayToDate,
  formatQuantity,
  HORAIRE_LABELS,
  isArrivalTooWarm,
  isOutOfRange,
  readingsOf,
  missingReadings,
  samplesOf,
  sampleThrowDay,
} from '@popote/domain';
import { daysLabel } from './allergen-table.js';
import { longDayLabel } from './labels.js';

export interface RegisterInput {
  stay: Pick<Stay, 'name' | 'start' | 'owner' | 'coldUnits'>;
  /** The chosen days (offsets from the stay's start). */
  days: readonly number[];
  /** The stay's register (any order; other days are left out). */
  entries: readonly RegisterEntry[];
  /** The stay's team (issue 32), without its owner. */
  members: readonly Pick<StayMember, 'userId' | 'role'>[];
  /** Who the owner, the members and the authors of the entries are. */
  users: readonly PublicUser[];
  /**
   * The offset (minutes east of UTC) to show an instant in, e.g. when a sample was thrown; the
   * device's (a browser passes -new Date(iso).getTimezoneOffset()). Absent: UTC.
   */
  utcOffsetOf?: (iso: string) => number;
}

export const REGISTER_TITLE = 'Registre de cuisine';
export const TEAM_TITLE = 'Personnes responsables';
export const UNITS_TITLE = 'Enceintes froides';
export const SAMPLES_TITLE = 'Plats témoins';
export const READINGS_TITLE = 'Températures des enceintes froides';
export const DELIVERIES_TITLE = 'Réceptions des marchandises';
export const NO_SAMPLE = 'Aucun plat témoin prélevé ce jour.';
export const NO_READING = 'Aucun relevé de température ce jour.';
/** A reading the day lacks (its unit's morning or evening one), shown to the inspector. */
export const NOT_READ = 'NON RELEVÉ';
export const CHECK_NAMES = { matin: 'Matin', soir: 'Soir' } as const;
export const NO_DELIVERY = 'Aucune réception ce jour.';
export const NO_DAY = 'Aucun jour choisi.';
/** Beside a reading outside its unit's range, and a delivery that arrived too warm. */
export const OUT_OF_RANGE = 'HORS PLAGE';
export const TOO_WARM = 'TROP CHAUD';
export const UNKNOWN_USER = 'Utilisateur inconnu';
export const NO_VALUE = '—';

export const OWNER_ROLE = 'Responsable';
export const ROLE_LABELS: Record<MemberRole, string> = {
  plan: 'Organisation',
  keep: 'Cuisine',
  read: 'Lecture',
};

export const SAMPLE_HEADS = ['Repas', 'Plats prélevés', 'Prélevé à', 'Par', 'Jeté'] as const;
export const READING_HEADS = [
  'Enceinte',
  'Heure',
  'Température',
  'Par',
  'Remarque et action corrective',
] as const;
export const DELIVERY_HEADS = [
  'Heure',
  'Fournisseur',
  'Produit',
  'Quantité',
  'Lot',
  'DLC / DDM',
  'T° à réception',
  'Décision',
  'Par',
] as const;

export interface TeamLine {
  /** 'Responsable', 'Organisation', 'Cuisine', 'Lecture'. */
  role: string;
  /** Their pseudonyms, in French order. */
  names: string[];
}

export interface SampleRow {
  /** 'Midi'. */
  meal: string;
  /** 'Bolognaise, Pain'. */
  dishes: string;
  time: string;
  by: string;
  /** 'Jeté le 13 juillet 2025 à 12:00', or 'Conservé (à jeter à partir du 13 juillet 2025)'. */
  discarded: string;
}

export interface ReadingRow {
  /** 'Réfrigérateur (0 °C à 4 °C)'. */
  unit: string;
  time: string;
  /** '3,5 °C'. */
  value: string;
  outOfRange: boolean;
  /** OUT_OF_RANGE, or ''. */
  mark: string;
  by: string;
  /** The reading's note, then 'Action corrective : …' for one out of range. */
  remarks: string[];
}

export interface DeliveryRow {
  time: string;
  supplier: string;
  product: string;
  /** '5 kg'. */
  quantity: string;
  lot: string;
  /** 'DLC 12/07/2025', 'DDM 01/12/2026', or NO_VALUE. */
  date: string;
  /** '3 °C', 'Ambiant', 'Non prise'. */
  temperature: string;
  tooWarm: boolean;
  accepted: boolean;
  /** 'Acceptée', or 'Refusée : <reason>'. */
  decision: string;
  by: string;
}

export interface RegisterDay {
  day: number;
  /** 'Lundi 7 juillet 2025'. */
  title: string;
  samples: SampleRow[];
  readings: ReadingRow[];
  /** The readings the day lacks: 'Réfrigérateur' and 'Soir'. */
  missing: { unit: string; check: string }[];
  deliveries: DeliveryRow[];
}

export interface RegisterPlan {
  stayName: string;
  /** 'Du lundi 7 juillet 2025 au mercredi 9 juillet 2025', or 'Jours : …'. */
  period: string;
  team: TeamLine[];
  /** Each cold unit with its range: 'Congélateur : −18 °C au plus'. */
  units: string[];
  days: RegisterDay[];
}

/** '3,5 °C', '−18 °C' (a true minus sign; at most one decimal, with a comma). */
export function formatTemperature(value: number): string {
  const tenths = Math.round(value * 10) / 10 || 0;
  const digits = String(Math.abs(tenths)).replace('.', ',');
  return `${tenths < 0 ? '\u2212' : ''}${digits} °C`;
}

/** A cold unit's range: '0 °C à 4 °C', '−18 °C au plus', '2 °C au moins'. */
export function rangeLabel(unit: Pick<ColdUnit, 'min' | 'max'>): string {
  if (unit.min !== null && unit.max !== null) {
    return `${formatTemperature(unit.min)} à ${formatTemperature(unit.max)}`;
  }
  if (unit.max !== null) return `${formatTemperature(unit.max)} au plus`;
  if (unit.min !== null) return `${formatTemperature(unit.min)} au moins`;
  return 'sans plage';
}

export function planRegister(input: RegisterInput): RegisterPlan {
  const chosen = [...new Set(input.days)].sort((a, b) => a - b);
  const { stay } = input;
  const pseudos = new Map<Id, string>(input.users.map((u) => [u.id, u.pseudo]));
  const who = (id: Id): string => pseudos.get(id) ?? UNKNOWN_USER;
  const units = coldUnitsOf(stay);
  const unitsByKey = new Map(units.map((u) => [u.key, u]));
  const offsetOf = input.utcOffsetOf ?? (() => 0);

  const team: TeamLine[] = [{ role: OWNER_ROLE, names: [who(stay.owner)] }];
  for (const role of ['plan', 'keep', 'read'] as const) {
    const names = input.members
      .filter((m) => m.role === role && m.userId !== stay.owner)
      .map((m) => who(m.userId))
      .sort(compareFrench);
    if (names.length > 0) team.push({ role: ROLE_LABELS[role], names });
  }

  const sampleRow = (s: RegisterSample): SampleRow => ({
    meal: HORAIRE_LABELS[s.slot] ?? '',
    dishes: s.dishes.length > 0 ? s.dishes.join(', ') : NO_VALUE,
    time: s.time,
    by: who(s.by),
    discarded:
      s.discarded !== null
        ? `Jeté le ${formatDateTime(s.discarded, offsetOf(s.discarded))}`
        : `Conservé (à jeter à partir du ${formatLongDate(dayToDate(stay.start, sampleThrowDay(s)))})`,
  });

  const readingRow = (r: RegisterReading): ReadingRow => {
    const unit = unitsByKey.get(r.unit);
    const out = unit !== undefined && isOutOfRange(unit, r.value);
    const remarks: string[] = [];
    if (r.note.trim() !== '') remarks.push(r.note.trim());
    if (r.action.trim() !== '') remarks.push(`Action corrective : ${r.action.trim()}`);
    else if (out) remarks.push('Action corrective : non renseignée');
    return {
      unit: unit ? `${unit.name} (${rangeLabel(unit)})` : r.unit,
      time: r.time,
      value: formatTemperature(r.value),
      outOfRange: out,
      mark: out ? OUT_OF_RANGE : '',
      by: who(r.by),
      remarks,
    };
  };

  const deliveryRow = (d: RegisterDelivery): DeliveryRow => {
    const tooWarm =
      d.storage !== 'ambient' &&
      d.temperature !== null &&
      isArrivalTooWarm(d.storage, d.temperature);
    const temperature =
      d.temperature !== null
        ? formatTemperature(d.temperature)
        : d.storage === 'ambient'
          ? 'Ambiant'
          : 'Non prise';
    return {
      time: d.time,
      supplier: d.supplier.trim() === '' ? NO_VALUE : d.supplier,
      product: d.product,
      quantity: formatQuantity(d.val, d.unite),
      lot: d.lot.trim() === '' ? NO_VALUE : d.lot.trim(),
      date:
        d.date === null ? NO_VALUE : `${d.dateKind.toUpperCase()} ${formatFrenchDateField(d.date)}`,
      temperature,
      tooWarm,
      accepted: d.accepted,
      decision: d.accepted
        ? 'Acceptée'
        : d.reason.trim() === ''
          ? 'Refusée'
          : `Refusée : ${d.reason.trim()}`,
      by: who(d.by),
    };
  };

  const days = chosen.map((day): RegisterDay => ({
    day,
    title: longDayLabel(stay.start, day),
    samples: entriesOfDay(samplesOf(input.entries), day)
      .sort((a, b) => a.slot - b.slot || (a.time < b.time ? -1 : a.time > b.time ? 1 : 0))
      .map(sampleRow),
    readings: entriesOfDay(readingsOf(input.entries), day).map(readingRow),
    missing: missingReadings(units, input.entries, day).map((m) => ({
      unit: m.unit.name,
      check: CHECK_NAMES[m.check],
    })),
    deliveries: entriesOfDay(deliveriesOf(input.entries), day).map(deliveryRow),
  }));

  return {
    stayName: stay.name,
    period: daysLabel(stay.start, chosen),
    team,
    units: units.map((u) => `${u.name} : ${rangeLabel(u)}`),
    days,
  };
}
