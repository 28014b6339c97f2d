/**
 * Crash test, issue 15: the real server (a child process on a SQLite file) is killed with
 * SIGKILL while 20 devices push bursts, then started again on the same database; every
 * acknowledged push is there and the devices converge (see scenario.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, it } from 'vitest';
import { ServerStore } from '../../src/store/sqlite/server-store.js';
import { ServerProcess } from '../server-process.js';
import { runCrashScenario } from './crash-scenario.js';

const dataDir = mkdtempSync(join(tmpdir(), 'popote-crash-'));
let server: ServerProcess | null = null;

afterAll(async () => {
  await server?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

it('keeps every acknowledged push through a SIGKILL, and the devices converge', async () => {
  server = await ServerProcess.start(dataDir);
  await runCrashScenario(
    {
      instances: [server],
      mailDir: dataDir,
      afterKill: async () => {
        server = await ServerProcess.start(dataDir);
        return server.origin;
      },
      stopAndRead: async () => {
        await server?.stop();
        server = null;
        const store = ServerStore.open(dataDir);
        return { reads: store.rows.reads, close: () => store.close() };
      },
    },
    'Crash',
  );
}, 180_000);
