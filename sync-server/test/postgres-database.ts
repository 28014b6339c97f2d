/**
 * A fresh PostgreSQL database per test file (issue 18): `npm test` starts a throw-away cluster
 * and passes its URL in POPOTE_TEST_PG_URL; each caller gets its own database in it, so tests
 * running in parallel workers never see each other's tables.
 */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export interface PgTestDatabase {
  /** URL of the new, empty database. */
  url: string;
  /** Drops the database, closing whatever connections a test left open. */
  drop(): Promise<void>;
}

async function asAdmin<T>(adminUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates `popote_t_<hex>` in the test cluster; null when no cluster was provided. */
export async function freshPgDatabase(
  adminUrl = process.env.POPOTE_TEST_PG_URL,
): Promise<PgTestDatabase | null> {
  if (!adminUrl) return null;
  const name = `popote_t_${randomBytes(8).toString('hex')}`;
  await asAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      // FORCE: a test that failed half-way may still hold a pool open on the database.
      await asAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/**
 * The cluster's flushes of its write-ahead log to disk, its committed and its rolled back
 * transactions so far (for the benchmark of group commit: concurrent commits share flushes).
 * PostgreSQL publishes a backend's statistics at most once a second: the wait lets the last
 * ones arrive.
 */
export async function pgFlushCounters(
  adminUrl: string,
): Promise<{ walSyncs: number; commits: number; rollbacks: number }> {
  await new Promise((resolve) => setTimeout(resolve, 1100));
  return asAdmin(adminUrl, async (c) => {
    const wal = await c.query<{ n: string }>('SELECT wal_sync AS n FROM pg_stat_wal');
    const xacts = await c.query<{ commits: string; rollbacks: string }>(
      'SELECT sum(xact_commit) AS commits, sum(xact_rollback) AS rollbacks FROM pg_stat_database',
    );
    return {
      walSyncs: Number(wal.rows[0]!.n),
      commits: Number(xacts.rows[0]!.commits),
      // In the benchmark nothing is refused: its rollbacks are transactions run again.
      rollbacks: Number(xacts.rows[0]!.rollbacks),
    };
  });
}
