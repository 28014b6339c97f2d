/**
 * The synced rows in SQLite: the domain's Store for mutators (on the writer connection, inside a
 * versioned transaction) and the reads that pulls need (on a reader connection, which in WAL
 * mode sees only committed data). All SQL of sync lives here.
 */
import type { Database, Statement } from 'better-sqlite3';
import {
  type Id,
  type IdWindow,
  type IndexName,
  type IndexValue,
  type NamingTable,
  type Store,
  type TableName,
  type Tables,
} from '@popote/domain';
import { indexEntries, rowColumns } from '../row-columns.js';
import type { PulledRejection, RawRow, StoredRejection, UserUsage } from '../ports.js';

export type { RawRow, StoredRejection, UserUsage } from '../ports.js';

/** Read access to the synced rows, as the domain's ReadStore plus what pulls need. */
/** rawByIds reads a range whole from this many ids on, when they fill half of it or more. */
const RANGE_READ_MIN_IDS = 64;
const RANGE_READ_MAX_SPREAD = 2;

/** A window's bounds as bound parameters: every id after `after`, or all of them. */
function windowBounds(window: IdWindow): { after: number; limit: number } {
  return { after: window.after ?? Number.MIN_SAFE_INTEGER, limit: window.limit };
}

export class SyncReader {
  private readonly stmts: {
    get: Statement;
    where: Statement;
    whereIds: Statement;
    whereIdsAfter: Statement;
    all: Statement;
    allIds: Statement;
    allIdsAfter: Statement;
    version: Statement;
    changedSince: Statement;
    rawByIds: Map<number, Statement>;
    rawRange: Statement;
    rejections: Statement;
    rejectionsToForget: Statement;
    lastMutationId: Statement;
    ownerIds: Statement;
    client: Statement;
  };

  constructor(protected readonly db: Database) {
    this.stmts = {
      get: db.prepare('SELECT data FROM rows WHERE tbl = ? AND id = ? AND data IS NOT NULL'),
      where: db.prepare(
        `SELECT r.data FROM row_index i JOIN rows r ON r.tbl = i.tbl AND r.id = i.id
         WHERE i.tbl = ? AND i.idx = ? AND i.value = ? ORDER BY i.id`,
      ),
      whereIds: db
        .prepare('SELECT id FROM row_index WHERE tbl = ? AND idx = ? AND value = ? ORDER BY id')
        .pluck(),
      whereIdsAfter: db
        .prepare(
          'SELECT id FROM row_index WHERE tbl = ? AND idx = ? AND value = ? AND id > ? ORDER BY id LIMIT ?',
        )
        .pluck(),
      all: db
        .prepare('SELECT data FROM rows WHERE tbl = ? AND data IS NOT NULL ORDER BY id')
        .pluck(),
      allIds: db
        .prepare('SELECT id FROM rows WHERE tbl = ? AND data IS NOT NULL ORDER BY id')
        .pluck(),
      allIdsAfter: db
        .prepare(
          'SELECT id FROM rows WHERE tbl = ? AND id > ? AND data IS NOT NULL ORDER BY id LIMIT ?',
        )
        .pluck(),
      version: db.prepare("SELECT value FROM meta WHERE key = 'version'").pluck(),
      changedSince: db.prepare(
        `SELECT tbl, id, owner, version, data, author, public_at AS publicAt FROM rows
         WHERE version > ? AND version <= ? AND (version > ? OR (version = ? AND (tbl > ? OR (tbl = ? AND id > ?))))
         ORDER BY version, tbl, id LIMIT ?`,
      ),
      rawByIds: new Map(),
      rawRange: db
        .prepare(
          'SELECT id, data FROM rows WHERE tbl = ? AND id BETWEEN ? AND ? AND data IS NOT NULL ORDER BY id',
        )
        .raw(),
      rejections: db.prepare(
        `SELECT mutation_id AS mutationId, name, args, message, at, version FROM rejections
         WHERE client_id = ? AND version > ? AND version <= ?
         ORDER BY version, mutation_id LIMIT ?`,
      ),
      rejectionsToForget: db
        .prepare(
          `SELECT EXISTS (SELECT 1 FROM rejections
             WHERE client_id = ? AND version <= ? AND at < ?)`,
        )
        .pluck(),
      lastMutationId: db
        .prepare('SELECT last_mutation_id FROM sync_clients WHERE client_id = ?')
        .pluck(),
      ownerIds: db
        .prepare('SELECT id FROM rows WHERE tbl = ? AND owner = ? AND data IS NOT NULL ORDER BY id')
        .pluck(),
      client: db.prepare(
        'SELECT user_id AS userId, last_mutation_id AS lastMutationId FROM sync_clients WHERE client_id = ?',
      ),
    };
  }

  /** Opens a read transaction: every read until endRead() sees the same committed snapshot. */
  beginRead(): void {
    this.db.exec('BEGIN DEFERRED');
  }

  endRead(): void {
    if (this.db.inTransaction) this.db.exec('COMMIT');
  }

  get<T extends TableName>(table: T, id: Id): Tables[T] | undefined {
    const row = this.stmts.get.get(table, id) as { data: string } | undefined;
    return row ? (JSON.parse(row.data) as Tables[T]) : undefined;
  }

  where<T extends TableName>(table: T, index: IndexName<T>, value: IndexValue): Tables[T][] {
    return (this.stmts.where.all(table, index, value) as { data: string }[]).map(
      (r) => JSON.parse(r.data) as Tables[T],
    );
  }

  /** With a window, only its ids (see ReadStore.whereIds). */
  whereIds<T extends TableName>(
    table: T,
    index: IndexName<T>,
    value: IndexValue,
    window?: IdWindow,
  ): Id[] {
    if (window === undefined) return this.stmts.whereIds.all(table, index, value) as Id[];
    const { after, limit } = windowBounds(window);
    return this.stmts.whereIdsAfter.all(table, index, value, after, limit) as Id[];
  }

  all<T extends TableName>(table: T): Tables[T][] {
    return (this.stmts.all.all(table) as string[]).map((d) => JSON.parse(d) as Tables[T]);
  }

  /** With a window, only its ids (see ReadStore.allIds). */
  allIds(table: TableName, window?: IdWindow): Id[] {
    if (window === undefined) return this.stmts.allIds.all(table) as Id[];
    const { after, limit } = windowBounds(window);
    return this.stmts.allIdsAfter.all(table, after, limit) as Id[];
  }

  /** The live rows of an owner-only table that belong to a user. */
  ownedIds(table: TableName, owner: Id): Id[] {
    return this.stmts.ownerIds.all(table, owner) as Id[];
  }

  /** The version of the last committed write. */
  version(): number {
    return Number(this.stmts.version.get());
  }

  /** Rows written after `since` up to `upTo`, after the position (version, tbl, id), in order. */
  changedSince(
    since: number,
    upTo: number,
    after: { version: number; tbl: string; id: Id },
    limit: number,
  ): RawRow[] {
    return this.stmts.changedSince.all(
      since,
      upTo,
      after.version,
      after.version,
      after.tbl,
      after.tbl,
      after.id,
      limit,
    ) as RawRow[];
  }

  /** The JSON text of live rows, in the order of ids (missing ones skipped). */
  rawByIds(table: TableName, ids: readonly Id[]): { id: Id; data: string }[] {
    const found: { id: Id; data: string }[] = [];
    if (ids.length >= RANGE_READ_MIN_IDS) {
      let min = Infinity;
      let max = -Infinity;
      let sorted = true;
      for (const id of ids) {
        if (id < max) sorted = false;
        if (id < min) min = id;
        if (id > max) max = id;
      }
      // Ids filling most of their span (a first sync reads nearly every row of a library): one
      // walk of the range instead of a lookup per id, the rows not asked for left out (issue 36).
      if (max - min + 1 <= ids.length * RANGE_READ_MAX_SPREAD) {
        // [id, data] pairs in id order: cheaper than an object per row.
        const rows = this.stmts.rawRange.all(table, min, max) as [Id, string][];
        if (sorted) {
          // Both in id order: one walk through the two lists.
          let r = 0;
          for (const id of ids) {
            while (r < rows.length && rows[r]![0] < id) r++;
            if (r < rows.length && rows[r]![0] === id) found.push({ id, data: rows[r]![1] });
          }
        } else {
          const byId = new Map(rows);
          for (const id of ids) {
            const data = byId.get(id);
            if (data !== undefined) found.push({ id, data });
          }
        }
        return found;
      }
    }
    const CHUNK = 500;
    for (let start = 0; start < ids.length; start += CHUNK) {
      const chunk = ids.slice(start, start + CHUNK);
      let stmt = this.stmts.rawByIds.get(chunk.length);
      if (!stmt) {
        stmt = this.db.prepare(
          `SELECT id, data FROM rows WHERE tbl = ? AND data IS NOT NULL AND id IN (${chunk.map(() => '?').join(',')})`,
        );
        this.stmts.rawByIds.set(chunk.length, stmt);
      }
      const byId = new Map(
        (stmt.all(table, ...chunk) as { id: Id; data: string }[]).map((r) => [r.id, r.data]),
      );
      for (const id of chunk) {
        const data = byId.get(id);
        if (data !== undefined) found.push({ id, data });
      }
    }
    return found;
  }

  rejectionsFor(clientId: string, since: number, upTo: number, limit = -1): PulledRejection[] {
    // LIMIT -1: no limit.
    return this.stmts.rejections.all(clientId, since, upTo, limit) as PulledRejection[];
  }

  hasRejectionsToForget(clientId: string, upTo: number, before: string): boolean {
    return this.stmts.rejectionsToForget.get(clientId, upTo, before) === 1;
  }

  lastMutationId(clientId: string): number {
    return Number(this.stmts.lastMutationId.get(clientId) ?? 0);
  }

  client(clientId: string): { userId: Id; lastMutationId: number } | undefined {
    return this.stmts.client.get(clientId) as { userId: Id; lastMutationId: number } | undefined;
  }
}

/** The domain's async Store over a reader (for rules that read, such as visibility). */
export function asReadStore(reader: SyncReader): Omit<Store, 'put' | 'delete'> {
  return {
    get: async (t, id) => reader.get(t, id),
    getMany: async (t, ids) =>
      ids.map((id) => reader.get(t, id)).filter((r): r is NonNullable<typeof r> => r !== undefined),
    where: async (t, i, v) => reader.where(t, i, v),
    whereIds: async (t, i, v, w) => reader.whereIds(t, i, v, w),
    all: async (t) => reader.all(t),
    allIds: async (t, w) => reader.allIds(t, w),
  };
}

/** Writes of synced rows, on the writer connection. */
export class SyncWriter extends SyncReader {
  /** Per open transaction of this writer: whether it is a savepoint of an outer one. */
  private readonly nested: boolean[] = [];
  private readonly w: {
    put: Statement;
    tombstone: Statement;
    dropIndex: Statement;
    addIndex: Statement;
    exists: Statement;
    bumpVersion: Statement;
    lease: Statement;
    leaseAt: Statement;
    addClient: Statement;
    setLast: Statement;
    reject: Statement;
    rejectedArgsBytes: Statement;
    keepNewestRejections: Statement;
    forgetRejections: Statement;
    usage: Statement;
  };

  constructor(db: Database) {
    super(db);
    this.w = {
      // public_at: this version if the row is published now or was until this write.
      put: db.prepare(
        `INSERT INTO rows (tbl, id, owner, version, data, author, public_at) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (tbl, id) DO UPDATE SET owner = excluded.owner, version = excluded.version,
           data = excluded.data, author = excluded.author,
           public_at = CASE WHEN excluded.public_at IS NOT NULL THEN excluded.public_at
             WHEN json_extract(rows.data, '$.isPublished') = 1 THEN excluded.version
             ELSE rows.public_at END`,
      ),
      tombstone: db.prepare(
        `UPDATE rows SET data = NULL, version = @version,
           public_at = CASE WHEN json_extract(data, '$.isPublished') = 1 THEN @version ELSE public_at END
         WHERE tbl = @tbl AND id = @id AND data IS NOT NULL`,
      ),
      dropIndex: db.prepare('DELETE FROM row_index WHERE tbl = ? AND id = ?'),
      addIndex: db.prepare(
        'INSERT OR IGNORE INTO row_index (tbl, idx, value, id) VALUES (?, ?, ?, ?)',
      ),
      // A menu or recipe keeps its owner as its author (row-columns.ts).
      exists: db.prepare(
        'SELECT COALESCE(owner, author) AS owner FROM rows WHERE tbl = ? AND id = ?',
      ),
      // The next version, taken and read in one statement.
      bumpVersion: db
        .prepare("UPDATE meta SET value = value + 1 WHERE key = 'version' RETURNING value")
        .pluck(),
      lease: db.prepare(
        'INSERT INTO id_leases (first, count, user_id, client_id, leased_at) VALUES (?, ?, ?, ?, ?)',
      ),
      leaseAt: db.prepare(
        'SELECT first, count, user_id AS userId FROM id_leases WHERE first <= ? ORDER BY first DESC LIMIT 1',
      ),
      addClient: db.prepare(
        'INSERT INTO sync_clients (client_id, user_id, last_mutation_id, created_at) VALUES (?, ?, 0, ?)',
      ),
      setLast: db.prepare('UPDATE sync_clients SET last_mutation_id = ? WHERE client_id = ?'),
      reject: db.prepare(
        `INSERT OR REPLACE INTO rejections
           (client_id, mutation_id, name, args, message, at, version, user_id, args_bytes)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      rejectedArgsBytes: db
        .prepare('SELECT coalesce(sum(args_bytes), 0) FROM rejections WHERE user_id = ?')
        .pluck(),
      keepNewestRejections: db.prepare(
        `DELETE FROM rejections WHERE user_id = @user AND version <= (
           SELECT version FROM rejections WHERE user_id = @user
           ORDER BY version DESC LIMIT 1 OFFSET @keep)`,
      ),
      forgetRejections: db.prepare(
        'DELETE FROM rejections WHERE client_id = ? AND version <= ? AND at < ?',
      ),
      usage: db.prepare('SELECT rows, bytes, stays FROM user_usage WHERE user_id = ?'),
    };
  }

  /** Starts a versioned write: every row written until commit() carries the new version. */
  begin(): number {
    this.beginPlain();
    return this.nextVersion();
  }

  /**
   * Starts a write transaction that takes a version only if it asks for one. Inside a
   * transaction already open (a group commit's, GroupCommitTurns) it is a savepoint of it:
   * committed with the group, undone alone.
   */
  beginPlain(): void {
    const inside = this.db.inTransaction;
    this.db.exec(inside ? 'SAVEPOINT sync_write' : 'BEGIN IMMEDIATE');
    this.nested.push(inside);
  }

  /** Takes the next global version, inside a write transaction already open. */
  nextVersion(): number {
    return Number(this.w.bumpVersion.get());
  }

  commit(): void {
    // Popped once done: a failed COMMIT is followed by rollback(), which pops it.
    this.db.exec(this.nested[this.nested.length - 1] ? 'RELEASE sync_write' : 'COMMIT');
    this.nested.pop();
  }

  rollback(): void {
    const inside = this.nested.pop();
    // SQLite may have rolled the whole transaction back itself (disk full, I/O error).
    if (!this.db.inTransaction) return;
    this.db.exec(inside ? 'ROLLBACK TO sync_write; RELEASE sync_write' : 'ROLLBACK');
  }

  putRow<T extends TableName>(table: T, row: Tables[T], version: number): void {
    const columns = rowColumns(table, row, version);
    this.w.put.run(
      table,
      row.id,
      columns.owner,
      version,
      columns.data,
      columns.author,
      columns.publicAt,
    );
    this.w.dropIndex.run(table, row.id);
    for (const { index, value } of indexEntries(table, row)) {
      this.w.addIndex.run(table, index, value, row.id);
    }
  }

  deleteRow(table: TableName, id: Id, version: number): void {
    this.w.tombstone.run({ version, tbl: table, id });
    this.w.dropIndex.run(table, id);
  }

  /** True when the id was ever used in the table (tombstones included: ids are never reused). */
  /** The row (or tombstone) that used the id in the table, with its owner; null if none. */
  idUse(table: TableName, id: Id): { owner: Id | null } | null {
    return (this.w.exists.get(table, id) as { owner: Id | null } | undefined) ?? null;
  }

  leaseIds(first: Id, count: number, userId: Id, clientId: string, at: number): void {
    this.w.lease.run(first, count, userId, clientId, at);
  }

  /** The user an id was leased to, or null. */
  leasedTo(id: Id): Id | null {
    const lease = this.w.leaseAt.get(id) as
      { first: number; count: number; userId: number } | undefined;
    return lease && id < lease.first + lease.count ? lease.userId : null;
  }

  addClient(clientId: string, userId: Id, at: number): void {
    this.w.addClient.run(clientId, userId, at);
  }

  setLastMutationId(clientId: string, id: number): void {
    this.w.setLast.run(id, clientId);
  }

  recordRejection(clientId: string, userId: Id, rejection: StoredRejection, version: number): void {
    this.w.reject.run(
      clientId,
      rejection.mutationId,
      rejection.name,
      rejection.args,
      rejection.message,
      rejection.at,
      version,
      userId,
      Buffer.byteLength(rejection.args),
    );
  }

  rejectedArgsBytes(userId: Id): number {
    return Number(this.w.rejectedArgsBytes.get(userId));
  }

  keepNewestRejections(userId: Id, keep: number): void {
    this.w.keepNewestRejections.run({ user: userId, keep });
  }

  forgetRejections(clientId: string, upTo: number, before: string): void {
    this.w.forgetRejections.run(clientId, upTo, before);
  }

  /** What the user holds, this transaction's writes included. */
  usage(userId: Id): UserUsage {
    return (this.w.usage.get(userId) as UserUsage | undefined) ?? { rows: 0, bytes: 0, stays: 0 };
  }

  /** Live rows of the table naming the user (see SyncTx.idsNaming). */
  idsNaming(table: NamingTable, userId: Id): Id[] {
    const sql =
      table === 'stayJournal'
        ? `SELECT id FROM rows WHERE tbl = 'stayJournal' AND data IS NOT NULL
             AND (json_extract(data, '$.userId') = @user
               OR json_extract(data, '$.args.userId') = @user)`
        : table === 'register'
          ? `SELECT id FROM rows WHERE tbl = 'register' AND data IS NOT NULL
             AND json_extract(data, '$.by') = @user`
          : `SELECT id FROM rows WHERE tbl = 'stayInvitations' AND data IS NOT NULL
             AND json_extract(data, '$.usedBy') = @user`;
    return this.db.prepare(sql).pluck().all({ user: userId }) as Id[];
  }

  /** Forgets the user on the sync side (see SyncTx.forgetUser). */
  forgetUser(userId: Id): void {
    const run = (sql: string) => this.db.prepare(sql).run({ user: userId });
    run(`DELETE FROM rejections WHERE user_id = @user
           OR client_id IN (SELECT client_id FROM sync_clients WHERE user_id = @user)`);
    run('DELETE FROM sync_clients WHERE user_id = @user');
    run('DELETE FROM id_leases WHERE user_id = @user');
    run('UPDATE rows SET owner = NULL WHERE owner = @user AND data IS NULL');
    run('UPDATE rows SET author = NULL WHERE author = @user AND data IS NULL');
    run('DELETE FROM user_usage WHERE user_id = @user');
  }

  /** Runs fn as one versioned write transaction (synchronous work only). */
  write<T>(fn: (version: number) => T): T {
    const version = this.begin();
    try {
      const result = fn(version);
      this.commit();
      return result;
    } catch (e) {
      this.rollback();
      throw e;
    }
  }
}
