/**
 * The device's database: one IndexedDB database per user (so that logging out never drops a
 * user's pending changes, and another user of the same browser sees none of them). It holds
 * every synced table, the outbox of pending mutations, the server state of rows those pending
 * mutations touched (to rebase them after a pull), sync metadata and the refused changes.
 */
import { Dexie, type Table, type Transaction } from 'dexie';
import { INDEXES, indexValues, TABLE_NAMES, type Id, type TableName } from '@popote/domain';
import { fromStored } from './dexie-store.js';
import type { Rejection } from '@popote/sync-protocol';

/** A pending mutation, as the user made it. */
export interface OutboxEntry {
  id: number;
  name: string;
  args: unknown;
  /** ISO date-time the user made the change. */
  at: string;
  /**
   * The synced schema (SYNC_SCHEMA) of the app that recorded it. Absent from entries recorded
   * before versions were noted: the engine notes them at its first sync after an update
   * (stampOutbox), before anything can change the device's schema.
   */
  schema?: number;
}

/** The server state of a row before pending mutations touched it (null: it did not exist). */
export interface BaseEntry {
  key: string;
  table: TableName;
  id: Id;
  row: unknown;
}

export interface MetaEntry {
  key: string;
  value: unknown;
}

/** A change the server refused, kept with its data until the user dismisses it. */
export type RejectedEntry = Rejection;

/** Stored rows carry their index values in `_ix_<index>` fields (see dexie-store.ts). */
export type StoredRow = Record<string, unknown> & { id: Id };

/**
 * The device's tables: the database's own (each call its own transaction), or those bound to one
 * transaction (see inTransaction). Code that may run inside a transaction takes this rather than
 * LocalDb.
 */
export interface DeviceTables {
  readonly outbox: Table<OutboxEntry, number>;
  readonly base: Table<BaseEntry, string>;
  readonly meta: Table<MetaEntry, string>;
  readonly rejected: Table<RejectedEntry, number>;
  entityTable(table: TableName): Table<StoredRow, Id>;
}

export class LocalDb extends Dexie implements DeviceTables {
  outbox!: Table<OutboxEntry, number>;
  base!: Table<BaseEntry, string>;
  meta!: Table<MetaEntry, string>;
  rejected!: Table<RejectedEntry, number>;

  constructor(name: string, options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options);
    const schema: Record<string, string> = {
      outbox: 'id',
      base: 'key',
      meta: 'key',
      rejected: 'mutationId',
    };
    for (const table of TABLE_NAMES) {
      const indexes = Object.keys(INDEXES[table]).map((index) => `*_ix_${index}`);
      schema[table] = ['id', ...indexes].join(', ');
    }
    // Version 2 adds the larder and the shopping lists (issue 19), version 3 the index of the
    // recipes of meals' alternatives (issue 20), version 4 the purchases (packs and prices,
    // issue 21), version 5 the members of stays run by a team (issue 32), version 6 the kitchen's
    // register (issue 35). Opening an older
    // database only creates the new stores and indexes: the outbox, the pending changes' bases
    // and every row stay.
    // A new version is needed whenever a table or an index is added (TABLE_NAMES, INDEXES).
    this.version(DB_VERSION)
      .stores(schema)
      // Meals a device stored before it knew alternatives (a pull of a meal another device had
      // given one) lack the new index's field: computed once, so that a recipe in use is not
      // deleted here only to be refused by the server.
      .upgrade((tx) =>
        tx
          .table('meals')
          .toCollection()
          .modify((stored: StoredRow) => {
            const row = fromStored<'meals'>(stored);
            if (row.alternatives?.length) {
              stored._ix_altRecipeIds = indexValues('meals', 'altRecipeIds', row);
            }
          }),
      );
  }

  entityTable(table: TableName): Table<StoredRow, Id> {
    return this.table(table) as Table<StoredRow, Id>;
  }
}

/** The device database's schema version (see the constructor). */
export const DB_VERSION = 6;

export const dbNameForUser = (userId: Id): string => `popote-u${userId}`;

/**
 * Deletes the user's local database on this device (the account was deleted, issue 33): the
 * one case where pending changes are dropped on purpose. Open connections (this tab's, other
 * tabs') close themselves when asked (Dexie's default on 'versionchange').
 */
export function deleteUserDb(userId: Id): Promise<void> {
  return Dexie.delete(dbNameForUser(userId));
}

/** The tables a mutation or a pull may touch, for one read-write transaction over them all. */
export function allTables(db: LocalDb): Table[] {
  return [...TABLE_NAMES.map((t) => db.table(t)), db.outbox, db.base, db.meta, db.rejected];
}

/**
 * The tables of one transaction. A table bound to the transaction (Dexie's Transaction.table())
 * sends every call to that transaction explicitly, whereas `db.<table>` finds the current
 * transaction in Dexie's zone (Dexie.currentTransaction), which native async/await does not
 * carry: Dexie echoes the zone across native promise jobs, but only for about 100 of them after
 * each awaited Dexie call (ZONE_ECHO_LIMIT). Code that runs longer than that between two Dexie
 * calls (the domain's mutators and read rules await async functions that often never reach the
 * database, e.g. a loop of `await canReadRow(...)` over rows it can decide alone) loses the zone;
 * a later `db.<table>` call then runs in a transaction of its own, the real one, left without a
 * request, commits, and Dexie fails the whole scope with PrematureCommitError. Bound tables do
 * not depend on the zone. Tables are resolved on first use: a transaction over some tables only
 * throws NotFoundError for another one, as Dexie does.
 */
export function boundTables(tx: Transaction): DeviceTables {
  return {
    get outbox() {
      return tx.table<OutboxEntry, number>('outbox');
    },
    get base() {
      return tx.table<BaseEntry, string>('base');
    },
    get meta() {
      return tx.table<MetaEntry, string>('meta');
    },
    get rejected() {
      return tx.table<RejectedEntry, number>('rejected');
    },
    entityTable: (table) => tx.table<StoredRow, Id>(table),
  };
}

/**
 * Runs `fn` in one read-write transaction over `tables` (default: all of them), handing it the
 * tables bound to that transaction. Every database call made while the transaction runs must go
 * through them (never through `db`), however long the async code in between: see boundTables.
 */
export function inTransaction<R>(
  db: LocalDb,
  fn: (tables: DeviceTables) => Promise<R>,
  tables: Table[] = allTables(db),
): Promise<R> {
  return db.transaction('rw', tables, async (tx) => fn(boundTables(tx)));
}
