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

/**
 * The purchase row of each ingredient of `owner`: the user's own, or a stay's owner's (a
 * member's device also holds the prices of the owners of their stays, issue 32).
 */
export function usePurchases(owner: Id): ReadonlyMap<Id, Purchase> | undefined {
  return useLocalQuery(
    async (store) => purchasesByIngredient(await store.where('purchases', 'owner', owner)),
    [owner],
  );
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
 * What the meals of some days cost (issue 21), for the agenda, with the prices of the stay's
 * owner (every member sees the same costs, issue 32): null when nothing can be said
 * (no stay yet, or a quantity the rules cannot scale, which the export screen tells); undefined
 * while loading.
 */
export function useCostsOfDays(
  stay: Pick<Stay, 'id' | 'owner' | 'profileId' | 'budget'> | undefined,
  days: readonly number[],
): CostPlan | null | undefined {
  const key = days.join(',');
  return useLocalQuery(
    async (store) => {
      if (!stay) return null;
      try {
        return (await loadCostPlan(store, stay.owner, stay, key.split(',').map(Number))).plan;
      } catch (e) {
        if (isDomainError(e)) return null;
        throw e;
      }
    },
    [stay?.id, stay?.owner, stay?.profileId, stay?.budget, key],
  );
}
