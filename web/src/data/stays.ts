/** Live reads of a stay shared by several screens. */
import type { Id, Stay } from '@popote/domain';
import { useLocalQuery } from '../sync/useLocal';

/** The stay, undefined while loading, null if it does not exist (any more) on this device. */
export function useStay(stayId: Id | null): Stay | null | undefined {
  return useLocalQuery(
    async (store) => (stayId === null ? null : ((await store.get('stays', stayId)) ?? null)),
    [stayId],
  );
}

/** The days of the stay that have at least one meal, in order. */
export function useStayDays(stayId: Id): number[] | undefined {
  return useLocalQuery(
    async (store) => {
      const meals = await store.where('meals', 'stayId', stayId);
      return [...new Set(meals.map((m) => m.day))].sort((a, b) => a - b);
    },
    [stayId],
  );
}
