/**
 * The schema of the server's database, as an ordered list of steps. A step is never edited
 * once released: a change is a new entry appended at the end. Its position (1-based) is its
 * number in the `migrations` table.
 */
import type { Database } from 'better-sqlite3';
import { SYNC_SCHEMA } from './sync-migration.js';

export interface Migration {
  name: string;
  /** SQL run as one script, or a function for steps that need logic. */
  up: string | ((db: Database) => void);
}

export const MIGRATIONS: readonly Migration[] = [
  {
    name: 'meta-and-id-counter',
    up: `
      -- Untyped value column: integers stay integers, so counters update in SQL.
      CREATE TABLE meta (
        key TEXT PRIMARY KEY,
        value ANY NOT NULL
      ) STRICT, WITHOUT ROWID;
      -- The next free id of the one service-wide id sequence.
      INSERT INTO meta (key, value) VALUES ('next_id', 1);
    `,
  },
  {
    name: 'accounts',
    up: `
      CREATE TABLE accounts (
        id INTEGER PRIMARY KEY,
        mail TEXT NOT NULL UNIQUE,
        pseudo TEXT NOT NULL,
        password_hash TEXT NOT NULL,
        -- A mailed replacement password, valid until used, replaced or expired.
        reset_hash TEXT,
        reset_expires_at INTEGER,
        created_at INTEGER NOT NULL
      ) STRICT;

      CREATE TABLE pending_registrations (
        token_hash TEXT PRIMARY KEY,
        mail TEXT NOT NULL,
        pseudo TEXT NOT NULL,
        password_hash TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        used_at INTEGER
      ) STRICT;
      CREATE INDEX pending_registrations_expires_at ON pending_registrations (expires_at);

      -- One row per counted attempt on an address (rate limit kept in the store).
      CREATE TABLE auth_attempts (
        key TEXT NOT NULL,
        at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX auth_attempts_key_at ON auth_attempts (key, at);
      CREATE INDEX auth_attempts_at ON auth_attempts (at);
    `,
  },
  {
    name: 'sync',
    up: SYNC_SCHEMA,
  },
  {
    name: 'stay-export-secret-index',
    // The public export link finds its stay by the secret inside the stay's JSON.
    up: `CREATE INDEX rows_stay_export_secret ON rows (json_extract(data, '$.exportSecret'))
         WHERE tbl = 'stays'`,
  },
];
