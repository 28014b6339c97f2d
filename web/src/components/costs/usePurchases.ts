/** Live reads of the user's packs and prices (issue 21) over the device database. */
import {
  isDomainError,
  loadCostPlan,
  purchasesByIngredient,
  type Id,
  type MealCost,
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

/** What each meal of one day costs (issue 21), for the day view; undefined while loading. */
export function useMealCosts(
  stay: Pick<Stay, 'id' | 'profileId' | 'budget'> | undefined,
  userId: Id,
  day: number,
): ReadonlyMap<Id, MealCost> | undefined {
  return useLocalQuery(
    async (store) => {
      if (!stay) return new Map<Id, MealCost>();
      try {
        const { plan } = await loadCostPlan(store, userId, stay, [day]);
        return new Map(plan.meals.map((m) => [m.mealId, m]));
      } catch (e) {
        // A quantity the rules cannot scale is told by the order screen; here, no cost.
        if (isDomainError(e)) return new Map<Id, MealCost>();
        throw e;
      }
    },
    [stay?.id, stay?.profileId, stay?.budget, userId, day],
  );
}
