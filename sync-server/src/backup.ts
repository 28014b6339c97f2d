/**
 * `npm run backup -- <file>`: an online copy of the SQLite database of DATA_DIR, taken while
 * the server runs (see docs/deployment.md). With DATABASE_URL, back PostgreSQL up with its own
 * tools instead.
 */
import { join, resolve } from 'node:path';
import { DATABASE_FILE } from './store/sqlite/database.js';
import { backupSqlite } from './store/tools/backup.js';

async function main(): Promise<void> {
  const target = process.argv[2];
  if (!target) throw new Error('Indiquez le fichier de la copie : npm run backup -- <fichier>');
  const dataDir = resolve(process.env.DATA_DIR?.trim() || 'data');
  const bytes = await backupSqlite(dataDir, resolve(target));
  console.log(
    `Copie de ${join(dataDir, DATABASE_FILE)} écrite dans ${resolve(target)} (${bytes} octets).`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
