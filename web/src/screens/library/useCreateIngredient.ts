/** Creating an ingredient from a search selector: named as typed, category Autre. */
import { useCallback } from 'react';
import { IngredientKind, type Id } from '@popote/domain';
import { useMutate } from '../../sync/useMutate';

export function useCreateIngredient(): (name: string) => Promise<Id | null> {
  const mutate = useMutate();
  return useCallback(
    async (name: string) => {
      const done = await mutate('createIngredient', (ids) => ({
        id: ids.next(),
        name,
        kind: IngredientKind.Autre,
      }));
      return done?.id ?? null;
    },
    [mutate],
  );
}
