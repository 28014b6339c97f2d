// Proves the PostgreSQL that `npm test` provides (issue 18) is reachable and that a test can
// have a database of its own; skipped when no cluster was provided.
import { Client } from 'pg';
import { describe, expect, it } from 'vitest';
import { freshPgDatabase } from './postgres-database.js';

const url = process.env.POPOTE_TEST_PG_URL;

describe('PostgreSQL test harness', () => {
  it.skipIf(!url)('creates a fresh database, queries it and drops it', async () => {
    const db = await freshPgDatabase();
    if (!db) throw new Error('POPOTE_TEST_PG_URL is set, a database was expected');
    const name = new URL(db.url).pathname.slice(1);
    expect(name).toMatch(/^popote_t_[0-9a-f]{16}$/);
    try {
      const client = new Client({ connectionString: db.url });
      await client.connect();
      try {
        const current = await client.query<{ db: string; version: string }>(
          'SELECT current_database() AS db, version() AS version',
        );
        expect(current.rows[0]?.db).toBe(name);
        expect(current.rows[0]?.version).toMatch(/^PostgreSQL \d+/);
      } finally {
        await client.end();
      }
    } finally {
      await db.drop();
    }
    const admin = new Client({ connectionString: url });
    await admin.connect();
    try {
      const left = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      expect(left.rowCount).toBe(0);
    } finally {
      await admin.end();
    }
  });
});
