import { describe, expect, it } from 'vitest';
import { datedFieldsOf, emptyDated, formatDateField, isDatedValid, dayTyped } from './larder-dates';

describe('the date fields of a larder entry', () => {
  it('reads a typed date as an ISO day, an empty field as no date', () => {
    expect(dayTyped('09/07/2025')).toBe('2025-07-09');
    expect(dayTyped('')).toBeNull();
    expect(dayTyped('  ')).toBeNull();
    expect(dayTyped('09/07')).toBeUndefined();
    expect(dayTyped('31/06/2025')).toBeUndefined();
  });

  it('may be saved with no date or a real one, not while the date is unreadable', () => {
    expect(isDatedValid(emptyDated)).toBe(true);
    expect(isDatedValid({ ...emptyDated, dateText: '09/07/2025' })).toBe(true);
    expect(isDatedValid({ ...emptyDated, dateText: '09/07/20' })).toBe(false);
  });

  it('gives the mutators their arguments: an empty date or lot clears it', () => {
    expect(datedFieldsOf({ dateText: '09/07/2025', kind: 'ddm', lot: ' L42 ' })).toEqual({
      useBy: '2025-07-09',
      dateKind: 'ddm',
      lot: 'L42',
    });
    expect(datedFieldsOf(emptyDated)).toEqual({ useBy: null, dateKind: 'dlc', lot: '' });
    expect(formatDateField('2025-07-09')).toBe('09/07/2025');
  });
});
