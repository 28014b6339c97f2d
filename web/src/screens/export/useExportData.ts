/** Live reads of the export screen over the device database. */
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
  type ReadStore,
  type Stay,
  type Supplier,
} from '@popote/domain';
import { useLocalQuery } from '../../sync/useLocal';

export type CompileOutcome = { ok: true; result: CompileResult } | { ok: false; message: string };

export type CostedOutcome =
  { ok: true; result: CompileResult; plan: CostPlan } | { ok: false; message: string };

/**
 * A live read over the chosen days, null when none was asked for; a stored quantity the rules
 * cannot scale is reported, not thrown. A new array holding the same days runs no new query.
 */
function useDaysRead<T extends { ok: true }>(
  days: readonly number[] | null,
  read: (store: ReadStore, days: number[]) => Promise<T>,
  deps: readonly unknown[],
): T | { ok: false; message: string } | null | undefined {
  const key = days === null ? null : days.join(',');
  return useLocalQuery(
    async (store) => {
      if (key === null) return null;
      try {
        return await read(store, key === '' ? [] : key.split(',').map(Number));
      } catch (e) {
        if (isDomainError(e)) return { ok: false, message: e.message } as const;
        throw e;
      }
    },
    [...deps, key],
  );
}

/** The ingredients needed on `days`, kept up to date while the data changes. */
export function useCompiled(
  stayId: Id,
  days: readonly number[] | null,
): CompileOutcome | null | undefined {
  return useDaysRead(
    days,
    async (store, chosen) => ({
      ok: true as const,
      result: compileIngredients(await loadCompileInput(store, stayId, chosen)),
    }),
    [stayId],
  );
}

/**
 * The ingredients needed on `days` and what they cost (issue 21): the stay's profile chooses
 * each ingredient's supplier, and the prices are its owner's (every member sees the same costs,
 * issue 32).
 */
export function useCostedCompile(
  stay: Stay,
  days: readonly number[] | null,
): CostedOutcome | null | undefined {
  return useDaysRead(
    days,
    async (store, chosen) => {
      const { compiled, plan } = await loadCostPlan(store, stay.owner, stay, chosen);
      return { ok: true as const, result: compiled, plan };
    },
    // The budget and the profile are read from the stay given: a change runs the query again.
    [stay.id, stay.owner, stay.profileId, stay.budget],
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
