/** The one door to the lazily loaded sync runtime (sync-runtime.ts, issue 36). */
import type * as Runtime from './sync-runtime';

export type SyncRuntime = typeof Runtime;

let loading: Promise<SyncRuntime> | null = null;

/** Loads the runtime once; a failed load (a chunk missing) is tried again on the next call. */
export function loadSyncRuntime(): Promise<SyncRuntime> {
  loading ??= import('./sync-runtime').catch((e: unknown) => {
    loading = null;
    throw e;
  });
  return loading;
}
