/**
 * The date and lot fields of a larder entry (issue 35): the date typed as JJ/MM/AAAA (or left
 * empty: no date), its kind (DLC or DDM), its lot; what the mutators take from them.
 */
import {
  dateToIsoDay,
  formatFrenchDateField,
  parseFrenchDateField,
  type DateKind,
} from '@popote/domain';

export interface DatedFields {
  dateText: string;
  kind: DateKind;
  lot: string;
}

export const emptyDated: DatedFields = { dateText: '', kind: 'dlc', lot: '' };

/** The ISO day typed; null when the field is empty; undefined while it is not a date. */
export function dayTyped(dateText: string): string | null | undefined {
  if (dateText.trim() === '') return null;
  const parsed = parseFrenchDateField(dateText);
  return parsed === null ? undefined : dateToIsoDay(new Date(parsed));
}

/** Whether the fields may be saved: an empty date or a real one. */
export const isDatedValid = (fields: DatedFields): boolean =>
  dayTyped(fields.dateText) !== undefined;

/** The arguments of addStock / updateStock: an empty date or lot clears it. */
export function datedFieldsOf(fields: DatedFields): {
  useBy: string | null;
  dateKind: DateKind;
  lot: string;
} {
  return {
    useBy: dayTyped(fields.dateText) ?? null,
    dateKind: fields.kind,
    lot: fields.lot.trim(),
  };
}

/** An entry's ISO day in the field: '09/07/2025'. */
export const formatDateField = (useBy: string): string => formatFrenchDateField(useBy);
