/**
 * Code a screen works without for its first paint (issue 36): the mutations' access, the
 * agenda's drag and drop. A component asking for it with `useLoaded()` gets null until the page
 * has shown its first data (first-data.ts), then the module, loaded once for every component;
 * `load()` gets it at once, for code that cannot go on without it.
 */
import { useEffect, useState } from 'react';
import { afterFirstData } from '../sync/first-data';

/** Nothing waits longer than this for the first data (a hidden tab draws no frames). */
const FIRST_DATA_MAX_WAIT_MS = 3000;

export interface AfterFirstDataModule<M> {
  /** Loads the module now (once); a failed load is tried again on the next call. */
  load(): Promise<M>;
  /** The module, or null until the first data is shown and the module loaded. */
  useLoaded(): M | null;
}

export function afterFirstDataModule<M>(importer: () => Promise<M>): AfterFirstDataModule<M> {
  let loaded: M | null = null;
  let loading: Promise<M> | null = null;
  const load = (): Promise<M> =>
    (loading ??= importer().then(
      (module) => (loaded = module),
      (e: unknown) => {
        loading = null;
        throw e;
      },
    ));

  function useLoaded(): M | null {
    // A function, not the value: a module that is itself a function would be called by useState.
    const [module, setModule] = useState<M | null>(() => loaded);
    useEffect(() => {
      if (module !== null) return;
      let mounted = true;
      afterFirstData(FIRST_DATA_MAX_WAIT_MS)
        .then(load)
        .then(
          (m) => mounted && setModule(() => m),
          (e: unknown) => console.error(e),
        );
      return () => {
        mounted = false;
      };
    }, [module]);
    return module;
  }
  return { load, useLoaded };
}
