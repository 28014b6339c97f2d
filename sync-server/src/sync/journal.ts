/**
 * A stay's journal (issue 32): the server writes one entry per change of a stay it applies,
 * pushed or made through /api, in the change's own transaction: who, when (the server's time),
 * what (the mutation and its arguments). Team devices pull the entries like any row of the
 * stay and read them into French sentences (describeMutation), offline too. Ids come from the
 * service-wide sequence, never leased to anyone; a journal keeps its newest JOURNAL_KEPT
 * entries.
 */
import {
  journalArgs,
  journalOverflow,
  journalPlace,
  runMutation,
  type MutationContext,
} from '@popote/domain';
import type { SyncTx } from '../store/ports.js';

/** Entries of older changes dropped at most by one change (the rest by the next ones). */
const PRUNE_AT_ONCE = 64;

/** Runs the mutation, then writes its journal entry when it is a change of a stay. */
export async function runJournaled(
  ctx: MutationContext,
  tx: SyncTx,
  name: string,
  args: unknown,
  now: number,
): Promise<void> {
  const place = await journalPlace(ctx.store, name, args);
  await runMutation(ctx, name, args);
  if (place === null) return;
  // A change that deleted its stay leaves no journal to write to.
  const stay = await ctx.store.get('stays', place.stayId);
  if (!stay) return;
  const id = await tx.allocateIds(1);
  await ctx.store.put('stayJournal', {
    id,
    stayId: stay.id,
    owner: stay.owner,
    userId: ctx.userId,
    at: new Date(now).toISOString(),
    name,
    args: journalArgs(args),
    target: place.target,
  });
  // Pruned now and then, so that most changes read no more than they write.
  if (id % 16 !== 0) return;
  const ids = await ctx.store.whereIds('stayJournal', 'stayId', stay.id);
  for (const old of journalOverflow(ids).slice(0, PRUNE_AT_ONCE)) {
    await ctx.store.delete('stayJournal', old);
  }
}
