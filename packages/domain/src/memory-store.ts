/**
 * A Store over plain maps: for tests and for pure computations. Rows are cloned on the way in
 * and out so that a caller can never mutate stored state by accident, as with a real database.
 */
import type { Id, TableName, Tables } from './entities.js';
import { TABLE_NAMES } from './entities.js';
import type { IndexName, IndexValue, Store } from './store.js';
import { indexValues } from './store.js';

export class MemoryStore implements Store {
  private readonly tables = new Map<TableName, Map<Id, unknown>>(
    TABLE_NAMES.map((t) => [t, new Map()]),
  );

  private table<T extends TableName>(table: T): Map<Id, Tables[T]> {
    return this.tables.get(table) as Map<Id, Tables[T]>;
  }

  async get<T extends TableName>(table: T, id: Id): Promise<Tables[T] | undefined> {
    const row = this.table(table).get(id);
    return row === undefined ? undefined : structuredClone(row);
  }

  async getMany<T extends TableName>(table: T, ids: readonly Id[]): Promise<Tables[T][]> {
    const rows = this.table(table);
    const found: Tables[T][] = [];
    for (const id of ids) {
      const row = rows.get(id);
      if (row !== undefined) found.push(structuredClone(row));
    }
    return found;
  }

  async where<T extends TableName>(
    table: T,
    index: IndexName<T>,
    value: IndexValue,
  ): Promise<Tables[T][]> {
    const found: Tables[T][] = [];
    for (const row of this.table(table).values()) {
      if (indexValues(table, index, row).includes(value)) found.push(structuredClone(row));
    }
    return found;
  }

  async whereIds<T extends TableName>(
    table: T,
    index: IndexName<T>,
    value: IndexValue,
  ): Promise<Id[]> {
    return (await this.where(table, index, value)).map((r) => r.id);
  }

  async allIds(table: TableName): Promise<Id[]> {
    return [...this.tables.get(table)!.keys()];
  }

  async all<T extends TableName>(table: T): Promise<Tables[T][]> {
    return [...this.table(table).values()].map((r) => structuredClone(r));
  }

  async put<T extends TableName>(table: T, row: Tables[T]): Promise<void> {
    this.table(table).set(row.id, structuredClone(row));
  }

  async delete(table: TableName, id: Id): Promise<void> {
    this.table(table).delete(id);
  }

  /** Synchronous snapshot of one table, sorted by id (for assertions). */
  snapshot<T extends TableName>(table: T): Tables[T][] {
    return [...this.table(table).values()]
      .map((r) => structuredClone(r))
      .sort((a, b) => a.id - b.id);
  }
}
