/**
 * The device's database: one IndexedDB database per user (so that logging out never drops a
 * user's pending changes, and another user of the same browser sees none of them). It holds
 * every synced table, the outbox of pending mutations, the server state of rows those pending
 * mutations touched (to rebase them after a pull), sync metadata and the refused changes.
 */
import { Dexie, type Table } from 'dexie';
import { INDEXES, TABLE_NAMES, type Id, type TableName } from '@popote/domain';
import type { Rejection } from '@popote/sync-protocol';

/** A pending mutation, as the user made it. */
export interface OutboxEntry {
  id: number;
  name: string;
  args: unknown;
  /** ISO date-time the user made the change. */
  at: string;
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

export class LocalDb extends Dexie {
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
    this.version(1).stores(schema);
  }

  entityTable(table: TableName): Table<StoredRow, Id> {
    return this.table(table) as Table<StoredRow, Id>;
  }
}

export const dbNameForUser = (userId: Id): string => `popote-u${userId}`;

/** The tables a mutation or a pull may touch, for one read-write transaction over them all. */
export function allTables(db: LocalDb): Table[] {
  return [...TABLE_NAMES.map((t) => db.table(t)), db.outbox, db.base, db.meta, db.rejected];
}
