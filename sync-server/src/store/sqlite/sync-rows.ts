/**
 * The synced rows of SQLite behind the asynchronous interface of ports.ts. better-sqlite3 runs
 * each statement synchronously; this adapter adds no SQL of its own. Writes happen on the
 * writer connection, one transaction at a time (the caller holds its turn of the write queue);
 * snapshots on the reader connection, which in WAL mode sees only committed data, one at a
 * time since a connection holds one read transaction.
 */
import type { Id, IdWindow, NamingTable, ReadStore, TableName, Tables } from '@popote/domain';
import type {
  ChangePosition,
  IdClaim,
  PulledRejection,
  RawRow,
  StoredRejection,
  SyncRows,
  SyncSnapshot,
  SyncTx,
  TransactionOptions,
  UserUsage,
} from '../ports.js';
import { asReadStore, type SyncReader, type SyncWriter } from './sync-store.js';
import { WriteQueue } from '../write-queue.js';

class SqliteSnapshot implements SyncSnapshot {
  private readonly store: ReadStore;

  constructor(protected readonly reader: SyncReader) {
    this.store = asReadStore(reader);
  }

  get<T extends TableName>(table: T, id: Id): Promise<Tables[T] | undefined> {
    return this.store.get(table, id);
  }
  getMany<T extends TableName>(table: T, ids: readonly Id[]): Promise<Tables[T][]> {
    return this.store.getMany(table, ids);
  }
  where: ReadStore['where'] = (table, index, value) => this.store.where(table, index, value);
  whereIds: ReadStore['whereIds'] = (table, index, value, window) =>
    this.store.whereIds(table, index, value, window);
  all<T extends TableName>(table: T): Promise<Tables[T][]> {
    return this.store.all(table);
  }
  allIds(table: TableName, window?: IdWindow): Promise<Id[]> {
    return this.store.allIds(table, window);
  }
  async ownedIds(table: TableName, owner: Id): Promise<Id[]> {
    return this.reader.ownedIds(table, owner);
  }
  async version(): Promise<number> {
    return this.reader.version();
  }
  async changedSince(
    since: number,
    upTo: number,
    after: ChangePosition,
    limit: number,
  ): Promise<RawRow[]> {
    return this.reader.changedSince(since, upTo, after, limit);
  }
  async rawByIds(table: TableName, ids: readonly Id[]): Promise<{ id: Id; data: string }[]> {
    return this.reader.rawByIds(table, ids);
  }
  async rejectionsFor(
    clientId: string,
    since: number,
    upTo: number,
    limit?: number,
  ): Promise<PulledRejection[]> {
    return this.reader.rejectionsFor(clientId, since, upTo, limit);
  }
  async hasRejectionsToForget(clientId: string, upTo: number, before: string): Promise<boolean> {
    return this.reader.hasRejectionsToForget(clientId, upTo, before);
  }
  async lastMutationId(clientId: string): Promise<number> {
    return this.reader.lastMutationId(clientId);
  }
  async client(clientId: string): Promise<{ userId: Id; lastMutationId: number } | undefined> {
    return this.reader.client(clientId);
  }
}

class SqliteSyncTx extends SqliteSnapshot implements SyncTx {
  private taken: number | null = null;

  constructor(
    private readonly writer: SyncWriter,
    private readonly allocate: (count: number) => Id,
  ) {
    super(writer);
  }

  async writeVersion(): Promise<number> {
    this.taken ??= this.writer.nextVersion();
    return this.taken;
  }
  async putRow<T extends TableName>(table: T, row: Tables[T]): Promise<void> {
    this.writer.putRow(table, row, await this.writeVersion());
  }
  async deleteRow(table: TableName, id: Id): Promise<void> {
    this.writer.deleteRow(table, id, await this.writeVersion());
  }
  async allocateIds(count: number): Promise<Id> {
    return this.allocate(count);
  }
  async leaseIds(first: Id, count: number, userId: Id, clientId: string, at: number) {
    this.writer.leaseIds(first, count, userId, clientId, at);
  }
  async leasedTo(id: Id): Promise<Id | null> {
    return this.writer.leasedTo(id);
  }
  async idClaim(table: TableName, id: Id): Promise<IdClaim> {
    const used = this.writer.idUse(table, id);
    return { leasedTo: this.writer.leasedTo(id), used: used !== null, usedBy: used?.owner ?? null };
  }
  async addClient(clientId: string, userId: Id, at: number): Promise<void> {
    this.writer.addClient(clientId, userId, at);
  }
  async setLastMutationId(clientId: string, id: number): Promise<void> {
    this.writer.setLastMutationId(clientId, id);
  }
  async recordRejection(clientId: string, userId: Id, rejection: StoredRejection): Promise<void> {
    this.writer.recordRejection(clientId, userId, rejection, await this.writeVersion());
  }
  async rejectedArgsBytes(userId: Id): Promise<number> {
    return this.writer.rejectedArgsBytes(userId);
  }
  async keepNewestRejections(userId: Id, keep: number): Promise<void> {
    this.writer.keepNewestRejections(userId, keep);
  }
  async forgetRejections(clientId: string, upTo: number, before: string): Promise<void> {
    this.writer.forgetRejections(clientId, upTo, before);
  }
  async usage(userId: Id): Promise<UserUsage> {
    return this.writer.usage(userId);
  }
  async idsNaming(table: NamingTable, userId: Id): Promise<Id[]> {
    return this.writer.idsNaming(table, userId);
  }
  async forgetUser(userId: Id): Promise<void> {
    this.writer.forgetUser(userId);
  }
}

export class SqliteSyncRows implements SyncRows {
  readonly reads: ReadStore;
  /** One process writes the database, one transaction at a time (its write turns). */
  readonly soleWriter = true;
  /** The reader connection holds one read transaction at a time. */
  private readonly snapshots = new WriteQueue();

  constructor(
    private readonly writer: SyncWriter,
    private readonly reader: SyncReader,
    /** The service-wide id sequence, in the open transaction (ServerStore.allocateIds). */
    private readonly allocate: (count: number) => Id,
  ) {
    this.reads = asReadStore(reader);
  }

  /** One transaction at a time already (the write queue): `options` change nothing here. */
  async transaction<T>(fn: (tx: SyncTx) => Promise<T>, _options?: TransactionOptions): Promise<T> {
    this.writer.beginPlain();
    try {
      const result = await fn(new SqliteSyncTx(this.writer, this.allocate));
      this.writer.commit();
      return result;
    } catch (e) {
      this.writer.rollback();
      throw e;
    }
  }

  /** On the writer connection: inside a group's transaction, it sees the group's writes. */
  async device(clientId: string): Promise<{ userId: Id; lastMutationId: number } | undefined> {
    return this.writer.client(clientId);
  }

  snapshot<T>(fn: (snapshot: SyncSnapshot) => Promise<T>): Promise<T> {
    return this.snapshots.run(async () => {
      this.reader.beginRead();
      try {
        return await fn(new SqliteSnapshot(this.reader));
      } finally {
        this.reader.endRead();
      }
    });
  }

  /** An error of SQLite itself (better-sqlite3's SqliteError codes all start with SQLITE_). */
  isStoreFailure(e: unknown): boolean {
    const code = (e as { code?: unknown } | null)?.code;
    return typeof code === 'string' && code.startsWith('SQLITE_');
  }

  isUniqueViolation(e: unknown): boolean {
    return (e as { code?: unknown } | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE';
  }
}
