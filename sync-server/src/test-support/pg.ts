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
