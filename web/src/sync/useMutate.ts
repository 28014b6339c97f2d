/**
 * The one way screens write: `mutate(name, args)` runs the mutation on the device (at once,
 * offline too) and wakes the sync loop. A change the rules refuse shows its French reason in
 * the error snackbar and returns false; nothing is queued.
 */
import { useCallback } from 'react';
import { isDomainError, type MutationArgs, type MutationName } from '@popote/domain';
import { notifyError } from '../feedback/feedback';
import { SYNC } from '../strings';
import { announceLocalChange } from './leader';
import { mutateLocal, type ArgsOrBuilder } from './local-mutate';
import { useSync } from './SyncProvider';

export type Mutate = <N extends MutationName>(
  name: N,
  args: ArgsOrBuilder<N>,
) => Promise<MutationArgs<N> | null>;

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/gu, (c) => `&#${c.charCodeAt(0)};`);

export function useMutate(): Mutate {
  const { db, userId } = useSync();
  return useCallback(
    async (name, args) => {
      try {
        const applied = await mutateLocal(db, userId, name, args);
        announceLocalChange(userId);
        return applied;
      } catch (e) {
        if (!isDomainError(e)) throw e;
        notifyError({ title: SYNC.localRefusalTitle, html: escapeHtml(e.message) });
        return null;
      }
    },
    [db, userId],
  ) as Mutate;
}
