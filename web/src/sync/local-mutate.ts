/**
 * Writes on a device: a mutation runs against the local database (the optimistic state) and
 * joins the outbox, in one transaction. Nothing waits for the network.
 */
import {
  conflict,
  invalid,
  runMutation,
  type Id,
  type MutationArgs,
  type MutationContext,
  type MutationName,
  type TableName,
} from '@popote/domain';
import { allTables, type LocalDb } from './db';
import { DexieStore, fromStored } from './dexie-store';
import { IdAllocator } from './ids';

const NEXT_MUTATION_ID = 'nextMutationId';

/** Keeps, before a pending mutation first touches a row, the row as the server last sent it. */
async function recordBase(db: LocalDb, table: TableName, id: Id): Promise<void> {
  const key = `${table}:${id}`;
  if (await db.base.get(key)) return;
  const current = await db.entityTable(table).get(id);
  await db.base.put({ key, table, id, row: current ? fromStored(current) : null });
}

export function localContext(db: LocalDb, userId: Id): MutationContext {
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
  return db.transaction('rw', allTables(db), async () => {
    const ids = await IdAllocator.load(db);
    const args =
      typeof argsOrBuilder === 'function'
        ? (argsOrBuilder as (ids: IdAllocator) => MutationArgs<N>)(ids)
        : argsOrBuilder;
    await ids.save();
    await runMutation(localContext(db, userId), name, args);
    const id = ((await db.meta.get(NEXT_MUTATION_ID))?.value as number | undefined) ?? 1;
    await db.outbox.add({ id, name, args, at: now.toISOString() });
    await db.meta.put({ key: NEXT_MUTATION_ID, value: id + 1 });
    return args;
  });
}
