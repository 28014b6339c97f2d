/**
 * `npm run backup`: a copy taken while the server runs (and writes) opens as a database with
 * every account and row committed before it, and refuses to overwrite a file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { newDevice, pullAll, pushOne, storedRows } from '../../../test/sync-device.js';
import { startTestServer } from '../../../test/test-server.js';
import { DATABASE_FILE } from '../sqlite/database.js';
import { ServerStore } from '../sqlite/server-store.js';
import { backupSqlite } from './backup.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'popote-backup-'));
  dirs.push(dir);
  return dir;
};

it('copies the database while the server runs, and never overwrites a file', async () => {
  const server = await startTestServer({ databaseUrl: null }, tempDir());
  const copyDir = tempDir();
  try {
    const alice = await newDevice(server, 'alice@popote.test', 'alice-device-1');
    const stayId = alice.next++;
    await pushOne(server, alice, 'createStay', { id: stayId, name: 'Camp', start: '2025-07-01' });
    await pullAll(server, alice);
    const rows = await storedRows(server);

    // A push on its way while the copy is taken: the copy holds it or not, never half of it.
    const pushing = pushOne(server, alice, 'updateStay', { id: stayId, name: 'Camp du lac' });
    const bytes = await backupSqlite(server.dataDir, join(copyDir, DATABASE_FILE));
    await pushing;
    expect(bytes).toBeGreaterThan(0);

    const copy = ServerStore.open(copyDir);
    try {
      expect(await copy.accounts.findAccountByMail('alice@popote.test')).toBeDefined();
      const stay = await copy.rows.reads.get('stays', stayId);
      expect(['Camp', 'Camp du lac']).toContain(stay?.name);
      expect((await copy.rows.reads.allIds('users')).length).toBeGreaterThanOrEqual(
        rows.filter((r) => r.tbl === 'users').length,
      );
    } finally {
      await copy.close();
    }
    await expect(backupSqlite(server.dataDir, join(copyDir, DATABASE_FILE))).rejects.toThrow(
      'existe déjà : choisissez un autre fichier.',
    );
  } finally {
    await server.close();
  }
});
