/** Live reads of the user's packs and prices (issue 21) over the device database. */
import {
  isDomainError,
  loadCostPlan,
  purchasesByIngredient,
  type Id,
  type CostPlan,
  type Purchase,
  type Stay,
} from '@popote/domain';
import { useLocalQuery } from '../../sync/useLocal';

/** The user's purchase row of each ingredient (the device holds only the user's own). */
export function usePurchases(): ReadonlyMap<Id, Purchase> | undefined {
  return useLocalQuery(async (store) => purchasesByIngredient(await store.all('purchases')), []);
}

export interface SupplierChoice {
  id: Id;
  name: string;
  profile: string;
}

/** Every supplier of the profiles this device knows, named with their profile, by name. */
export function useSupplierChoices(): SupplierChoice[] | undefined {
  return useLocalQuery(async (store) => {
    const profiles = new Map((await store.all('profiles')).map((p) => [p.id, p.name]));
    return (await store.all('suppliers'))
      .filter((s) => profiles.has(s.profileId))
      .map((s) => ({ id: s.id, name: s.name, profile: profiles.get(s.profileId) ?? '' }))
      .sort(
        (a, b) => a.name.localeCompare(b.name, 'fr') || a.profile.localeCompare(b.profile, 'fr'),
      );
  }, []);
}

/**
 * What the meals of some days cost (issue 21), for the agenda: null when nothing can be said
 * (no stay yet, or a quantity the rules cannot scale, which the export screen tells); undefined
 * while loading.
 */
export function useCostsOfDays(
  stay: Pick<Stay, 'id' | 'profileId' | 'budget'> | undefined,
  userId: Id,
  days: readonly number[],
): CostPlan | null | undefined {
  const key = days.join(',');
  return useLocalQuery(
    async (store) => {
      if (!stay) return null;
      try {
        return (await loadCostPlan(store, userId, stay, key.split(',').map(Number))).plan;
      } catch (e) {
        if (isDomainError(e)) return null;
        throw e;
      }
    },
    [stay?.id, stay?.profileId, stay?.budget, userId, key],
  );
}
