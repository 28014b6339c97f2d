/**
 * Opens the server's SQLite database and brings its schema up to date.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Sqlite, { type Database } from 'better-sqlite3';
import { checkAppliedMigrations } from '../migration-check.js';
import { MIGRATIONS, type Migration } from './schema.js';

export const DATABASE_FILE = 'popote.sqlite';

export function openDatabase(
  dataDir: string,
  migrations: readonly Migration[] = MIGRATIONS,
): Database {
  mkdirSync(dataDir, { recursive: true });
  const db = new Sqlite(join(dataDir, DATABASE_FILE));
  try {
    // WAL lets readers run beside the writer; FULL makes an acknowledged commit survive a
    // power cut, which sync relies on (a processed mutation must never be forgotten).
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    runMigrations(db, migrations);
    return db;
  } catch (e) {
    db.close();
    throw e;
  }
}

export function runMigrations(db: Database, migrations: readonly Migration[]): void {
  db.exec(`CREATE TABLE IF NOT EXISTS migrations (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  ) STRICT`);
  const applied = db.prepare('SELECT id, name FROM migrations ORDER BY id').all() as {
    id: number;
    name: string;
  }[];
  checkAppliedMigrations(applied, migrations);
  const record = db.prepare('INSERT INTO migrations (id, name, applied_at) VALUES (?, ?, ?)');
  migrations.slice(applied.length).forEach((migration, offset) => {
    const id = applied.length + offset + 1;
    db.transaction(() => {
      if (typeof migration.up === 'string') db.exec(migration.up);
      else migration.up(db);
      record.run(id, migration.name, new Date().toISOString());
    }).immediate();
  });
}
