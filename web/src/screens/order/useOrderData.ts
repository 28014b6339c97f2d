/** Live reads of the order screen over the device database. */
import {
  compileIngredients,
  compareByName,
  isDomainError,
  loadCompileInput,
  loadCostPlan,
  type CostPlan,
  warningsOfDays,
  type CompileResult,
  type Group,
  type Id,
  type Meal,
  type Ingredient,
  type Profile,
  type Stay,
  type Supplier,
} from '@popote/domain';
import { useLocalQuery } from '../../sync/useLocal';

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

export type CompileOutcome = { ok: true; result: CompileResult } | { ok: false; message: string };

/**
 * The ingredients needed on `days`, kept up to date while the data changes; null when no
 * compile was asked for. A stored quantity the rules cannot scale is reported, not thrown.
 */
export function useCompiled(
  stayId: Id,
  days: readonly number[] | null,
): CompileOutcome | null | undefined {
  // A new array holding the same days must not run the query again.
  const key = days === null ? null : days.join(',');
  return useLocalQuery(
    async (store) => {
      if (key === null) return null;
      const chosen = key === '' ? [] : key.split(',').map(Number);
      try {
        const result = compileIngredients(await loadCompileInput(store, stayId, chosen));
        return { ok: true, result } as const;
      } catch (e) {
        if (isDomainError(e)) return { ok: false, message: e.message } as const;
        throw e;
      }
    },
    [stayId, key],
  );
}

export type CostedOutcome =
  { ok: true; result: CompileResult; plan: CostPlan } | { ok: false; message: string };

/**
 * The ingredients needed on `days` and what they cost (issue 21): the stay's profile chooses
 * each ingredient's supplier and price; null when no compile was asked for.
 */
export function useCostedCompile(
  stay: Stay,
  userId: Id,
  days: readonly number[] | null,
): CostedOutcome | null | undefined {
  const key = days === null ? null : days.join(',');
  return useLocalQuery(
    async (store) => {
      if (key === null) return null;
      const chosen = key === '' ? [] : key.split(',').map(Number);
      try {
        const { compiled, plan } = await loadCostPlan(store, userId, stay, chosen);
        return { ok: true, result: compiled, plan } as const;
      } catch (e) {
        if (isDomainError(e)) return { ok: false, message: e.message } as const;
        throw e;
      }
    },
    // The budget and the profile are read from the stay given: a change runs the query again.
    [stay.id, stay.profileId, stay.budget, userId, key],
  );
}

/** The stay's meals and groups: who eats each meal, for the costs per person (issue 21). */
export function useStayPeople(stayId: Id): { meals: Meal[]; groups: Group[] } | undefined {
  return useLocalQuery(
    async (store) => {
      const [meals, groups] = await Promise.all([
        store.where('meals', 'stayId', stayId),
        store.where('groups', 'stayId', stayId),
      ]);
      return { meals, groups };
    },
    [stayId],
  );
}

/** Every supplier profile (readable by everyone), by name. */
export function useProfiles(): Profile[] | undefined {
  return useLocalQuery(async (store) => (await store.all('profiles')).sort(compareByName), []);
}

export interface ProfileDetails {
  profile: Profile;
  suppliers: Supplier[];
}

/** A profile and its suppliers; null once it is gone. */
export function useProfileDetails(profileId: Id | null): ProfileDetails | null | undefined {
  return useLocalQuery(
    async (store) => {
      if (profileId === null) return null;
      const profile = await store.get('profiles', profileId);
      if (!profile) return null;
      return { profile, suppliers: await store.where('suppliers', 'profileId', profileId) };
    },
    [profileId],
  );
}

/** Every ingredient this device knows, for the mapping screen. */
export function useAllIngredients(): Ingredient[] | undefined {
  return useLocalQuery(async (store) => store.all('ingredients'), []);
}

/** Who cannot eat what on the chosen days (issue 20), meal by meal; null before a compile. */
export function useDayWarnings(
  stayId: Id,
  days: readonly number[] | null,
): ReturnType<typeof warningsOfDays> | null | undefined {
  const key = days === null ? null : days.join(',');
  return useLocalQuery(
    async (store) => {
      if (key === null) return null;
      const chosen = key === '' ? [] : key.split(',').map(Number);
      return warningsOfDays(await loadCompileInput(store, stayId, chosen));
    },
    [stayId, key],
  );
}
