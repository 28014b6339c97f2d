/**
 * What the screens ask to mirror a mutation's declared access (mayRun, mayRunAs). The access is
 * declared with each mutation in the domain's registry, which brings every mutator and its
 * schemas: loaded with import() once a screen asks (issue 36), so that a screen's first paint
 * does not wait for it. The sync runtime shares the same chunk.
 */
import { useEffect, useState } from 'react';
import type * as Chunk from './mutation-rights-chunk';

export type MutationRights = typeof Chunk;

let loaded: MutationRights | null = null;
let loading: Promise<MutationRights> | null = null;

/** The registry's access questions; a failed load is tried again on the next call. */
export function loadMutationRights(): Promise<MutationRights> {
  loading ??= import('./mutation-rights-chunk').then(
    (rights) => (loaded = rights),
    (e: unknown) => {
      loading = null;
      throw e;
    },
  );
  return loading;
}

/** The access questions, or null until they are loaded (the component renders again then). */
export function useMutationRights(): MutationRights | null {
  const [rights, setRights] = useState<MutationRights | null>(loaded);
  useEffect(() => {
    if (rights !== null) return;
    let mounted = true;
    loadMutationRights().then(
      (r) => mounted && setRights(r),
      (e: unknown) => console.error(e),
    );
    return () => {
      mounted = false;
    };
  }, [rights]);
  return rights;
}
