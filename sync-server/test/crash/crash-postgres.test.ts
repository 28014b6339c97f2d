/**
 * Crash test, issue 18: two server processes on one PostgreSQL; the devices use both, and one
 * instance is killed with SIGKILL while 20 devices push bursts. Every acknowledged push is in
 * the database and the devices converge through the other instance (see scenario.ts).
 * Skipped without a test cluster (POPOTE_TEST_PG_URL, given by `npm test`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, it } from 'vitest';
import { PgServerStore } from '../../src/store/postgres/server-store.js';
import { freshPgDatabase, type PgTestDatabase } from '../postgres-database.js';
import { ServerProcess } from '../server-process.js';
import { runCrashScenario } from './crash-scenario.js';

const enabled = Boolean(process.env.POPOTE_TEST_PG_URL);
const dirs = [0, 1].map((i) => mkdtempSync(join(tmpdir(), `popote-crash-pg-${i}-`)));
const instances: ServerProcess[] = [];
let database: PgTestDatabase | null = null;

afterAll(async () => {
  for (const instance of instances) await instance.kill();
  await database?.drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

it.skipIf(!enabled)(
  'keeps every acknowledged push when one of two instances is killed, and the devices converge through the other',
  async () => {
    database = await freshPgDatabase();
    const url = database!.url;
    // One after the other: the first creates the schema (the second would wait on its lock).
    for (const dir of dirs) instances.push(await ServerProcess.start(dir, { DATABASE_URL: url }));
    await runCrashScenario(
      {
        instances,
        mailDir: dirs[0]!,
        afterKill: async () => instances[1]!.origin,
        stopAndRead: async () => {
          await instances[1]!.stop();
          const store = await PgServerStore.open(url);
          return { reads: store.rows.reads, close: () => store.close() };
        },
      },
      'Crash sur PostgreSQL, deux instances',
    );
  },
  180_000,
);
