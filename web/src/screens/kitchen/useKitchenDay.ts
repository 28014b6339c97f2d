/** The live plan of one day's meals for the kitchen view, from the device's database. */
import { isDomainError, loadCompileInput, type RegisterEntry, type Stay } from '@popote/domain';
import { planCookbook, type CookSheet } from '@popote/exports/cook-plan';
import { useLocalQuery } from '../../sync/useLocal';

export type KitchenDayPlan = { ok: true; sheets: CookSheet[] } | { ok: false; message: string };

/**
 * Every meal of the day, with something to cook or not (an empty meal still shows, as an
 * empty meal), kept up to date while the data changes (a sync, another tab). A quantity the
 * rules cannot scale is reported with its message rather than thrown.
 */
export function useKitchenDay(stay: Stay, day: number): KitchenDayPlan | undefined {
  return useLocalQuery(
    async (store) => {
      try {
        const input = await loadCompileInput(store, stay.id, [day]);
        const plan = planCookbook({ ...input, stay, options: { includeEmptyMeals: true } });
        return { ok: true, sheets: plan.sheets } as const;
      } catch (e) {
        if (isDomainError(e)) return { ok: false, message: e.message } as const;
        throw e;
      }
    },
    [stay.id, stay.start, stay.name, day],
  );
}

/** The stay's register (issue 35): its samples tell which meals still lack theirs. */
export function useRegisterEntries(stay: Stay): readonly RegisterEntry[] | undefined {
  return useLocalQuery((store) => store.where('register', 'stayId', stay.id), [stay.id]);
}
