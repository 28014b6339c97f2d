/**
 * The domain's Store over the device database. Index values are stored beside each row as
 * `_ix_<index>` arrays (multi-entry indexes), computed from the one definition in
 * @popote/domain, and stripped again on the way out so that mutators and screens see plain
 * rows.
 *
 * Inside a transaction, give it the tables bound to that transaction (inTransaction in db.ts):
 * mutators and read rules run long chains of native awaits between two store calls, which
 * Dexie's zone (how `db.<table>` finds the current transaction) does not survive.
 */
import {
  INDEXES,
  indexValues,
  type Id,
  type IndexName,
  type IndexValue,
  type Store,
  type TableName,
  type Tables,
} from '@popote/domain';
import type { DeviceTables, StoredRow } from './db.js';

const IX = '_ix_';

/** Below this many ids, a get per id (see readMany). */
const RANGE_READ_MIN_IDS = 32;
/** A range is read whole when it holds at most this many rows per id asked. */
const RANGE_READ_MAX_SPREAD = 2;

export function toStored<T extends TableName>(table: T, row: Tables[T]): StoredRow {
  const stored: StoredRow = { ...(row as unknown as StoredRow) };
  for (const index of Object.keys(INDEXES[table]) as IndexName<T>[]) {
    stored[IX + index] = indexValues(table, index, row);
  }
  return stored;
}

export function fromStored<T extends TableName>(stored: StoredRow): Tables[T] {
  const row: Record<string, unknown> = {};
  for (const key of Object.keys(stored)) if (!key.startsWith(IX)) row[key] = stored[key];
  return row as unknown as Tables[T];
}

export class DexieStore implements Store {
  constructor(
    /** The database, or the tables bound to the transaction the store runs in. */
    protected readonly db: DeviceTables,
    /** Called before a row is first written, with its current state (for rebasing). */
    private readonly beforeWrite?: (table: TableName, id: Id) => Promise<void>,
  ) {}

  async get<T extends TableName>(table: T, id: Id): Promise<Tables[T] | undefined> {
    const stored = await this.db.entityTable(table).get(id);
    return stored ? fromStored<T>(stored) : undefined;
  }

  async getMany<T extends TableName>(table: T, ids: readonly Id[]): Promise<Tables[T][]> {
    const rows = await this.readMany(table, ids);
    return rows.filter((r): r is StoredRow => r !== undefined).map((r) => fromStored<T>(r));
  }

  /**
   * The rows of `ids`, in their order (undefined where missing). IndexedDB answers a get per
   * id, each one an event on the page's thread; when the ids fill most of their range (a
   * week's ingredients are most of a library's), one read of the range costs one event (and a
   * count, when the ids' span does not settle it) instead (issue 36: hundreds of gets were a
   * fifth of the agenda's load on a slow tablet).
   */
  private async readMany(table: TableName, ids: readonly Id[]): Promise<(StoredRow | undefined)[]> {
    const rows = this.db.entityTable(table);
    if (ids.length < RANGE_READ_MIN_IDS) return rows.bulkGet([...ids]);
    let min = Infinity;
    let max = -Infinity;
    for (const id of ids) {
      if (id < min) min = id;
      if (id > max) max = id;
    }
    const range = rows.where('id').between(min, max, true, true);
    // The range holds at most max - min + 1 rows (ids are its keys): counted only when that
    // bound alone does not settle it.
    const bound = ids.length * RANGE_READ_MAX_SPREAD;
    if (max - min + 1 > bound && (await range.count()) > bound) return rows.bulkGet([...ids]);
    const byId = new Map((await range.toArray()).map((r) => [r.id as Id, r]));
    return ids.map((id) => byId.get(id));
  }

  async where<T extends TableName>(
    table: T,
    index: IndexName<T>,
    value: IndexValue,
  ): Promise<Tables[T][]> {
    const rows = await this.db
      .entityTable(table)
      .where(IX + index)
      .equals(value)
      .toArray();
    return rows.map((r) => fromStored<T>(r));
  }

  async whereIds<T extends TableName>(
    table: T,
    index: IndexName<T>,
    value: IndexValue,
  ): Promise<Id[]> {
    return (await this.db
      .entityTable(table)
      .where(IX + index)
      .equals(value)
      .primaryKeys()) as Id[];
  }

  async all<T extends TableName>(table: T): Promise<Tables[T][]> {
    return (await this.db.entityTable(table).toArray()).map((r) => fromStored<T>(r));
  }

  async allIds(table: TableName): Promise<Id[]> {
    return (await this.db.entityTable(table).toCollection().primaryKeys()) as Id[];
  }

  async put<T extends TableName>(table: T, row: Tables[T]): Promise<void> {
    await this.beforeWrite?.(table, row.id);
    await this.db.entityTable(table).put(toStored(table, row));
  }

  async delete(table: TableName, id: Id): Promise<void> {
    await this.beforeWrite?.(table, id);
    await this.db.entityTable(table).delete(id);
  }
}
