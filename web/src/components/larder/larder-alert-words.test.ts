import { describe, expect, it } from 'vitest';
import type { LarderAlert, StockItem } from '@popote/domain';
import type { LarderAlertLine } from '../../data/larder-alerts';
import {
  entryDateLabel,
  isLoudAlert,
  LARDER_ALERT_COLORS,
  larderAlertText,
} from './larder-alert-words';

const START = '2025-07-07'; // a Monday: day 1 is Tuesday 8 July

const entry: StockItem = {
  id: 1,
  stayId: 2,
  owner: 3,
  ingredientId: 4,
  unite: 1,
  val: 1,
  useBy: '2025-07-09',
  dateKind: 'dlc',
};

const line = (
  alert: Omit<LarderAlert<StockItem>, 'entry'>,
  meal: LarderAlertLine['meal'] = null,
): Pick<LarderAlertLine, 'alert' | 'meal'> => ({ alert: { entry, ...alert }, meal });

describe('the sentences of the larder alerts', () => {
  it('says since when an entry is expired', () => {
    expect(larderAlertText(line({ kind: 'expired', dateDay: 0, mealDay: null }), START, 2)).toBe(
      'Périmé depuis le 7 juillet',
    );
    expect(larderAlertText(line({ kind: 'expired', dateDay: -6, mealDay: null }), START, 0)).toBe(
      'Périmé depuis le 1er juillet',
    );
  });

  it('names the meal an entry expires before, by its slot and day', () => {
    expect(
      larderAlertText(
        line({ kind: 'expiresBeforeMeal', dateDay: 0, mealDay: 1 }, { day: 1, slot: 3 }),
        START,
        0,
      ),
    ).toBe('Périme avant le dîner du mardi 8 juillet');
    expect(
      larderAlertText(
        line({ kind: 'expiresBeforeMeal', dateDay: 1, mealDay: 2 }, { day: 2, slot: 0 }),
        START,
        0,
      ),
    ).toBe('Périme avant le petit déjeuner du mercredi 9 juillet');
    // Without its meal (not expected), the day still.
    expect(
      larderAlertText(line({ kind: 'expiresBeforeMeal', dateDay: 0, mealDay: 1 }), START, 0),
    ).toBe('Périme avant les repas du mardi 8 juillet');
  });

  it('asks to use an entry today on its last day, by tomorrow the day before', () => {
    expect(larderAlertText(line({ kind: 'useSoon', dateDay: 2, mealDay: null }), START, 2)).toBe(
      "À consommer aujourd'hui",
    );
    expect(larderAlertText(line({ kind: 'useSoon', dateDay: 2, mealDay: null }), START, 1)).toBe(
      "À consommer d'ici demain",
    );
  });

  it('says softly that a best-before date is past', () => {
    const text = larderAlertText(
      line({ kind: 'pastBestBefore', dateDay: 0, mealDay: null }),
      START,
      3,
    );
    expect(text).toBe('DDM dépassée');
    expect(LARDER_ALERT_COLORS.pastBestBefore).toBe('dimmed');
    expect(isLoudAlert('pastBestBefore')).toBe(false);
    expect(LARDER_ALERT_COLORS.expired).toBe('red.9');
    expect(isLoudAlert('expired')).toBe(true);
    expect(LARDER_ALERT_COLORS.expiresBeforeMeal).toBe('orange.9');
  });
});

describe("an entry's date", () => {
  it('reads DLC or DDM with the day and month', () => {
    expect(entryDateLabel({ useBy: '2025-07-09', dateKind: 'dlc' })).toBe('DLC 09/07');
    expect(entryDateLabel({ useBy: '2025-07-09' })).toBe('DLC 09/07');
    expect(entryDateLabel({ useBy: '2025-12-31', dateKind: 'ddm' })).toBe('DDM 31/12');
    expect(entryDateLabel({ useBy: null })).toBeNull();
    expect(entryDateLabel({})).toBeNull();
  });
});
