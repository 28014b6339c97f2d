/**
 * What the services ask of a database for the synced rows, whatever the database: every call
 * is asynchronous, so that SQLite (one process, better-sqlite3) and a networked database
 * (several server processes on one PostgreSQL) answer the same interface. The SQL of each
 * stays in its own store module.
 */
import type { Id, ReadStore, TableName, Tables } from '@popote/domain';

/** A synced row as stored, for pulls: its JSON text is sent as it is. */
export interface RawRow {
  tbl: TableName;
  id: Id;
  owner: Id | null;
  version: number;
  /** JSON text, or null for a tombstone. */
  data: string | null;
  /** The owner of a menu or recipe, kept after its deletion; null for other tables. */
  author: Id | null;
  /**
   * For a menu or recipe: the last version written while it was published (the version that
   * unpublished or deleted it, or the latest while it stays published); null if never.
   */
  publicAt: number | null;
}

/** What a user holds on the server (live rows). */
export interface UserUsage {
  rows: number;
  /** Bytes of the rows' JSON (UTF-8). */
  bytes: number;
  stays: number;
}

export interface StoredRejection {
  mutationId: number;
  name: string;
  args: string;
  message: string;
  at: string;
}

/** Position in the changes: after this (version, table, id). */
export interface ChangePosition {
  version: number;
  tbl: string;
  id: Id;
}

/** Reads of the synced rows, all from one consistent view of the committed data. */
export interface SyncSnapshot extends ReadStore {
  /** The live rows of an owner-only table that belong to a user. */
  ownedIds(table: TableName, owner: Id): Promise<Id[]>;
  /**
   * The version up to which every write is committed and visible here: a pull that sends the
   * changes up to it and keeps it as its cookie never skips a write committed later.
   */
  version(): Promise<number>;
  /** Rows written after `since` up to `upTo`, after the position, in (version, table, id) order. */
  changedSince(
    since: number,
    upTo: number,
    after: ChangePosition,
    limit: number,
  ): Promise<RawRow[]>;
  /** The JSON text of live rows, in the order of ids (missing ones skipped). */
  rawByIds(table: TableName, ids: readonly Id[]): Promise<{ id: Id; data: string }[]>;
  rejectionsFor(clientId: string, since: number, upTo: number): Promise<StoredRejection[]>;
  lastMutationId(clientId: string): Promise<number>;
  /** The device's owner and last processed mutation, if the server knows it. */
  client(clientId: string): Promise<{ userId: Id; lastMutationId: number } | undefined>;
}

/** One write transaction over the synced rows: all of it commits, or none. */
export interface SyncTx extends SyncSnapshot {
  /** This transaction's version, taken on first use: every row it writes carries it. */
  writeVersion(): Promise<number>;
  putRow<T extends TableName>(table: T, row: Tables[T]): Promise<void>;
  deleteRow(table: TableName, id: Id): Promise<void>;
  /** True when the id was ever used in the table (tombstones included: ids are never reused). */
  idUsed(table: TableName, id: Id): Promise<boolean>;
  /** Reserves `count` consecutive ids of the one service-wide sequence; returns the first. */
  allocateIds(count: number): Promise<Id>;
  leaseIds(first: Id, count: number, userId: Id, clientId: string, at: number): Promise<void>;
  /** The user an id was leased to, or null. */
  leasedTo(id: Id): Promise<Id | null>;
  addClient(clientId: string, userId: Id, at: number): Promise<void>;
  setLastMutationId(clientId: string, id: number): Promise<void>;
  recordRejection(clientId: string, rejection: StoredRejection): Promise<void>;
  /** What the user holds, this transaction's writes included. */
  usage(userId: Id): Promise<UserUsage>;
}

/** The synced rows of one database. */
export interface SyncRows {
  /**
   * Runs fn as one write transaction. On SQLite the caller holds its turn of the write queue
   * (only one transaction is open at a time); fn may await.
   */
  transaction<T>(fn: (tx: SyncTx) => Promise<T>): Promise<T>;
  /** Runs fn on one snapshot of the committed data. */
  snapshot<T>(fn: (snapshot: SyncSnapshot) => Promise<T>): Promise<T>;
  /** Reads of committed data outside any snapshot (each read sees the latest commit). */
  readonly reads: ReadStore;
  /** Whether an error is the database failing (busy, full, gone), not the data. */
  isStoreFailure(e: unknown): boolean;
  /** Whether an error is a unique constraint refusing a write. */
  isUniqueViolation(e: unknown): boolean;
}
