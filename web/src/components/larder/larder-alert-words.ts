/**
 * The words and colours of the larder's alerts (issue 35), the same in the larder panel and in
 * the kitchen view: 'Périmé depuis le 7 juillet', 'Périme avant le dîner du mardi 8 juillet',
 * 'À consommer d'ici demain', 'DDM dépassée'; and an entry's date as 'DLC 09/07'.
 */
import {
  dayToDate,
  formatDayMonth,
  formatFrenchDateField,
  formatWeekdayDayMonth,
  type LarderAlertKind,
  type StockItem,
} from '@popote/domain';
import type { LarderAlertLine } from '../../data/larder-alerts';
import { LARDER } from '../../strings';

/** The sentence of an alert, for a stay starting on `stayStart` seen on its day `today`. */
export function larderAlertText(
  line: Pick<LarderAlertLine, 'alert' | 'meal'>,
  stayStart: string,
  today: number,
): string {
  const { alert, meal } = line;
  switch (alert.kind) {
    case 'expired':
      return LARDER.expired(formatDayMonth(dayToDate(stayStart, alert.dateDay)));
    case 'expiresBeforeMeal': {
      const when = formatWeekdayDayMonth(dayToDate(stayStart, meal?.day ?? alert.mealDay ?? 0));
      return meal === null
        ? LARDER.expiresBeforeDay(when)
        : LARDER.expiresBeforeMeal(meal.slot, when);
    }
    case 'useSoon':
      return alert.dateDay <= today ? LARDER.useToday : LARDER.useSoon;
    case 'pastBestBefore':
      return LARDER.pastBestBefore;
  }
}

/** How loud an alert is: red for what is expired, orange for what to use first, grey after. */
export const LARDER_ALERT_COLORS: Record<LarderAlertKind, string> = {
  expired: 'red.9',
  expiresBeforeMeal: 'orange.9',
  useSoon: 'orange.9',
  pastBestBefore: 'dimmed',
};

/** Whether an alert is said in bold (the two that forbid a use). */
export const isLoudAlert = (kind: LarderAlertKind): boolean =>
  kind === 'expired' || kind === 'expiresBeforeMeal';

/** 'DLC 09/07' / 'DDM 09/07'; null for an entry without a date. */
export function entryDateLabel(item: Pick<StockItem, 'useBy' | 'dateKind'>): string | null {
  if (!item.useBy) return null;
  const kind = (item.dateKind ?? 'dlc') === 'ddm' ? LARDER.ddm : LARDER.dlc;
  return LARDER.entryDate(kind, formatFrenchDateField(item.useBy).slice(0, 5));
}
