/** Creating an ingredient from a search selector, in the category the user chose. */
import { useCallback } from 'react';
import type { Id, IngredientKind } from '@popote/domain';
import { useMutate } from '../../sync/useMutate';

export function useCreateIngredient(): (name: string, kind: IngredientKind) => Promise<Id | null> {
  const mutate = useMutate();
  return useCallback(
    async (name: string, kind: IngredientKind) => {
      const done = await mutate('createIngredient', (ids) => ({
        id: ids.next(),
        name,
        kind,
      }));
      return done?.id ?? null;
    },
    [mutate],
  );
}
