/**
 * `npm run migrate-to-postgres`: copies the SQLite database of DATA_DIR into the empty
 * PostgreSQL database of DATABASE_URL (see docs/deployment.md). Stop the server first.
 */
import { resolve } from 'node:path';
import { copySqliteToPostgres } from './store/tools/sqlite-to-postgres.js';

async function main(): Promise<void> {
  const dataDir = resolve(process.env.DATA_DIR?.trim() || 'data');
  const url = process.env.DATABASE_URL?.trim();
  if (!url || !/^postgres(ql)?:\/\//u.test(url)) {
    throw new Error('Indiquez la base PostgreSQL de destination : DATABASE_URL=postgres://…');
  }
  console.log(`Copie de ${dataDir} vers PostgreSQL…`);
  const report = await copySqliteToPostgres(dataDir, url);
  for (const [table, count] of Object.entries(report.counts)) {
    console.log(`  ${table.padEnd(22)} ${count} lignes`);
  }
  console.log(
    `Copie vérifiée (mêmes nombres de lignes, même usage par utilisateur). ` +
      `Démarrez maintenant Popote avec DATABASE_URL.`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
