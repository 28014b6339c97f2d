/**
 * The server's store: the only place that speaks SQL. Routes and services call its typed
 * methods; new areas (sync, REST entities) add their own store class here beside `accounts`.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { invalid } from '@popote/domain';
import Sqlite from 'better-sqlite3';
import { openDatabase } from './db.js';
import { AccountsStore } from './accounts-store.js';
import { SqliteSyncRows } from './sqlite-sync-rows.js';
import { SyncReader, SyncWriter } from './sync-store.js';
import { ExportLinkStore } from './export-link-store.js';
import { WriteQueue } from './write-queue.js';

/** Ids stay exact in a JavaScript number (and in a browser's IndexedDB key). */
const MAX_ID = Number.MAX_SAFE_INTEGER;

export class ServerStore {
  readonly accounts: AccountsStore;
  /** Synced rows, written on the main connection. */
  readonly sync: SyncWriter;
  /** Synced rows read by pulls on a second connection, which sees only committed data. */
  readonly syncReader: SyncReader;
  /** The synced rows behind the database-neutral interface the sync service uses. */
  readonly rows: SqliteSyncRows;
  /** The public stay export link's reads, on the reader connection. */
  readonly exportLink: ExportLinkStore;
  /** The turns at writing on `db` (see WriteQueue): sync mutations and `write()` take them. */
  readonly writes = new WriteQueue();
  private readonly readerDb: Database;
  /** True while a `write()` transaction runs (it is synchronous: nothing interleaves). */
  private writing = false;

  constructor(readonly db: Database) {
    this.accounts = new AccountsStore(db, () => this.writing);
    this.sync = new SyncWriter(db);
    this.readerDb = new Sqlite(db.name, { readonly: true });
    this.readerDb.pragma('busy_timeout = 5000');
    this.syncReader = new SyncReader(this.readerDb);
    this.exportLink = new ExportLinkStore(this.readerDb, this.syncReader);
    this.rows = new SqliteSyncRows(this.sync, this.syncReader, (n) => this.allocateIds(n));
  }

  /** The pseudonym other users see (the synced `users` row), inside the caller's transaction. */
  putPublicUser(id: number, pseudo: string): void {
    this.sync.putRow('users', { id, pseudo }, this.sync.nextVersion());
  }

  static open(dataDir: string): ServerStore {
    return new ServerStore(openDatabase(dataDir));
  }

  /**
   * Runs fn as one write transaction in its turn (the accounts' writes). fn is synchronous:
   * nothing else runs on the connection meanwhile.
   */
  write<T>(fn: () => T): Promise<T> {
    return this.writes.run(() => {
      this.writing = true;
      try {
        return this.transaction(fn);
      } finally {
        this.writing = false;
      }
    });
  }

  /**
   * Runs fn in one write transaction, for a caller that already holds its turn (`write()`, a
   * sync task). better-sqlite3 transactions are synchronous: fn must not await; nested calls
   * become savepoints.
   */
  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn).immediate();
  }

  getMeta(key: string): string | number | null {
    const row = this.db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as
      { value: string | number } | undefined;
    return row?.value ?? null;
  }

  setMeta(key: string, value: string | number): void {
    this.db
      .prepare(
        'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      )
      .run(key, sqlValue(value));
  }

  /** The value stored under key, created by make() if absent; the first writer wins. */
  metaOrCreate(key: string, make: () => string): string {
    this.db.prepare('INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)').run(key, make());
    return String(this.getMeta(key));
  }

  /**
   * Reserves `count` consecutive ids from the one service-wide sequence (starting at 1) and
   * returns the first. Every id of the service (users included) comes from here, so ids are
   * unique across tables and devices.
   */
  allocateIds(count: number): number {
    if (!Number.isSafeInteger(count) || count < 1) {
      throw invalid(`Nombre d'identifiants à réserver invalide : ${String(count)}.`);
    }
    return this.transaction(() => {
      const next = Number(this.getMeta('next_id'));
      // Written so that no intermediate value exceeds 2^53 and gets rounded.
      if (next > MAX_ID - count + 1) {
        throw invalid('Plus aucun identifiant disponible pour cette réservation.');
      }
      this.setMeta('next_id', next + count);
      return next;
    });
  }

  /** The secret that signs session tokens, generated on first start. */
  jwtSecret(): string {
    return this.metaOrCreate('jwt_secret', () => randomBytes(48).toString('base64url'));
  }

  close(): void {
    if (this.readerDb.open) this.readerDb.close();
    if (this.db.open) this.db.close();
  }
}

// better-sqlite3 binds every JS number as REAL; whole numbers are kept as INTEGER.
function sqlValue(value: string | number): string | number | bigint {
  return typeof value === 'number' && Number.isSafeInteger(value) ? BigInt(value) : value;
}
