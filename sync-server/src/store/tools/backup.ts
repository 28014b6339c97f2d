/**
 * An online copy of the SQLite database (`npm run backup`): SQLite's backup API gives a
 * consistent picture while the server keeps running, copying pages in steps so that its
 * writers are not held for long.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { DATABASE_FILE } from '../sqlite/database.js';

/** Copies DATA_DIR's database into `destination` (a new file); answers its size in bytes. */
export async function backupSqlite(dataDir: string, destination: string): Promise<number> {
  const source = join(dataDir, DATABASE_FILE);
  if (!existsSync(source)) {
    throw new Error(`Aucune base SQLite dans ${dataDir} (${DATABASE_FILE}).`);
  }
  if (existsSync(destination)) {
    throw new Error(`${destination} existe déjà : choisissez un autre fichier.`);
  }
  const db = new Sqlite(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(destination);
  } finally {
    db.close();
  }
  return statSync(destination).size;
}
