/**
 * The synced rows on PostgreSQL (the interface of ports.ts), for several server processes on
 * one database. All SQL of sync on PostgreSQL lives here.
 *
 * - A write transaction runs SERIALIZABLE and is run again from the start when PostgreSQL
 *   refuses it for a conflict with another one (two instances changing the same rows): the
 *   mutators are deterministic, so running one again gives the same writes.
 * - A row's version is its transaction's id (plus the database's offset). Transactions commit
 *   in any order, so a pull sends the changes up to just below the oldest transaction still
 *   running, never past it: a transaction that commits late is sent by the next pull, never
 *   skipped. Each device's progress is kept with the version that recorded it, so that the
 *   last mutation a pull confirms is one whose rows that pull holds.
 */
import type { Pool, QueryResult, QueryResultRow } from 'pg';
import {
  type Id,
  type IdWindow,
  type IndexName,
  type IndexValue,
  type NamingTable,
  type ReadStore,
  type TableName,
  type Tables,
} from '@popote/domain';
import { prepared } from './database.js';
import { Batched } from './batched.js';
import { ProgressSweep } from './progress-sweep.js';
import { TxPipe, type Statement } from './tx-pipe.js';
import { indexEntries, rowColumns } from '../row-columns.js';
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

/** What both a pool (one statement, one transaction) and a transaction's pipe answer. */
export interface Queryable {
  query<R extends QueryResultRow = QueryResultRow>(
    statement: Statement,
    values?: unknown[],
  ): Promise<QueryResult<R>>;
}

/**
 * How many times a write transaction is tried before its conflict is reported, and the pause
 * before a new try: growing (2, 4, 8… ms up to 250 ms, with jitter) so that a long transaction
 * that keeps winning (a wizard writing thousands of rows) has time to end.
 */
const MAX_ATTEMPTS = 40;
const MAX_RETRY_PAUSE_MS = 250;
/** The first key of the advisory locks that order one user's transactions. */
const USER_LOCKS = 727_002;
/** PostgreSQL's codes for "try the transaction again": serialization failure, deadlock. */
const RETRY_CODES = new Set(['40001', '40P01']);

/** A device as the server knows it. */
type Device = { userId: Id; lastMutationId: number };

/** Ids stay exact in a JavaScript number (and in a browser's IndexedDB key). */
const MAX_ID = Number.MAX_SAFE_INTEGER;

const indexText = (value: IndexValue): string => String(value);

const GET_ROW = 'SELECT data FROM rows WHERE tbl = $1 AND id = $2 AND data IS NOT NULL';
const GET_USAGE = 'SELECT rows, bytes, stays FROM user_usage WHERE user_id = $1';

/** The current transaction's id; assigns one if the transaction has none yet. */
const XACT_ID = 'pg_current_xact_id()::text::bigint';
/** Every transaction below this one has ended (committed or rolled back). */
const HORIZON = 'pg_snapshot_xmin(pg_current_snapshot())::text::bigint - 1';

export class PgReads implements SyncSnapshot {
  constructor(
    protected readonly db: Queryable,
    /** Added to transaction ids (meta 'version_offset'). */
    protected readonly offset: number,
  ) {}

  /** Runs one of this module's statements, prepared once per connection. */
  protected q<R extends QueryResultRow = QueryResultRow>(
    text: string,
    values?: unknown[],
  ): Promise<QueryResult<R>> {
    return this.db.query<R>(prepared(text, values));
  }

  async get<T extends TableName>(table: T, id: Id): Promise<Tables[T] | undefined> {
    const r = await this.q<{ data: string }>(GET_ROW, [table, id]);
    return r.rows[0] ? (JSON.parse(r.rows[0].data) as Tables[T]) : undefined;
  }

  async getMany<T extends TableName>(table: T, ids: readonly Id[]): Promise<Tables[T][]> {
    if (ids.length === 0) return [];
    const found = await this.rawByIds(table, ids);
    return found.map((r) => JSON.parse(r.data) as Tables[T]);
  }

  async where<T extends TableName>(
    table: T,
    index: IndexName<T>,
    value: IndexValue,
  ): Promise<Tables[T][]> {
    const r = await this.q<{ data: string }>(
      `SELECT r.data FROM row_index i JOIN rows r ON r.tbl = i.tbl AND r.id = i.id
       WHERE i.tbl = $1 AND i.idx = $2 AND i.value = $3 ORDER BY i.id`,
      [table, index, indexText(value)],
    );
    return r.rows.map((row) => JSON.parse(row.data) as Tables[T]);
  }

  /** With a window, only its ids (see ReadStore.whereIds). */
  async whereIds<T extends TableName>(
    table: T,
    index: IndexName<T>,
    value: IndexValue,
    window?: IdWindow,
  ): Promise<Id[]> {
    const r =
      window === undefined
        ? await this.q<{ id: Id }>(
            'SELECT id FROM row_index WHERE tbl = $1 AND idx = $2 AND value = $3 ORDER BY id',
            [table, index, indexText(value)],
          )
        : await this.q<{ id: Id }>(
            `SELECT id FROM row_index WHERE tbl = $1 AND idx = $2 AND value = $3 AND id > $4
             ORDER BY id LIMIT $5`,
            [table, index, indexText(value), window.after ?? -MAX_ID, window.limit],
          );
    return r.rows.map((row) => row.id);
  }

  async all<T extends TableName>(table: T): Promise<Tables[T][]> {
    const r = await this.q<{ data: string }>(
      'SELECT data FROM rows WHERE tbl = $1 AND data IS NOT NULL ORDER BY id',
      [table],
    );
    return r.rows.map((row) => JSON.parse(row.data) as Tables[T]);
  }

  /** With a window, only its ids (see ReadStore.allIds). */
  async allIds(table: TableName, window?: IdWindow): Promise<Id[]> {
    const r =
      window === undefined
        ? await this.q<{ id: Id }>(
            'SELECT id FROM rows WHERE tbl = $1 AND data IS NOT NULL ORDER BY id',
            [table],
          )
        : await this.q<{ id: Id }>(
            'SELECT id FROM rows WHERE tbl = $1 AND id > $2 AND data IS NOT NULL ORDER BY id LIMIT $3',
            [table, window.after ?? -MAX_ID, window.limit],
          );
    return r.rows.map((row) => row.id);
  }

  async ownedIds(table: TableName, owner: Id): Promise<Id[]> {
    const r = await this.q<{ id: Id }>(
      'SELECT id FROM rows WHERE tbl = $1 AND owner = $2 AND data IS NOT NULL ORDER BY id',
      [table, owner],
    );
    return r.rows.map((row) => row.id);
  }

  async version(): Promise<number> {
    const r = await this.q<{ v: number }>(`SELECT ${HORIZON} AS v`);
    return r.rows[0]!.v + this.offset;
  }

  async changedSince(
    since: number,
    upTo: number,
    after: ChangePosition,
    limit: number,
  ): Promise<RawRow[]> {
    const r = await this.q<RawRow>(
      `SELECT tbl, id, owner, version, data, author, public_at AS "publicAt" FROM rows
       WHERE version > $1 AND version <= $2 AND (version, tbl, id) > ($3, $4, $5)
       ORDER BY version, tbl, id LIMIT $6`,
      [since, upTo, after.version, after.tbl, after.id, limit],
    );
    return r.rows;
  }

  async rawByIds(table: TableName, ids: readonly Id[]): Promise<{ id: Id; data: string }[]> {
    if (ids.length === 0) return [];
    const r = await this.q<{ id: Id; data: string }>(
      'SELECT id, data FROM rows WHERE tbl = $1 AND data IS NOT NULL AND id = ANY($2::bigint[])',
      [table, ids],
    );
    const byId = new Map(r.rows.map((row) => [row.id, row.data]));
    const found: { id: Id; data: string }[] = [];
    for (const id of ids) {
      const data = byId.get(id);
      if (data !== undefined) found.push({ id, data });
    }
    return found;
  }

  async rejectionsFor(
    clientId: string,
    since: number,
    upTo: number,
    limit?: number,
  ): Promise<PulledRejection[]> {
    const r = await this.q<PulledRejection>(
      `SELECT mutation_id AS "mutationId", name, args, message, at, version FROM rejections
       WHERE client_id = $1 AND version > $2 AND version <= $3
       ORDER BY version, mutation_id LIMIT $4`,
      [clientId, since, upTo, limit ?? null], // LIMIT NULL: no limit
    );
    return r.rows;
  }

  async hasRejectionsToForget(clientId: string, upTo: number, before: string): Promise<boolean> {
    const r = await this.q<{ found: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM rejections
         WHERE client_id = $1 AND version <= $2 AND at < $3 COLLATE "C") AS found`,
      [clientId, upTo, before],
    );
    return r.rows[0]!.found;
  }

  /** The device's last mutation whose transaction is below this snapshot's horizon. */
  async lastMutationId(clientId: string): Promise<number> {
    const r = await this.q<{ m: number }>(
      `SELECT last_mutation_id AS m FROM client_progress
       WHERE client_id = $1 AND version <= ${HORIZON} + $2
       ORDER BY version DESC LIMIT 1`,
      [clientId, this.offset],
    );
    return r.rows[0]?.m ?? 0;
  }

  /** The JSON text of the live stay whose export link carries this secret, if any. */
  async stayDataBySecret(secret: string): Promise<string | undefined> {
    // Answered from the unique expression index rows_stay_export_secret (same expression).
    const r = await this.q<{ data: string }>(
      `SELECT data FROM rows
       WHERE tbl = 'stays' AND data IS NOT NULL AND (data::jsonb ->> 'exportSecret') = $1
       LIMIT 1`,
      [secret],
    );
    return r.rows[0]?.data;
  }

  async client(clientId: string): Promise<{ userId: Id; lastMutationId: number } | undefined> {
    const r = await this.q<{ userId: Id; lastMutationId: number }>(
      `SELECT user_id AS "userId", last_mutation_id AS "lastMutationId" FROM sync_clients
       WHERE client_id = $1`,
      [clientId],
    );
    return r.rows[0];
  }
}

export class PgSyncTx extends PgReads implements SyncTx {
  private taken: Promise<number> | null;
  /**
   * The user's reads sent ahead (prefetchUser), kept until the transaction writes: its
   * snapshot is fixed (SERIALIZABLE), so until then they are what the reads would answer.
   */
  private ahead: {
    userId: Id;
    pseudonym: Promise<QueryResult<{ data: string }>>;
    usage: Promise<QueryResult<UserUsage>>;
  } | null = null;

  /** `xactId`: the transaction's id, when its start takes one (a user's write, runPgTransaction). */
  constructor(
    private readonly pipe: TxPipe,
    offset: number,
    xactId?: Promise<number>,
    /** Told of the devices whose progress this transaction records. */
    private readonly sweep?: ProgressSweep,
  ) {
    super(pipe, offset);
    this.taken = xactId === undefined ? null : xactId.then((id) => id + offset);
    // Checked by the pipe (TxPipe.open) when it fails; awaited by writes.
    this.taken?.catch(() => undefined);
  }

  /**
   * Sends, without waiting, the two reads a user's write transaction starts with (the
   * deleted-account check reads the user's pseudonym, and a mutation's quota the usage before
   * it): they travel with the transaction's first statement instead of a round trip each.
   */
  prefetchUser(userId: Id): void {
    this.ahead = {
      userId,
      pseudonym: this.pipe.ahead<{ data: string }>(prepared(GET_ROW, ['users', userId])),
      usage: this.pipe.ahead<UserUsage>(prepared(GET_USAGE, [userId])),
    };
  }

  /** Sends a write whose answer nothing waits for (TxPipe): it travels with the next one. */
  private write(text: string, values: unknown[]): Promise<void> {
    this.ahead = null;
    return this.pipe.defer(prepared(text, values));
  }

  /** Sends a write and waits for its answer (once the transaction is open: TxPipe.write). */
  private writeNow<R extends QueryResultRow>(text: string, values: unknown[]) {
    this.ahead = null;
    return this.pipe.write<R>(prepared(text, values));
  }

  override async get<T extends TableName>(table: T, id: Id): Promise<Tables[T] | undefined> {
    if (table !== 'users' || this.ahead?.userId !== id) return super.get(table, id);
    const r = await this.ahead.pseudonym;
    return r.rows[0] ? (JSON.parse(r.rows[0].data) as Tables[T]) : undefined;
  }

  writeVersion(): Promise<number> {
    this.taken ??= this.q<{ v: number }>(`SELECT ${XACT_ID} AS v`).then(
      (r) => r.rows[0]!.v + this.offset,
    );
    return this.taken;
  }

  /**
   * Writes the row and its index entries in one statement (one round trip): entries it no
   * longer has are dropped, new ones added; kept ones are left as they are.
   */
  async putRow<T extends TableName>(table: T, row: Tables[T]): Promise<void> {
    const version = await this.writeVersion();
    const columns = rowColumns(table, row, version);
    const entries = indexEntries(table, row);
    // A stay with an export secret may break the secrets' unique index: its caller tells that
    // error apart (mutation-context.ts), so that write is waited for. Any other is deferred.
    const send =
      table === 'stays' && ((row as { exportSecret?: unknown }).exportSecret ?? null) !== null
        ? (text: string, values: unknown[]) => this.writeNow(text, values).then(() => undefined)
        : (text: string, values: unknown[]) => this.write(text, values);
    // public_at: this version if the row is published now or was until this write.
    await send(
      `WITH written AS (
         INSERT INTO rows (tbl, id, owner, version, data, author, public_at)
         VALUES ($1::text, $2::bigint, $3, $4, $5, $6, $7)
         ON CONFLICT (tbl, id) DO UPDATE SET owner = excluded.owner, version = excluded.version,
           data = excluded.data, author = excluded.author,
           public_at = CASE WHEN excluded.public_at IS NOT NULL THEN excluded.public_at
             WHEN (rows.data::jsonb ->> 'isPublished') = 'true' THEN excluded.version
             ELSE rows.public_at END
       ), entries AS (
         -- The same entry twice (a multi-entry index naming a value twice) would break the key.
         SELECT DISTINCT i, v FROM unnest($8::text[], $9::text[]) AS x(i, v)
       ), dropped AS (
         DELETE FROM row_index r WHERE r.tbl = $1::text AND r.id = $2::bigint
           AND (r.idx, r.value) NOT IN (SELECT i, v FROM entries)
       )
       INSERT INTO row_index (tbl, idx, value, id)
       SELECT $1::text, i, v, $2::bigint FROM entries ON CONFLICT DO NOTHING`,
      [
        table,
        row.id,
        columns.owner,
        version,
        columns.data,
        columns.author,
        columns.publicAt,
        entries.map((e) => e.index),
        entries.map((e) => indexText(e.value)),
      ],
    );
  }

  async deleteRow(table: TableName, id: Id): Promise<void> {
    const version = await this.writeVersion();
    await this.write(
      `WITH dropped AS (DELETE FROM row_index WHERE tbl = $2 AND id = $3)
       UPDATE rows SET data = NULL, version = $1,
         public_at = CASE WHEN (data::jsonb ->> 'isPublished') = 'true' THEN $1 ELSE public_at END
       WHERE tbl = $2 AND id = $3 AND data IS NOT NULL`,
      [version, table, id],
    );
  }

  async allocateIds(count: number): Promise<Id> {
    if (!Number.isSafeInteger(count) || count < 1) {
      throw new RangeError(`Nombre d'identifiants à réserver invalide : ${String(count)}.`);
    }
    // The row lock on 'next_id' orders concurrent reservations of every instance.
    const r = await this.writeNow<{ next: string }>(
      `UPDATE meta SET value = (value::bigint + $1)::text WHERE key = 'next_id'
       RETURNING (value::bigint - $1)::text AS next`,
      [count],
    );
    const first = Number(r.rows[0]!.next);
    if (first + count - 1 > MAX_ID) {
      throw new RangeError('Plus aucun identifiant disponible pour cette réservation.');
    }
    return first;
  }

  async leaseIds(first: Id, count: number, userId: Id, clientId: string, at: number) {
    await this.write(
      `INSERT INTO id_leases (first, count, user_id, client_id, leased_at)
       VALUES ($1, $2, $3, $4, $5)`,
      [first, count, userId, clientId, at],
    );
  }

  async leasedTo(id: Id): Promise<Id | null> {
    const r = await this.q<{ first: number; count: number; userId: Id }>(
      `SELECT first, count, user_id AS "userId" FROM id_leases WHERE first <= $1
       ORDER BY first DESC LIMIT 1`,
      [id],
    );
    const lease = r.rows[0];
    return lease && id < lease.first + lease.count ? lease.userId : null;
  }

  async idClaim(table: TableName, id: Id): Promise<IdClaim> {
    const r = await this.q<IdClaim>(
      `SELECT (SELECT CASE WHEN $2 < first + count THEN user_id END FROM id_leases
                WHERE first <= $2 ORDER BY first DESC LIMIT 1) AS "leasedTo",
              EXISTS (SELECT 1 FROM rows WHERE tbl = $1 AND id = $2) AS used,
              (SELECT COALESCE(owner, author) FROM rows WHERE tbl = $1 AND id = $2) AS "usedBy"`,
      [table, id],
    );
    return r.rows[0]!;
  }

  async addClient(clientId: string, userId: Id, at: number): Promise<void> {
    await this.write(
      `INSERT INTO sync_clients (client_id, user_id, last_mutation_id, created_at)
       VALUES ($1, $2, 0, $3)`,
      [clientId, userId, at],
    );
  }

  /**
   * Records the device's progress, with this transaction's version for pulls. The progress no
   * pull can ask for any more is dropped later, outside the transaction (progress-sweep.ts).
   */
  async setLastMutationId(clientId: string, id: number): Promise<void> {
    const version = await this.writeVersion();
    this.sweep?.note(clientId);
    await this.write(
      `WITH device AS (
         UPDATE sync_clients SET last_mutation_id = $3 WHERE client_id = $1
       )
       INSERT INTO client_progress (client_id, version, last_mutation_id) VALUES ($1, $2, $3)
       ON CONFLICT (client_id, version) DO UPDATE SET last_mutation_id = excluded.last_mutation_id`,
      [clientId, version, id],
    );
  }

  async recordRejection(clientId: string, userId: Id, rejection: StoredRejection): Promise<void> {
    const version = await this.writeVersion();
    await this.write(
      `INSERT INTO rejections
         (client_id, mutation_id, name, args, message, at, version, user_id, args_bytes)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (client_id, mutation_id) DO UPDATE SET name = excluded.name,
         args = excluded.args, message = excluded.message, at = excluded.at,
         version = excluded.version, user_id = excluded.user_id,
         args_bytes = excluded.args_bytes`,
      [
        clientId,
        rejection.mutationId,
        rejection.name,
        rejection.args,
        rejection.message,
        rejection.at,
        version,
        userId,
        Buffer.byteLength(rejection.args),
      ],
    );
  }

  async rejectedArgsBytes(userId: Id): Promise<number> {
    const r = await this.q<{ bytes: string }>(
      'SELECT coalesce(sum(args_bytes), 0) AS bytes FROM rejections WHERE user_id = $1',
      [userId],
    );
    return Number(r.rows[0]!.bytes);
  }

  async keepNewestRejections(userId: Id, keep: number): Promise<void> {
    await this.write(
      `DELETE FROM rejections WHERE user_id = $1 AND version <= (
         SELECT version FROM rejections WHERE user_id = $1
         ORDER BY version DESC LIMIT 1 OFFSET $2)`,
      [userId, keep],
    );
  }

  async forgetRejections(clientId: string, upTo: number, before: string): Promise<void> {
    await this.write(
      'DELETE FROM rejections WHERE client_id = $1 AND version <= $2 AND at < $3 COLLATE "C"',
      [clientId, upTo, before],
    );
  }

  async usage(userId: Id): Promise<UserUsage> {
    const r = await (this.ahead?.userId === userId
      ? this.ahead.usage
      : this.q<UserUsage>(GET_USAGE, [userId]));
    return r.rows[0] ?? { rows: 0, bytes: 0, stays: 0 };
  }

  async idsNaming(table: NamingTable, userId: Id): Promise<Id[]> {
    const sql =
      table === 'stayJournal'
        ? `SELECT id FROM rows WHERE tbl = 'stayJournal' AND data IS NOT NULL
             AND ((data::jsonb ->> 'userId') = $1::text
               OR (data::jsonb -> 'args' ->> 'userId') = $1::text)`
        : table === 'register'
          ? `SELECT id FROM rows WHERE tbl = 'register' AND data IS NOT NULL
             AND (data::jsonb ->> 'by') = $1::text`
          : `SELECT id FROM rows WHERE tbl = 'stayInvitations' AND data IS NOT NULL
             AND (data::jsonb ->> 'usedBy') = $1::text`;
    const r = await this.q<{ id: string | number }>(sql, [String(userId)]);
    return r.rows.map((row) => Number(row.id));
  }

  async forgetUser(userId: Id): Promise<void> {
    const clients = `SELECT client_id FROM sync_clients WHERE user_id = $1`;
    await this.writeNow(`DELETE FROM rejections WHERE user_id = $1 OR client_id IN (${clients})`, [
      userId,
    ]);
    await this.writeNow(`DELETE FROM client_progress WHERE client_id IN (${clients})`, [userId]);
    await this.writeNow('DELETE FROM sync_clients WHERE user_id = $1', [userId]);
    await this.writeNow('DELETE FROM id_leases WHERE user_id = $1', [userId]);
    await this.writeNow('UPDATE rows SET owner = NULL WHERE owner = $1 AND data IS NULL', [userId]);
    await this.writeNow('UPDATE rows SET author = NULL WHERE author = $1 AND data IS NULL', [
      userId,
    ]);
    await this.writeNow('DELETE FROM user_usage WHERE user_id = $1', [userId]);
  }
}

export class PgSyncRows implements SyncRows {
  readonly reads: ReadStore;
  private readonly committed: PgReads;

  /** Drops the device progress no pull needs any more, outside the pushes. */
  readonly sweep: ProgressSweep;

  private constructor(
    private readonly pool: Pool,
    /** Added to transaction ids to make versions (meta 'version_offset'). */
    readonly offset: number,
  ) {
    this.committed = new PgReads(pool, offset);
    this.reads = this.committed;
    this.sweep = new ProgressSweep(pool, offset, HORIZON);
  }

  /** Stops the sweeps (the pool is closing). */
  close(): void {
    this.sweep.close();
  }

  /** Reads the database's version offset once: it is set only when a database is copied in. */
  static async open(pool: Pool): Promise<PgSyncRows> {
    const r = await pool.query<{ value: string }>(
      "SELECT value FROM meta WHERE key = 'version_offset'",
    );
    return new PgSyncRows(pool, Number(r.rows[0]?.value ?? 0));
  }

  transaction<T>(fn: (tx: SyncTx) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    // The user's transactions take turns (on every instance): they wait for each other rather
    // than conflict and run again.
    const lock = options.forUser === undefined ? undefined : userLock(options.forUser);
    return runPgTransaction(
      this.pool,
      (pipe, xactId) => {
        const tx = new PgSyncTx(pipe, this.offset, xactId, this.sweep);
        if (options.forUser !== undefined) tx.prefetchUser(options.forUser);
        return fn(tx);
      },
      { lock },
    );
  }

  /**
   * Committed data: each of a user's transactions commits on its own. Every push asks it
   * first: the devices of many pushes are read at once (batched.ts).
   */
  device(clientId: string): Promise<{ userId: Id; lastMutationId: number } | undefined> {
    return this.devices.load(clientId);
  }

  private readonly devices = new Batched<string, Device | undefined>(async (clientIds) => {
    const r = await this.pool.query<Device & { clientId: string }>(
      prepared(
        `SELECT client_id AS "clientId", user_id AS "userId",
           last_mutation_id AS "lastMutationId" FROM sync_clients
         WHERE client_id = ANY($1::text[])`,
        [clientIds],
      ),
    );
    const found = new Map(
      r.rows.map(({ clientId, userId, lastMutationId }) => [clientId, { userId, lastMutationId }]),
    );
    return clientIds.map((id) => found.get(id));
  });

  snapshot<T>(fn: (snapshot: PgReads) => Promise<T>): Promise<T> {
    return this.pgSnapshot(fn);
  }

  /** The same, typed with PostgreSQL's own reads (the export link needs one more). */
  async pgSnapshot<T>(fn: (snapshot: PgReads) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      try {
        return await fn(new PgReads(client, this.offset));
      } finally {
        await client.query('COMMIT');
      }
    } finally {
      client.release();
    }
  }

  /** PostgreSQL failing (connection lost, disk full, too many conflicts), not the data. */
  isStoreFailure(e: unknown): boolean {
    const code = (e as { code?: unknown } | null)?.code;
    if (typeof code !== 'string') return false;
    // Classes 08 (connection), 53 (resources), 57 (operator intervention), 58 (system),
    // 40 (transaction rollback after all retries), XX (internal), 0A (a prepared statement
    // whose table another instance's upgrade changed: "cached plan must not change result
    // type"; the push fails and the device sends it again, it is never refused).
    return /^(08|53|57|58|40|XX|0A)/u.test(code) || code.startsWith('ECONN');
  }

  isUniqueViolation(e: unknown): boolean {
    return (e as { code?: unknown } | null)?.code === '23505';
  }
}

/** How every write transaction starts: SERIALIZABLE (see the module's comment). */
const BEGIN = 'BEGIN ISOLATION LEVEL SERIALIZABLE';

/**
 * Runs fn in one SERIALIZABLE transaction on a client of the pool, from the start again when
 * PostgreSQL refuses it for a conflict with another transaction (fn must only touch the
 * database, or be safe to run again). fn sends its statements through the TxPipe it is given:
 * its deferred writes travel with COMMIT.
 *
 * With a lock (a user's writes), the lock, BEGIN and the transaction's id (its version: such a
 * transaction writes) go in one round trip, and so do COMMIT and the unlock: statements
 * without parameters sent as one simple query, run in order. On two cores each round trip is
 * a switch between this process and PostgreSQL, and the user's lock is held meanwhile.
 */
export async function runPgTransaction<T>(
  pool: Pool,
  fn: (pipe: TxPipe, xactId: Promise<number> | undefined) => Promise<T>,
  { lock }: { lock?: AdvisoryLock } = {},
): Promise<T> {
  const client = await pool.connect();
  // Taken before BEGIN, on the session: the transaction's snapshot is then taken once the
  // lock's previous holder has committed, and sees its writes. (A lock taken by the
  // transaction's first statement comes after the snapshot, which then misses the previous
  // holder's writes: under SERIALIZABLE, each such pair conflicted and ran again.) Its
  // statements are made of two integers (userLock), never of text.
  const [lockSql, unlockSql] = lock
    ? [
        `SELECT pg_advisory_lock(${lock[0]}, ${lock[1]})`,
        `SELECT pg_advisory_unlock(${lock[0]}, ${lock[1]})`,
      ]
    : [null, null];
  // An aborted transaction's COMMIT rolls it back without an error: the unlock runs anyway.
  const commitSql = unlockSql === null ? 'COMMIT' : `COMMIT; ${unlockSql}`;
  let locked = false;
  // A connection whose session lock may be held still is closed, not reused.
  let unsure: Error | undefined;
  try {
    for (let attempt = 1; ; attempt++) {
      const pipe = new TxPipe(client);
      // Whether a transaction is open on the connection (to roll back after an error).
      let open = false;
      try {
        // The start is sent without waiting for it (TxPipe.open): fn's first reads go with
        // it, and its writes wait for it.
        let xactId: Promise<number> | undefined;
        if (lockSql === null) {
          void pipe.open(BEGIN);
        } else {
          // COMMIT ends the implicit transaction of the lock's statement: BEGIN then opens
          // the real one, whose snapshot is taken by the next statement, once the lock is held.
          const start = locked ? BEGIN : `${lockSql}; COMMIT; ${BEGIN}`;
          const started = pipe.open(`${start}; SELECT ${XACT_ID} AS v`) as Promise<QueryResult[]>;
          // Where it stopped is unknown if it failed (the lock may be held): the connection
          // is then closed, never reused.
          started.catch((e: Error) => (unsure ??= e));
          locked = true;
          xactId = started.then((results) => Number(results[results.length - 1]!.rows[0]!.v));
        }
        open = true;
        let result: T;
        try {
          result = await fn(pipe, xactId);
        } catch (e) {
          // A deferred write that failed came first: its error is the one to tell (a
          // conflict runs the transaction again, where fn's own error would be reported).
          await pipe.settle();
          throw e;
        }
        // COMMIT travels with the writes still on their way. Whatever happens to it, the
        // transaction ends with it: committed, or rolled back by an error.
        open = false;
        const committing = client.query(commitSql).then(
          () => null,
          (error: unknown) => ({ error }),
        );
        const written = await pipe.settle().then(
          () => null,
          (error: unknown) => ({ error }),
        );
        const ended = await committing;
        if (ended) throw ended.error;
        locked = false;
        // A deferred write failed: COMMIT rolled the transaction back (and the lock is free).
        if (written) throw written.error;
        return result;
      } catch (e) {
        if (unsure) throw e;
        // A connection that broke cannot roll back: the error that broke it is the one to tell.
        if (open) await client.query('ROLLBACK').catch(() => undefined);
        if (!isRetryable(e) || attempt >= MAX_ATTEMPTS) throw e;
        // Let the other transaction finish before trying again.
        const pause = Math.min(MAX_RETRY_PAUSE_MS, 2 ** attempt);
        await new Promise((resolve) =>
          setTimeout(resolve, pause / 2 + (Math.random() * pause) / 2),
        );
      }
    }
  } finally {
    if (locked && !unsure) {
      await client.query(unlockSql!).catch((e: Error) => {
        unsure = e;
      });
    }
    client.release(unsure);
  }
}

/** A session-level advisory lock: its two 32-bit keys. */
export type AdvisoryLock = readonly [number, number];

/** The lock that makes one user's write transactions take turns. */
export function userLock(userId: Id): AdvisoryLock {
  return [USER_LOCKS, userId % 2 ** 31];
}

function isRetryable(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRY_CODES.has(code);
}
