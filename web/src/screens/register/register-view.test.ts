import { describe, expect, it } from 'vitest';
import { DEFAULT_COLD_UNITS, type ColdUnit } from '@popote/domain';
import {
  awaitsLarder,
  checkDelivery,
  checkReading,
  checkUnitDrafts,
  dayFromParam,
  defaultRegisterDay,
  formatCelsius,
  isClockTime,
  missingLabels,
  neighbourDays,
  partFromParam,
  quantityOf,
  rangeLabel,
  temperatureOf,
  unitDraftOf,
  type DeliveryForm,
} from './register-view';

const plain = (s: string) => s.replace(/\u00a0/gu, ' ');
const [fridge, freezer] = DEFAULT_COLD_UNITS as [ColdUnit, ColdUnit];

describe('the register screen', () => {
  it('reads the day and the part from the address', () => {
    expect(dayFromParam('3')).toBe(3);
    expect(dayFromParam(' -2 ')).toBe(-2);
    expect(dayFromParam(null)).toBeNull();
    expect(dayFromParam('demain')).toBeNull();
    expect(dayFromParam('-400')).toBeNull();
    expect(dayFromParam('3660')).toBe(3660);
    expect(dayFromParam('3661')).toBeNull();
    expect(partFromParam('temperatures')).toBe('temperatures');
    expect(partFromParam('receptions')).toBe('receptions');
    expect(partFromParam('autre')).toBe('plats');
    expect(partFromParam(null)).toBe('plats');
  });

  it('shows today during the stay, else its nearest end', () => {
    expect(defaultRegisterDay([0, 1, 2, 3], 2)).toBe(2);
    expect(defaultRegisterDay([0, 1, 3], 2)).toBe(2);
    expect(defaultRegisterDay([0, 1, 2], 500)).toBe(2);
    expect(defaultRegisterDay([0, 1, 2], -4)).toBe(0);
    expect(defaultRegisterDay([], 7)).toBe(7);
    expect(neighbourDays(0)).toEqual({ previous: -1, next: 1 });
    expect(neighbourDays(-366)).toEqual({ previous: null, next: -365 });
    expect(neighbourDays(3660)).toEqual({ previous: 3659, next: null });
  });

  it('writes temperatures and ranges in French', () => {
    expect(plain(formatCelsius(4))).toBe('4 °C');
    expect(plain(formatCelsius(-18))).toBe('−18 °C');
    expect(plain(formatCelsius(3.5))).toBe('3,5 °C');
    expect(plain(formatCelsius(0))).toBe('0 °C');
    expect(plain(rangeLabel(fridge))).toBe('de 0 °C à 4 °C');
    expect(plain(rangeLabel(freezer))).toBe('−18 °C ou moins');
    expect(plain(rangeLabel({ min: 63, max: null }))).toBe('63 °C ou plus');
    expect(rangeLabel({ min: null, max: null })).toBe('sans plage');
  });

  it('names the missing readings', () => {
    expect(
      missingLabels([
        { unit: fridge, check: 'soir' },
        { unit: freezer, check: 'matin' },
      ]),
    ).toEqual(['Réfrigérateur (soir)', 'Congélateur (matin)']);
  });

  it('reads a temperature typed', () => {
    expect(temperatureOf(3.5)).toBe(3.5);
    expect(temperatureOf('-18')).toBe(-18);
    expect(temperatureOf('−18')).toBe(-18);
    expect(temperatureOf('6,2')).toBe(6.2);
    expect(temperatureOf('')).toBeNull();
    expect(temperatureOf('-')).toBeNull();
    expect(temperatureOf('abc')).toBeNull();
    expect(temperatureOf(200)).toBeNull();
    expect(isClockTime('07:05')).toBe(true);
    expect(isClockTime('24:00')).toBe(false);
    expect(isClockTime('7:05')).toBe(false);
  });

  it('asks a corrective action for a reading out of range', () => {
    const form = { unitKey: 'refrigerateur', value: 3, time: '08:10', note: '', action: '' };
    expect(checkReading(form, DEFAULT_COLD_UNITS)).toEqual({
      value: 3,
      outOfRange: false,
      errors: {},
    });
    expect(checkReading({ ...form, value: '7,5' }, DEFAULT_COLD_UNITS)).toEqual({
      value: 7.5,
      outOfRange: true,
      errors: { action: "Indiquez l'action corrective." },
    });
    expect(
      checkReading({ ...form, value: 7.5, action: 'Porte refermée' }, DEFAULT_COLD_UNITS).errors,
    ).toEqual({});
    // The freezer: −18 °C or below.
    expect(
      checkReading({ ...form, unitKey: 'congelateur', value: -12 }, DEFAULT_COLD_UNITS).outOfRange,
    ).toBe(true);
    expect(
      checkReading({ ...form, unitKey: 'congelateur', value: -20 }, DEFAULT_COLD_UNITS).outOfRange,
    ).toBe(false);
    expect(
      checkReading({ unitKey: null, value: '', time: '', note: '', action: '' }, DEFAULT_COLD_UNITS)
        .errors,
    ).toEqual({
      unit: 'Enceinte',
      value: 'Indiquez la température.',
      time: "Indiquez l'heure (HH:MM).",
    });
  });

  it('checks a delivery: its date, its temperature on arrival, a refusal’s reason', () => {
    const form: DeliveryForm = {
      supplier: 'Primeur',
      ingredientId: '12',
      val: '2,5',
      unite: '1',
      lot: 'L42',
      dateKind: 'dlc',
      dateText: '12/07/2025',
      storage: 'chilled',
      temperature: 3,
      accepted: true,
      reason: '',
      time: '09:30',
    };
    expect(checkDelivery(form)).toEqual({
      date: '2025-07-12',
      temperature: 3,
      tooWarm: false,
      errors: {},
    });
    expect(checkDelivery({ ...form, temperature: '6' }).tooWarm).toBe(true);
    expect(checkDelivery({ ...form, storage: 'frozen', temperature: -15 }).tooWarm).toBe(true);
    expect(checkDelivery({ ...form, storage: 'frozen', temperature: -18 }).tooWarm).toBe(false);
    // Ambient goods have no temperature taken.
    expect(checkDelivery({ ...form, storage: 'ambient', temperature: 30 })).toMatchObject({
      temperature: null,
      tooWarm: false,
    });
    expect(checkDelivery({ ...form, dateText: '' })).toMatchObject({ date: null, errors: {} });
    expect(checkDelivery({ ...form, dateText: '31/04/2025' }).errors).toEqual({
      date: 'Date invalide (JJ/MM/AAAA).',
    });
    expect(
      checkDelivery({ ...form, accepted: false, ingredientId: null, val: '0', time: '' }).errors,
    ).toEqual({
      ingredient: 'Choisissez le produit.',
      val: 'Indiquez la quantité.',
      reason: 'Indiquez pourquoi la réception est refusée.',
      time: "Indiquez l'heure (HH:MM).",
    });
    expect(checkDelivery({ ...form, accepted: false, reason: 'Carton abîmé' }).errors).toEqual({});
    expect(quantityOf('2,5')).toBe(2.5);
    expect(quantityOf('')).toBeNull();
    expect(quantityOf(-1)).toBeNull();
  });

  it('offers the larder to an accepted delivery not yet in it', () => {
    expect(awaitsLarder({ accepted: true, stockId: null })).toBe(true);
    expect(awaitsLarder({ accepted: true, stockId: 8 })).toBe(false);
    expect(awaitsLarder({ accepted: false, stockId: null })).toBe(false);
  });

  it('checks the cold units of the form', () => {
    const drafts = DEFAULT_COLD_UNITS.map(unitDraftOf);
    expect(drafts[1]).toEqual({
      key: 'congelateur',
      name: 'Congélateur',
      min: '',
      max: -18,
      checks: ['matin', 'soir'],
    });
    expect(checkUnitDrafts(drafts).units).toEqual(DEFAULT_COLD_UNITS);
    const added = [
      ...drafts,
      { key: '', name: ' Chambre froide ', min: '2', max: '3,5', checks: ['soir' as const] },
    ];
    expect(checkUnitDrafts(added).units?.[2]).toEqual({
      key: '',
      name: 'Chambre froide',
      min: 2,
      max: 3.5,
      checks: ['soir'],
    });
    const wrong = checkUnitDrafts([{ key: '', name: '', min: 5, max: 1, checks: [] }]);
    expect(wrong).toEqual({
      units: null,
      errors: [{ name: "Donnez un nom à l'enceinte.", range: 'Le minimum dépasse le maximum.' }],
    });
  });
});
