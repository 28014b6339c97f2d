/**
 * The one way screens write: `mutate(name, args)` runs the mutation on the device (at once,
 * offline too) and wakes the sync loop. A change the rules refuse shows its French reason in
 * the error snackbar and returns false; nothing is queued.
 */
import { useCallback } from 'react';
import {
  isDomainError,
  type MutationArgs,
  type MutationName,
  type UndoableMutation,
} from '@popote/domain';
import { notifyError, notifySuccess } from '../feedback/feedback';
import { escapeHtml } from '../feedback/escapeHtml';
import { SYNC, UNDO } from '../strings';
import type { ArgsOrBuilder } from './sync-runtime';
import { loadSyncRuntime } from './load-sync-runtime';
import { useSync } from './SyncProvider';

export type Mutate = <N extends MutationName>(
  name: N,
  args: ArgsOrBuilder<N>,
) => Promise<MutationArgs<N> | null>;

/**
 * Runs a destructive action and reports it with `successText` and an 'Annuler' button that
 * puts back exactly what it changed (itself a mutation: it works offline and syncs).
 */
export type MutateUndoable = <N extends UndoableMutation>(
  name: N,
  args: ArgsOrBuilder<N>,
  successText: string,
) => Promise<MutationArgs<N> | null>;

/** Runs a local write; a refusal by the rules is shown and gives null. */
async function reportingRefusal<T>(write: () => Promise<T>): Promise<T | null> {
  try {
    return await write();
  } catch (e) {
    if (!isDomainError(e)) throw e;
    notifyError({ title: SYNC.localRefusalTitle, html: escapeHtml(e.message) });
    return null;
  }
}

export function useMutate(): Mutate {
  const { db, userId } = useSync();
  return useCallback(
    (name, args) =>
      reportingRefusal(async () => {
        const { mutateLocal, announceLocalChange } = await loadSyncRuntime();
        const applied = await mutateLocal(db, userId, name, args);
        announceLocalChange(userId);
        return applied;
      }),
    [db, userId],
  ) as Mutate;
}

export function useMutateUndoable(): MutateUndoable {
  const { db, userId } = useSync();
  return useCallback(
    async (name, args, successText) => {
      const { mutateLocal, mutateLocalUndoable, announceLocalChange } = await loadSyncRuntime();
      const done = await reportingRefusal(() => mutateLocalUndoable(db, userId, name, args));
      if (done === null) return null;
      announceLocalChange(userId);
      const { undo } = done;
      const action = undo && {
        label: UNDO.action,
        run: () =>
          void reportingRefusal(async () => {
            await mutateLocal(db, userId, 'restoreSnapshot', undo);
            announceLocalChange(userId);
            notifySuccess(UNDO.done);
          }),
      };
      notifySuccess(successText, action ?? undefined);
      return done.args;
    },
    [db, userId],
  ) as MutateUndoable;
}
