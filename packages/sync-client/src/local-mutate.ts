/**
 * Writes on a device: a mutation runs against the local database (the optimistic state) and
 * joins the outbox, in one transaction. Nothing waits for the network.
 */
import {
  conflict,
  invalid,
  runMutation,
  runUndoable,
  type Id,
  type MutationArgs,
  type MutationContext,
  type MutationName,
  type RestoreSnapshotArgs,
  type TableName,
  type UndoableMutation,
} from '@popote/domain';
import { SYNC_SCHEMA } from '@popote/sync-protocol';
import { inTransaction, type DeviceTables, type LocalDb } from './db.js';
import { DexieStore, fromStored } from './dexie-store.js';
import { IdAllocator } from './ids.js';

const NEXT_MUTATION_ID = 'nextMutationId';

/** Keeps, before a pending mutation first touches a row, the row as the server last sent it. */
async function recordBase(db: DeviceTables, table: TableName, id: Id): Promise<void> {
  const key = `${table}:${id}`;
  if (await db.base.get(key)) return;
  const current = await db.entityTable(table).get(id);
  await db.base.put({ key, table, id, row: current ? fromStored(current) : null });
}

/** `db`: the tables bound to the transaction the mutation runs in (see inTransaction). */
export function localContext(db: DeviceTables, userId: Id): MutationContext {
  return {
    store: new DexieStore(db, (table, id) => recordBase(db, table, id)),
    userId,
    async claimId(table, id) {
      if (!Number.isSafeInteger(id) || id < 1) throw invalid('Identifiant invalide.');
      if (await db.entityTable(table).get(id)) throw conflict('Identifiant déjà utilisé.');
    },
    // The device cannot know every lease of the user: the server checks that part.
    async claimRestoredId(table, id) {
      if (await db.entityTable(table).get(id)) throw conflict('Identifiant déjà utilisé.');
    },
  };
}

export type ArgsOrBuilder<N extends MutationName> =
  MutationArgs<N> | ((ids: IdAllocator) => MutationArgs<N>);

/**
 * Runs a mutation on the device and queues it for the server. A refusal by the rules throws a
 * DomainError (its French message is for the user) and leaves nothing behind.
 */
export async function mutateLocal<N extends MutationName>(
  db: LocalDb,
  userId: Id,
  name: N,
  argsOrBuilder: ArgsOrBuilder<N>,
  now: Date = new Date(),
): Promise<MutationArgs<N>> {
  const { args } = await runLocal(db, userId, name, argsOrBuilder, now, async (ctx, args) => {
    await runMutation(ctx, name, args);
    return null;
  });
  return args;
}

/**
 * Like mutateLocal, for an action that offers 'Annuler': also returns the restoreSnapshot
 * arguments that undo it (null when it changed nothing), read in the same transaction.
 */
export async function mutateLocalUndoable<N extends UndoableMutation>(
  db: LocalDb,
  userId: Id,
  name: N,
  argsOrBuilder: ArgsOrBuilder<N>,
  now: Date = new Date(),
): Promise<{ args: MutationArgs<N>; undo: RestoreSnapshotArgs | null }> {
  return runLocal(db, userId, name, argsOrBuilder, now, (ctx, args) =>
    runUndoable(ctx.store, userId, name, args, () => runMutation(ctx, name, args)),
  );
}

async function runLocal<N extends MutationName, R>(
  db: LocalDb,
  userId: Id,
  name: N,
  argsOrBuilder: ArgsOrBuilder<N>,
  now: Date,
  run: (ctx: MutationContext, args: MutationArgs<N>) => Promise<R>,
): Promise<{ args: MutationArgs<N>; undo: R }> {
  // The mutators' awaits may outlast Dexie's zone: every call goes through the bound tables.
  return inTransaction(db, async (tx) => {
    const ids = await IdAllocator.load(tx);
    const args =
      typeof argsOrBuilder === 'function'
        ? (argsOrBuilder as (ids: IdAllocator) => MutationArgs<N>)(ids)
        : argsOrBuilder;
    await ids.save();
    const undo = await run(localContext(tx, userId), args);
    const id = ((await tx.meta.get(NEXT_MUTATION_ID))?.value as number | undefined) ?? 1;
    await tx.outbox.add({ id, name, args, at: now.toISOString(), schema: SYNC_SCHEMA });
    await tx.meta.put({ key: NEXT_MUTATION_ID, value: id + 1 });
    return { args, undo };
  });
}
