/**
 * Moves an installation from SQLite to PostgreSQL (`npm run migrate-to-postgres`): every row of
 * every table copied as it is into an empty PostgreSQL database, in one transaction, then
 * checked by counts (and each user's usage, which PostgreSQL's trigger computes again from the
 * copied rows). Sessions, ids, versions and secrets are kept: devices go on syncing from their
 * cookies, users stay logged in.
 */
import Sqlite from 'better-sqlite3';
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { DATABASE_FILE } from '../sqlite/database.js';
import { createPgPool, migratePg } from '../postgres/database.js';

/** The tables copied, with their columns (same names on both sides). */
const TABLES: readonly { name: string; columns: readonly string[] }[] = [
  { name: 'meta', columns: ['key', 'value'] },
  {
    name: 'accounts',
    columns: [
      'id',
      'mail',
      'pseudo',
      'password_hash',
      'reset_hash',
      'reset_expires_at',
      'created_at',
      'password_expires_at',
    ],
  },
  {
    name: 'pending_registrations',
    columns: [
      'token_hash',
      'mail',
      'pseudo',
      'password_hash',
      'created_at',
      'expires_at',
      'used_at',
    ],
  },
  { name: 'auth_attempts', columns: ['key', 'at'] },
  { name: 'sessions', columns: ['id', 'user_id', 'created_at', 'expires_at'] },
  {
    name: 'mail_changes',
    columns: ['token_hash', 'user_id', 'new_mail', 'created_at', 'expires_at', 'used_at', 'kind'],
  },
  { name: 'rows', columns: ['tbl', 'id', 'owner', 'version', 'data', 'author', 'public_at'] },
  { name: 'row_index', columns: ['tbl', 'idx', 'value', 'id'] },
  { name: 'sync_clients', columns: ['client_id', 'user_id', 'last_mutation_id', 'created_at'] },
  { name: 'id_leases', columns: ['first', 'count', 'user_id', 'client_id', 'leased_at'] },
  {
    name: 'rejections',
    columns: [
      'client_id',
      'mutation_id',
      'name',
      'args',
      'message',
      'at',
      'version',
      'user_id',
      'args_bytes',
    ],
  },
];

/** Rows per INSERT: well below PostgreSQL's 65,535 parameters with 9 columns. */
const BATCH = 500;

export interface CopyReport {
  /** Rows copied per table. */
  counts: Record<string, number>;
  /** The SQLite version the copied rows reach; PostgreSQL's versions go on above it. */
  version: number;
}

export async function copySqliteToPostgres(dataDir: string, url: string): Promise<CopyReport> {
  const file = join(dataDir, DATABASE_FILE);
  if (!existsSync(file)) throw new Error(`Aucune base SQLite dans ${dataDir} (${DATABASE_FILE}).`);
  const sqlite = new Sqlite(file, { readonly: true, fileMustExist: true });
  const pool = createPgPool(url, 1);
  try {
    await migratePg(pool);
    const client = await pool.connect();
    try {
      await client.query('BEGIN ISOLATION LEVEL SERIALIZABLE');
      // One read transaction on SQLite: the copy is one consistent picture even if a server
      // still runs on it (it should be stopped: what it writes afterwards is not copied).
      sqlite.exec('BEGIN');
      const taken = await client.query<{ n: number }>(
        'SELECT (SELECT count(*) FROM accounts) + (SELECT count(*) FROM rows) AS n',
      );
      if (Number(taken.rows[0]!.n) > 0) {
        throw new Error('La base PostgreSQL contient déjà des comptes ou des données : abandon.');
      }
      await client.query("DELETE FROM meta WHERE key <> 'version_offset'");
      const counts: Record<string, number> = {};
      for (const table of TABLES) {
        const select = sqlite.prepare(`SELECT ${table.columns.join(', ')} FROM ${table.name}`);
        select.raw(true);
        let batch: unknown[][] = [];
        let copied = 0;
        const flush = async () => {
          if (batch.length === 0) return;
          const width = table.columns.length;
          const values = batch
            .map((_, r) => `(${table.columns.map((__, c) => `$${r * width + c + 1}`).join(', ')})`)
            .join(', ');
          await client.query(
            `INSERT INTO ${table.name} (${table.columns.join(', ')}) VALUES ${values}`,
            batch.flat().map(pgValue),
          );
          copied += batch.length;
          batch = [];
        };
        for (const row of select.iterate() as Iterable<unknown[]>) {
          batch.push(row);
          if (batch.length === BATCH) await flush();
        }
        await flush();
        counts[table.name] = copied;
      }
      const version = Number(
        (sqlite.prepare("SELECT value FROM meta WHERE key = 'version'").pluck().get() as
          number | undefined) ?? 0,
      );
      // Versions on PostgreSQL are transaction ids plus this offset: the next ones must be
      // above every copied version, so that devices' cookies keep working.
      const xid = await client.query<{ x: number }>(
        'SELECT pg_current_xact_id()::text::bigint AS x',
      );
      const offset = Math.max(0, version - xid.rows[0]!.x + 1);
      await client.query("UPDATE meta SET value = $1 WHERE key = 'version_offset'", [
        String(offset),
      ]);
      await client.query("DELETE FROM meta WHERE key = 'version'");
      // Each device's progress, as of the copied version.
      await client.query(
        `INSERT INTO client_progress (client_id, version, last_mutation_id)
         SELECT client_id, $1, last_mutation_id FROM sync_clients`,
        [version],
      );
      await checkCounts(sqlite, client, counts);
      await checkUsage(sqlite, client);
      await client.query('COMMIT');
      return { counts, version };
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
  } finally {
    if (sqlite.inTransaction) sqlite.exec('COMMIT');
    sqlite.close();
    await pool.end();
  }
}

/** Values as PostgreSQL takes them: the untyped SQLite columns (meta, row_index) as text. */
function pgValue(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  return value;
}

type Client = { query: (sql: string, values?: unknown[]) => Promise<{ rows: unknown[] }> };

async function checkCounts(
  sqlite: Sqlite.Database,
  client: Client,
  copied: Record<string, number>,
): Promise<void> {
  for (const table of TABLES) {
    const expected = Number(sqlite.prepare(`SELECT count(*) FROM ${table.name}`).pluck().get());
    const r = await client.query(`SELECT count(*)::bigint AS n FROM ${table.name}`);
    // meta: SQLite's 'version' became PostgreSQL's 'version_offset', one row for one.
    const found = Number((r.rows[0] as { n: number }).n);
    if (found !== expected || copied[table.name] !== expected) {
      throw new Error(
        `Copie incomplète de ${table.name} : ${expected} lignes dans SQLite, ${found} dans PostgreSQL.`,
      );
    }
  }
}

async function checkUsage(sqlite: Sqlite.Database, client: Client): Promise<void> {
  type Usage = { user_id: number; rows: number; bytes: number; stays: number };
  const before = sqlite
    .prepare('SELECT user_id, rows, bytes, stays FROM user_usage WHERE rows > 0 ORDER BY user_id')
    .all() as Usage[];
  const after = (
    await client.query(
      'SELECT user_id, rows, bytes, stays FROM user_usage WHERE rows > 0 ORDER BY user_id',
    )
  ).rows as Usage[];
  const text = (list: Usage[]) =>
    JSON.stringify(list.map((u) => [u.user_id, u.rows, u.bytes, u.stays].map(Number)));
  if (text(before) !== text(after)) {
    throw new Error("Copie incohérente : l'usage recalculé des utilisateurs diffère de SQLite.");
  }
}
