/**
 * Opens a PostgreSQL database for the server (`DATABASE_URL=postgres://…`): a connection pool
 * whose 64-bit integers come back as JavaScript numbers (ids and versions stay below 2^53), and
 * the schema brought up to date. Several instances may start at once: an advisory lock lets
 * one of them migrate while the others wait.
 */
import pg from 'pg';
import { checkAppliedMigrations } from '../migration-check.js';
import { PG_MIGRATIONS, type PgMigration } from './schema.js';

/** Any number: the key of the advisory lock held while migrating. */
const MIGRATION_LOCK = 727_001;

/** Statement names by SQL text, in this process (see prepared). */
const statementNames = new Map<string, string>();

/**
 * A query sent as a named prepared statement: each connection parses and plans its text once,
 * then only binds values. For the server's statements only, whose texts are constants: one
 * name per text, for the process's life.
 */
export function prepared(text: string, values: unknown[] = []): pg.QueryConfig {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `popote_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return { name, text, values };
}

export function createPgPool(url: string, max = 10): pg.Pool {
  const types = {
    getTypeParser: ((oid: number, format?: string) =>
      oid === pg.types.builtins.INT8
        ? (text: string) => Number(text)
        : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
  };
  // Pipeline mode: a statement is written at once, behind those still running on the
  // connection (see tx-pipe.ts, which sends a transaction's writes without waiting).
  const pool = new pg.Pool({ connectionString: url, max, types, pipeline: true });
  // An idle connection that the server closed (a restart, a failover) is dropped by the pool
  // and replaced on next use; without a listener its error would stop the process.
  pool.on('error', () => undefined);
  return pool;
}

export async function migratePg(
  pool: pg.Pool,
  migrations: readonly PgMigration[] = PG_MIGRATIONS,
): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await client.query(`CREATE TABLE IF NOT EXISTS migrations (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        applied_at TEXT NOT NULL
      )`);
      const { rows: applied } = await client.query<{ id: number; name: string }>(
        'SELECT id, name FROM migrations ORDER BY id',
      );
      checkAppliedMigrations(applied, migrations);
      for (const [offset, migration] of migrations.slice(applied.length).entries()) {
        const id = applied.length + offset + 1;
        await client.query('BEGIN');
        try {
          if (typeof migration.up === 'string') await client.query(migration.up);
          else await migration.up(client);
          await client.query('INSERT INTO migrations (id, name, applied_at) VALUES ($1, $2, $3)', [
            id,
            migration.name,
            new Date().toISOString(),
          ]);
          await client.query('COMMIT');
        } catch (e) {
          await client.query('ROLLBACK');
          throw e;
        }
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
