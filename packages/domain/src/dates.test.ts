import { describe, expect, it } from 'vitest';
import {
  autoSlashDateInput,
  dateToIsoDay,
  deviceTodayIsoDay,
  stayDayToday,
  stayDayLabel,
  mealLabel,
  formatWeekdayDayMonth,
  stayDaysLabel,
  dayToDate,
  daysInMonth,
  formatDateTime,
  formatDayMonth,
  formatFrenchDateField,
  formatLongDate,
  formatShortDate,
  isoDayOffset,
  parseFrenchDateField,
  parseIsoDay,
  stayYear,
} from './dates.js';
import { DomainError } from './errors.js';

const utc = (y: number, m: number, d: number, h = 0, min = 0): Date =>
  new Date(Date.UTC(y, m - 1, d, h, min));

describe('stay days', () => {
  it('turns a day offset into UTC midnight', () => {
    expect(dayToDate('2023-07-03', 0).toISOString()).toBe('2023-07-03T00:00:00.000Z');
    expect(dayToDate('2023-07-03', 29).toISOString()).toBe('2023-08-01T00:00:00.000Z');
  });
  it('accepts negative offsets, across months and years', () => {
    expect(dayToDate('2023-07-03', -3).toISOString()).toBe('2023-06-30T00:00:00.000Z');
    expect(dayToDate('2024-01-01', -1).toISOString()).toBe('2023-12-31T00:00:00.000Z');
  });
  it('keeps 24-hour days across the summer time change', () => {
    expect(dateToIsoDay(dayToDate('2023-03-25', 1))).toBe('2023-03-26');
    expect(dateToIsoDay(dayToDate('2023-10-28', 2))).toBe('2023-10-30');
  });
  it('refuses a bad start or a fractional day', () => {
    expect(() => dayToDate('03/07/2023', 0)).toThrow(DomainError);
    expect(() => dayToDate('2023-02-30', 0)).toThrow("La date « 2023-02-30 » n'existe pas.");
    expect(() => dayToDate('2023-07-03', 1.5)).toThrow('Le jour « 1.5 » doit être un entier.');
  });
  it('formats and offsets ISO days', () => {
    expect(dateToIsoDay(utc(2023, 7, 3, 23, 59))).toBe('2023-07-03');
    expect(isoDayOffset('2023-07-03', '2023-07-10')).toBe(7);
    expect(isoDayOffset('2023-07-03', '2023-06-30')).toBe(-3);
    expect(isoDayOffset('2024-02-28', '2024-03-01')).toBe(2);
    expect(isoDayOffset('2023-02-28', '2023-03-01')).toBe(1);
  });
  it('parses ISO days, including 29 February of leap years only', () => {
    expect(parseIsoDay('2024-02-29').toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(() => parseIsoDay('2023-02-29')).toThrow(DomainError);
    expect(() => parseIsoDay('1900-02-29')).toThrow(DomainError);
    expect(parseIsoDay('2000-02-29').toISOString()).toBe('2000-02-29T00:00:00.000Z');
    expect(() => parseIsoDay('2023-7-3')).toThrow(
      "La date « 2023-7-3 » n'est pas au format AAAA-MM-JJ.",
    );
  });
  it('knows the length of months', () => {
    expect(daysInMonth(2023, 2)).toBe(28);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2023, 4)).toBe(30);
    expect(daysInMonth(2023, 12)).toBe(31);
  });
  it('gives the year of a stay', () => {
    expect(stayYear('2023-07-03')).toBe(2023);
    expect(() => stayYear('')).toThrow(DomainError);
  });
});

describe('French formats', () => {
  it('writes long dates', () => {
    expect(formatLongDate(utc(2023, 7, 3))).toBe('lundi 3 juillet 2023');
    expect(formatLongDate(utc(2023, 7, 1))).toBe('samedi 1er juillet 2023');
    expect(formatLongDate(utc(2024, 2, 29))).toBe('jeudi 29 février 2024');
    expect(formatLongDate(utc(2023, 8, 13))).toBe('dimanche 13 août 2023');
  });
  it('writes short dates: abbreviated weekday, day without zero, two-digit month', () => {
    expect(formatShortDate(utc(2023, 7, 3))).toBe('Lun. 3-07');
    expect(formatShortDate(utc(2023, 12, 31))).toBe('Dim. 31-12');
    expect(formatShortDate(utc(2023, 7, 1))).toBe('Sam. 1-07');
  });
  it('writes day and month', () => {
    expect(formatDayMonth(utc(2023, 7, 3))).toBe('3 juillet');
    expect(formatDayMonth(utc(2023, 12, 1))).toBe('1er décembre');
  });
  it('reads dates in UTC whatever the time of day', () => {
    expect(formatShortDate(utc(2023, 7, 3, 23, 30))).toBe('Lun. 3-07');
  });
  it('shows an invalid date as a placeholder, never throwing', () => {
    expect(formatLongDate(new Date('nope'))).toBe('date inconnue');
    expect(formatShortDate(new Date('nope'))).toBe('date inconnue');
    expect(formatDayMonth(new Date('nope'))).toBe('date inconnue');
  });
  it("writes a 'modifié le' date-time", () => {
    expect(formatDateTime('2023-07-03T14:05:00.000Z')).toBe('3 juillet 2023 à 14:05');
    expect(formatDateTime(utc(2023, 7, 3, 9, 7))).toBe('3 juillet 2023 à 09:07');
  });
  it('shifts the date-time by the given offset, possibly to another day', () => {
    expect(formatDateTime('2023-07-03T14:05:00.000Z', 120)).toBe('3 juillet 2023 à 16:05');
    expect(formatDateTime('2023-12-31T23:30:00.000Z', 60)).toBe('1er janvier 2024 à 00:30');
    expect(formatDateTime('2023-07-01T00:30:00.000Z', -60)).toBe('30 juin 2023 à 23:30');
  });
  it('shows an unreadable date-time as a placeholder, never throwing (issue 15, hole 7)', () => {
    for (const bad of [
      'hier',
      'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
      '9999999-99-99',
      '',
      null,
      {},
    ]) {
      expect(formatDateTime(bad)).toBe('date inconnue');
    }
    // Beyond what Date can hold once shifted by the offset.
    expect(formatDateTime('+275760-09-13T00:00:00.000Z', 60)).toBe('date inconnue');
    expect(formatDateTime('2023-07-03T14:05:00Z', 0.5)).toBe('3 juillet 2023 à 14:05');
    expect(formatDateTime('2023-07-03T14:05:00Z', Number.NaN)).toBe('3 juillet 2023 à 14:05');
  });
});

describe('date field', () => {
  const type = (text: string): string =>
    [...text].reduce((value, c) => autoSlashDateInput(value, value + c), '');

  it('inserts slashes after the day and the month while typing', () => {
    expect(autoSlashDateInput('', '0')).toBe('0');
    expect(autoSlashDateInput('0', '03')).toBe('03/');
    expect(autoSlashDateInput('03/', '03/0')).toBe('03/0');
    expect(autoSlashDateInput('03/0', '03/07')).toBe('03/07/');
    expect(type('03072023')).toBe('03/07/2023');
  });
  it('does not double a slash the user types', () => {
    expect(type('03/07/2023')).toBe('03/07/2023');
  });
  it('lets deletion remove an inserted slash', () => {
    expect(autoSlashDateInput('03/', '03')).toBe('03');
    expect(autoSlashDateInput('03/07/', '03/07')).toBe('03/07');
    expect(autoSlashDateInput('03/07/2023', '')).toBe('');
  });
  it('puts the slash back when typing goes on after a deleted slash', () => {
    expect(autoSlashDateInput('03', '030')).toBe('03/0');
    expect(autoSlashDateInput('03/07', '03/072')).toBe('03/07/2');
  });
  it('lays out pasted digits, drops letters and stops at 10 characters', () => {
    expect(autoSlashDateInput('', '03072023')).toBe('03/07/2023');
    expect(autoSlashDateInput('03/07/2023', '03/07/20234')).toBe('03/07/2023');
    expect(autoSlashDateInput('03/', '03/a')).toBe('03/');
  });

  it('emits an ISO UTC date string for a complete, valid entry', () => {
    expect(parseFrenchDateField('03/07/2023')).toBe('2023-07-03T00:00:00.000Z');
    expect(parseFrenchDateField(' 31/12/1900 ')).toBe('1900-12-31T00:00:00.000Z');
    expect(parseFrenchDateField('01/01/1900')).toBe('1900-01-01T00:00:00.000Z');
  });
  it('emits nothing for incomplete or out-of-range entries', () => {
    expect(parseFrenchDateField('')).toBeNull();
    expect(parseFrenchDateField('03/07/')).toBeNull();
    expect(parseFrenchDateField('3/7/2023')).toBeNull();
    expect(parseFrenchDateField('00/07/2023')).toBeNull();
    expect(parseFrenchDateField('32/07/2023')).toBeNull();
    expect(parseFrenchDateField('03/00/2023')).toBeNull();
    expect(parseFrenchDateField('03/13/2023')).toBeNull();
    expect(parseFrenchDateField('31/12/1899')).toBeNull();
    expect(parseFrenchDateField('03-07-2023')).toBeNull();
    expect(parseFrenchDateField('ab/cd/efgh')).toBeNull();
  });
  it('refuses days the month does not have (stricter than the spec)', () => {
    expect(parseFrenchDateField('31/02/2023')).toBeNull();
    expect(parseFrenchDateField('31/04/2023')).toBeNull();
    expect(parseFrenchDateField('29/02/2023')).toBeNull();
    expect(parseFrenchDateField('29/02/2024')).toBe('2024-02-29T00:00:00.000Z');
    expect(parseFrenchDateField('29/02/1900')).toBeNull();
    expect(parseFrenchDateField('29/02/2000')).toBe('2000-02-29T00:00:00.000Z');
  });
  it('fills the field from an ISO day or date-time', () => {
    expect(formatFrenchDateField('2023-07-03')).toBe('03/07/2023');
    expect(formatFrenchDateField('2023-07-03T00:00:00.000Z')).toBe('03/07/2023');
    expect(formatFrenchDateField('')).toBe('');
    expect(() => formatFrenchDateField('demain')).toThrow('La date « demain » est invalide.');
  });
  it('round-trips through the field', () => {
    const iso = parseFrenchDateField(formatFrenchDateField('2024-02-29'));
    expect(iso).toBe('2024-02-29T00:00:00.000Z');
  });
});

describe('today on this device', () => {
  it("reads the device's calendar, not UTC's", () => {
    expect(deviceTodayIsoDay(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05');
    expect(deviceTodayIsoDay(new Date(2024, 11, 31, 0, 1))).toBe('2024-12-31');
    expect(deviceTodayIsoDay(new Date(2025, 6, 9, 0, 30))).toBe('2025-07-09');
  });

  it("numbers today from the stay's start, before it negative", () => {
    expect(stayDayToday('2025-07-07', new Date(2025, 6, 7, 0, 0))).toBe(0);
    expect(stayDayToday('2025-07-07', new Date(2025, 6, 9, 0, 30))).toBe(2);
    expect(stayDayToday('2025-07-07', new Date(2025, 6, 9, 23, 59))).toBe(2);
    expect(stayDayToday('2025-07-07', new Date(2025, 6, 6, 12, 0))).toBe(-1);
  });
});

describe('the days a list covers', () => {
  it('names the first and last day, or the only one', () => {
    expect(stayDaysLabel('2025-07-07', [])).toBe('');
    expect(stayDaysLabel('2025-07-07', [0])).toBe('du 7 juillet');
    expect(stayDaysLabel('2025-06-29', [0, 1, 2])).toBe('du 29 juin au 1er juillet');
  });
});

describe('day and meal labels', () => {
  it("names a stay's day by its short date, and a meal by its day and slot", () => {
    expect(stayDayLabel('2025-07-07', 0)).toBe('Lun. 7-07');
    expect(stayDayLabel('2025-07-07', 6)).toBe('Dim. 13-07');
    expect(mealLabel('2025-07-07', 1, 1)).toBe('Mar. 8-07 - Midi');
  });
});

describe('a day in a sentence', () => {
  it('names the weekday, the day and the month, without the year', () => {
    expect(formatWeekdayDayMonth(dayToDate('2025-07-07', 1))).toBe('mardi 8 juillet');
    expect(formatWeekdayDayMonth(dayToDate('2025-07-01', 0))).toBe('mardi 1er juillet');
    expect(formatWeekdayDayMonth(new Date(Number.NaN))).toBe('date inconnue');
  });
});
