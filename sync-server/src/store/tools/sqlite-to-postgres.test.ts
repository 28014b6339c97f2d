/**
 * `npm run migrate-to-postgres` end to end: an installation used on SQLite (an account, a
 * device that pushed, pulled and had a change refused) is copied into PostgreSQL; the server
 * started on PostgreSQL keeps the session, the device goes on from its cookie without
 * receiving anything twice, new versions come after the copied ones, and a second copy into
 * the same database is refused. Skipped without a test cluster (POPOTE_TEST_PG_URL).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Purchase } from '@popote/domain';
import { newDevice, pullAll, pushOne, storedRows } from '../../../test/sync-device.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import { freshPgDatabase, type PgTestDatabase } from '../../../test/postgres-database.js';
import { copySqliteToPostgres } from './sqlite-to-postgres.js';

const enabled = Boolean(process.env.POPOTE_TEST_PG_URL);
const dirs: string[] = [];
let database: PgTestDatabase | null = null;

afterAll(async () => {
  await database?.drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'popote-migrate-'));
  dirs.push(dir);
  return dir;
};

describe.skipIf(!enabled)('migrate-to-postgres', () => {
  it('copies every row, keeps sessions and cookies, and refuses a second copy', async () => {
    // On SQLite (the test server's own store when POPOTE_TEST_STORE is not 'pg').
    const sqliteDir = tempDir();
    const before: TestServer = await startTestServer({ databaseUrl: null }, sqliteDir);
    const alice = await newDevice(before, 'alice@popote.test', 'alice-device-1');
    const stayId = alice.next++;
    await pushOne(before, alice, 'createStay', { id: stayId, name: 'Camp', start: '2025-07-01' });
    await pushOne(before, alice, 'createGroup', {
      id: alice.next++,
      stayId,
      name: 'Louveteaux',
      color: '#aa0000',
      size: 12,
    });
    // A pack and a price (issue 21): a purchase row, found by its user and ingredient.
    const ingredientId = alice.next++;
    const purchaseId = alice.next++;
    await pushOne(before, alice, 'createIngredient', {
      id: ingredientId,
      name: 'Épeautre',
      kind: 2,
    });
    const pack = { name: 'sac', size: 1, unite: 1 };
    const price = (amount: number) => ({
      supplierId: null,
      amount,
      per: 'pack',
      date: '2025-06-01',
    });
    await pushOne(before, alice, 'setPurchase', {
      id: purchaseId,
      ingredientId,
      pack,
      prices: [price(3)],
    });
    // Refused: a stay of another id that does not exist.
    await pushOne(before, alice, 'updateStay', { id: 999_999_999, name: 'Nulle part' });
    const first = await pullAll(before, alice);
    expect(first.rejections).toHaveLength(1);
    const rowsBefore = await storedRows(before);
    await before.app.close();

    database = await freshPgDatabase();
    const report = await copySqliteToPostgres(sqliteDir, database!.url);
    expect(report.counts.accounts).toBe(1);
    expect(report.counts.rows).toBe(rowsBefore.length);
    expect(report.counts.rejections).toBe(1);
    expect(report.counts.sessions).toBe(1);

    const after = await startTestServer({ databaseUrl: database!.url }, tempDir());
    try {
      // The same rows, versions included.
      expect(await storedRows(after)).toEqual(rowsBefore);
      // The session opened on SQLite still works (its row and the signing secret were copied).
      const settings = await after.inject({
        method: 'GET',
        url: '/api/settings',
        headers: { authorization: `Bearer ${alice.token}` },
      });
      expect(settings.statusCode).toBe(200);
      // The device goes on from its cookie: nothing twice, the refusal not again.
      const again = await pullAll(after, alice);
      expect(again.patch).toEqual([]);
      expect(again.rejections).toEqual([]);
      expect(again.lastMutationId).toBe(5);
      // A new change gets a version above every copied one and reaches the device.
      await pushOne(after, alice, 'updateStay', { id: stayId, name: 'Camp du lac' });
      const next = await pullAll(after, alice);
      expect(next.patch).toHaveLength(1);
      expect(JSON.stringify(next.patch)).toContain('Camp du lac');
      expect(next.cookie).toBeGreaterThan(report.version);
      const renamed = (await storedRows(after)).find((r) => r.tbl === 'stays' && r.id === stayId);
      expect(renamed!.version).toBeGreaterThan(Math.max(...rowsBefore.map((r) => r.version)));
      // Its leased ids still belong to the device: it creates with them as before.
      await pushOne(after, alice, 'createStay', {
        id: alice.next++,
        name: 'Deuxième camp',
        start: '2025-08-01',
      });
      expect((await pullAll(after, alice)).rejections).toEqual([]);
      // The copied index finds the purchase row: a price sent with another id changes it.
      await pushOne(after, alice, 'setPurchase', {
        id: alice.next++,
        ingredientId,
        pack,
        prices: [price(4)],
      });
      expect((await pullAll(after, alice)).rejections).toEqual([]);
      const purchases = (await storedRows(after)).filter((r) => r.tbl === 'purchases');
      expect(
        purchases.map((r) => [r.id, r.owner, (JSON.parse(r.data!) as Purchase).prices[0]!.amount]),
      ).toEqual([[purchaseId, alice.userId, 4]]);
      // Logging in with the password works too.
      const login = await after.inject({
        method: 'POST',
        url: '/api/loggin',
        payload: { Mail: 'alice@popote.test', Password: 'motdepasse-solide' },
      });
      expect(login.json<{ Error: string }>().Error).toBe('');
    } finally {
      await after.app.close();
    }

    await expect(copySqliteToPostgres(sqliteDir, database!.url)).rejects.toThrow(
      'La base PostgreSQL contient déjà des comptes ou des données : abandon.',
    );
  });
});
