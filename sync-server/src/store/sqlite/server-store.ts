/**
 * The server's store on SQLite: the only place that speaks SQL (here and in the store modules
 * it builds). It answers ServerDatabase (ports.ts), the asynchronous interface the services
 * use; its synchronous parts (`db`, `sync`, `syncReader`, `allocateIds`) stay reachable for
 * the tests, the simulation and the benchmarks that look inside it.
 */
import { LocalChangeChannel } from '../change-channel.js';
import { randomBytes } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { invalid } from '@popote/domain';
import Sqlite from 'better-sqlite3';
import { openDatabase } from './database.js';
import { AccountsStore } from './accounts-store.js';
import type { AccountsReads, ExportLinkReads, ServerDatabase, StoreTx, SyncTx } from '../ports.js';
import { SqliteAccountsReads, SqliteAccountsWrites } from './accounts.js';
import { SqliteSyncRows } from './sync-rows.js';
import { SyncReader, SyncWriter } from './sync-store.js';
import { ExportLinkStore } from './export-link-store.js';
import { GroupCommitTurns, sqliteGroupTransaction } from './group-commit.js';

/** Ids stay exact in a JavaScript number (and in a browser's IndexedDB key). */
const MAX_ID = Number.MAX_SAFE_INTEGER;

export class ServerStore implements ServerDatabase {
  /** Accounts as committed, read on the reader connection (never an open transaction's). */
  readonly accounts: AccountsReads;
  /** Synced rows, written on the main connection. */
  readonly sync: SyncWriter;
  /** Synced rows read by pulls on a second connection, which sees only committed data. */
  readonly syncReader: SyncReader;
  /** The synced rows behind the database-neutral interface the sync service uses. */
  readonly rows: SqliteSyncRows;
  /** The public stay export link's reads, on the reader connection. */
  readonly exportLink: ExportLinkReads;
  /**
   * The turns at writing on `db`: sync mutations and `write()` take them, one at a time, and
   * the tasks that wait together share one commit (GroupCommitTurns).
   */
  readonly writes: GroupCommitTurns;
  /** One process: the hints go to this process's listeners. */
  readonly changes = new LocalChangeChannel();
  private readonly readerDb: Database;
  /** The accounts on the writer connection: reached only through `write()`'s transaction. */
  private readonly accountsTx: SqliteAccountsWrites;
  /**
   * True while a `write()` transaction runs, awaits included: its turn keeps every other
   * writer out until it ends, so an accounts write seen meanwhile belongs to it.
   */
  private writing = false;

  constructor(readonly db: Database) {
    this.sync = new SyncWriter(db);
    this.writes = new GroupCommitTurns(sqliteGroupTransaction(db));
    this.readerDb = new Sqlite(db.name, { readonly: true });
    this.readerDb.pragma('busy_timeout = 5000');
    this.syncReader = new SyncReader(this.readerDb);
    this.accounts = new SqliteAccountsReads(new AccountsStore(this.readerDb, () => false));
    this.accountsTx = new SqliteAccountsWrites(new AccountsStore(db, () => this.writing));
    const exportLink = new ExportLinkStore(this.readerDb, this.syncReader);
    // Its reads stay synchronous inside: no write commits halfway through the picture.
    this.exportLink = { readStayExport: async (secret) => exportLink.readStayExport(secret) };
    this.rows = new SqliteSyncRows(this.sync, this.syncReader, (n) => this.allocateIds(n));
  }

  static open(dataDir: string): ServerStore {
    return new ServerStore(openDatabase(dataDir));
  }

  /**
   * Runs fn as one write transaction in its turn on the writer connection (its own, or a
   * savepoint of its group's when other writes wait with it: released once fn resolves,
   * rolled back if it throws); the promise settles once that is committed. fn may await: the turn keeps every other writer off
   * the connection until it ends.
   */
  write<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T> {
    return this.writes.run(async () => {
      this.writing = true;
      try {
        return await this.rows.transaction((rows) => fn(this.storeTx(rows)));
      } finally {
        this.writing = false;
      }
    });
  }

  /** The accounts, the synced rows and the meta values of one open transaction. */
  private storeTx(rows: SyncTx): StoreTx {
    return {
      accounts: this.accountsTx,
      rows,
      allocateIds: (count) => rows.allocateIds(count),
      getMeta: async (key) => readMeta(this.db, key),
      setMeta: async (key, value) => this.setMetaNow(key, value),
    };
  }

  /**
   * Runs fn in one write transaction, for a caller that already holds its turn or is inside
   * one (allocateIds). better-sqlite3 transactions are synchronous: fn must not await; nested
   * calls become savepoints.
   */
  private transaction<T>(fn: () => T): T {
    return this.db.transaction(fn).immediate();
  }

  async getMeta(key: string): Promise<string | number | null> {
    return readMeta(this.readerDb, key);
  }

  private setMetaNow(key: string, value: string | number): void {
    this.db
      .prepare(
        'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      )
      .run(key, sqlValue(value));
  }

  /** The value stored under key, created by make() if absent; the first writer wins. */
  async metaOrCreate(key: string, make: () => string): Promise<string> {
    const found = await this.getMeta(key);
    if (found !== null) return String(found);
    return this.writes.run(() => {
      this.db.prepare('INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)').run(key, make());
      return String(readMeta(this.db, key));
    });
  }

  /**
   * Reserves `count` consecutive ids from the one service-wide sequence (starting at 1) and
   * returns the first. Every id of the service (users included) comes from here, so ids are
   * unique across tables and devices. Synchronous, for this store's transactions (StoreTx,
   * SyncTx: services call theirs) and for tests on an idle store.
   */
  allocateIds(count: number): number {
    if (!Number.isSafeInteger(count) || count < 1) {
      throw invalid(`Nombre d'identifiants à réserver invalide : ${String(count)}.`);
    }
    return this.transaction(() => {
      const next = Number(readMeta(this.db, 'next_id'));
      // Written so that no intermediate value exceeds 2^53 and gets rounded.
      if (next > MAX_ID - count + 1) {
        throw invalid('Plus aucun identifiant disponible pour cette réservation.');
      }
      this.setMetaNow('next_id', next + count);
      return next;
    });
  }

  /** The secret that signs session tokens, generated on first start. */
  jwtSecret(): Promise<string> {
    return this.metaOrCreate('jwt_secret', () => randomBytes(48).toString('base64url'));
  }

  async close(): Promise<void> {
    if (this.readerDb.open) this.readerDb.close();
    if (this.db.open) this.db.close();
  }
}

function readMeta(db: Database, key: string): string | number | null {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as
    { value: string | number } | undefined;
  return row?.value ?? null;
}

// better-sqlite3 binds every JS number as REAL; whole numbers are kept as INTEGER.
function sqlValue(value: string | number): string | number | bigint {
  return typeof value === 'number' && Number.isSafeInteger(value) ? BigInt(value) : value;
}
