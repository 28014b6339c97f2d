/**
 * The synced rows on PostgreSQL, through the sync service as the routes use it: pushes and
 * pulls, and what several instances on one database bring: a transaction that commits after a
 * later one is never skipped by a pull, a device's push retried on another instance applies
 * once, concurrent writers of one row both land (one runs again), one user's transactions
 * take turns without running again. Skipped without a test
 * cluster (POPOTE_TEST_PG_URL, given by `npm test`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mutation } from '@popote/sync-protocol';
import { SyncService } from '../../sync/sync-service.js';
import { freshPgDatabase, type PgTestDatabase } from '../../../test/postgres-database.js';
import type { SyncRows, SyncTx } from '../ports.js';
import { WriteQueue } from '../write-queue.js';
import { createPgPool, migratePg } from './database.js';
import { PgSyncRows } from './sync-rows.js';
import type pg from 'pg';

const enabled = Boolean(process.env.POPOTE_TEST_PG_URL);
const NOW = Date.UTC(2026, 5, 1);
const ALICE = 1;

let database: PgTestDatabase;
let pool: pg.Pool;
let rows: PgSyncRows;

/** An instance of the server: its own queue of turns, on the shared database. */
const instance = () => new SyncService(rows, new WriteQueue(), () => NOW);

beforeAll(async () => {
  if (!enabled) return;
  database = (await freshPgDatabase())!;
  pool = createPgPool(database.url);
  await migratePg(pool);
  await migratePg(pool); // a second instance starting finds the schema up to date
  rows = await PgSyncRows.open(pool);
  await rows.transaction((tx) => tx.putRow('users', { id: ALICE, pseudo: 'Alice' }));
});

afterAll(async () => {
  if (!enabled) return;
  await pool.end();
  await database.drop();
});

/** The store's rows with their transactions run by `transaction` (to hold or watch them). */
function withTransaction(transaction: SyncRows['transaction']): SyncRows {
  return {
    reads: rows.reads,
    snapshot: (fn) => rows.snapshot(fn),
    device: (clientId) => rows.device(clientId),
    isStoreFailure: (e) => rows.isStoreFailure(e),
    isUniqueViolation: (e) => rows.isUniqueViolation(e),
    transaction,
  };
}

async function pullAll(sync: SyncService, clientId: string, cookie: number | null) {
  const puts: string[] = [];
  let cursor: string | null = null;
  let page;
  do {
    page = await sync.pull(ALICE, clientId, cookie, cursor);
    puts.push(...page.patch);
    cursor = page.cursor;
  } while (page.more);
  return { page, puts };
}

describe.skipIf(!enabled)('PostgreSQL synced rows', () => {
  it('keeps the request counters out of the WAL (issue 36: a push commits no counter)', async () => {
    const { rows: tables } = await pool.query<{ relpersistence: string }>(
      `SELECT relpersistence FROM pg_class WHERE relname = 'rate_limits'`,
    );
    // 'u': unlogged. The rows, the devices and the accounts stay durable ('p').
    expect(tables.map((t) => t.relpersistence)).toEqual(['u']);
    const { rows: durable } = await pool.query<{ relpersistence: string }>(
      `SELECT DISTINCT relpersistence FROM pg_class WHERE relname IN ('rows', 'accounts')`,
    );
    expect(durable.map((t) => t.relpersistence)).toEqual(['p']);
  });

  it('reads the ids of a window (whereIds, allIds): those after its start, the first ones only', async () => {
    const ids = [5001, 5002, 5003, 5005, 5008];
    await rows.transaction(async (tx) => {
      for (const id of ids) {
        await tx.putRow('suppliers', { id, profileId: 4999, name: `F${id}`, contact: '' } as never);
      }
    });
    const window = await rows.snapshot(async (s) => ({
      first: await s.whereIds('suppliers', 'profileId', 4999, { limit: 2 }),
      after: await s.whereIds('suppliers', 'profileId', 4999, { after: 5002, limit: 2 }),
      end: await s.whereIds('suppliers', 'profileId', 4999, { after: 5005, limit: 5 }),
      all: await s.allIds('suppliers', { after: 5003, limit: 10 }),
      none: await s.allIds('suppliers', { after: 5008, limit: 10 }),
    }));
    expect(window).toEqual({
      first: [5001, 5002],
      after: [5003, 5005],
      end: [5008],
      all: [5005, 5008],
      none: [],
    });
  });

  it("tells PostgreSQL's failures from the data's", () => {
    // Connection lost, conflicts after every retry, a prepared statement an upgrade outdated.
    for (const code of ['08006', '40001', '53100', '0A000', 'XX000', 'ECONNREFUSED']) {
      expect(rows.isStoreFailure({ code })).toBe(true);
    }
    // A unique key, a bad value: the mutation's fault, refused with a message.
    for (const code of ['23505', '22P02', '23503'])
      expect(rows.isStoreFailure({ code })).toBe(false);
    expect(rows.isStoreFailure(new Error('x'))).toBe(false);
  });

  it('applies pushes and sends them in pulls, with the ids leased to the device', async () => {
    const a = instance();
    const block = await a.leaseIds(ALICE, 'device-a');
    const stay: Mutation = {
      id: 1,
      name: 'createStay',
      args: { id: block.first, name: 'Camp', start: '2026-07-01' },
    };
    expect(await a.push(ALICE, 'device-a', [stay])).toEqual({ lastMutationId: 1 });
    const { page, puts } = await pullAll(a, 'device-a', null);
    expect(page.lastMutationId).toBe(1);
    expect(puts.some((p) => p.includes('"name":"Camp"'))).toBe(true);
    // An incremental pull from that cookie has nothing new.
    expect((await pullAll(a, 'device-a', page.cookie)).puts).toEqual([]);
  });

  it('never skips a transaction that commits after a later one', async () => {
    const sync = instance();
    const { cookie } = (await pullAll(sync, 'device-a', null)).page;
    let releaseSlow!: () => void;
    const slowMayCommit = new Promise<void>((resolve) => (releaseSlow = resolve));
    let slowWrote!: () => void;
    const slowHasWritten = new Promise<void>((resolve) => (slowWrote = resolve));
    // The slow transaction writes first (its version is the smaller one) and commits last.
    const slow = rows.transaction(async (tx) => {
      await tx.putRow('users', { id: 900_001, pseudo: 'Lente' });
      slowWrote();
      await slowMayCommit;
    });
    await slowHasWritten;
    await rows.transaction((tx) => tx.putRow('users', { id: 900_002, pseudo: 'Rapide' }));

    const during = await pullAll(sync, 'device-a', cookie);
    // The fast one is committed, but below it a transaction is still running: neither is sent
    // yet, and the cookie stays below the slow one.
    expect(during.puts.join()).not.toContain('Lente');
    releaseSlow();
    await slow;
    const after = await pullAll(sync, 'device-a', during.page.cookie);
    expect(after.puts.join()).toContain('Lente');
    expect([...during.puts, ...after.puts].join()).toContain('Rapide');
  });

  it('applies a push once when the device retries it on another instance', async () => {
    const a = instance();
    // Instance b reads the device's progress, then waits (its request was slow) while
    // instance a processes the same push; then b goes on with what it read.
    let aDone!: () => void;
    const aFinished = new Promise<void>((resolve) => (aDone = resolve));
    let transactions = 0;
    const slowRows = withTransaction(async (fn) => {
      const result = await rows.transaction(fn);
      // The second one is the turn's reading of the device's last processed mutation.
      if (++transactions === 2) await aFinished;
      return result;
    });
    const b = new SyncService(slowRows, new WriteQueue(), () => NOW);
    const block = await a.leaseIds(ALICE, 'device-b');
    const pushes: Mutation[] = Array.from({ length: 5 }, (_, i) => ({
      id: i + 1,
      name: 'createStay',
      args: { id: block.first + i, name: `Séjour ${i}`, start: '2026-07-01' },
    }));
    const retried = b.push(ALICE, 'device-b', pushes);
    while (transactions < 2) await new Promise((resolve) => setTimeout(resolve, 1));
    expect(await a.push(ALICE, 'device-b', pushes)).toEqual({ lastMutationId: 5 });
    aDone();
    expect(await retried).toEqual({ lastMutationId: 5 });
    const { page } = await pullAll(a, 'device-b', null);
    expect(page.rejections).toEqual([]);
    const stays = await rows.reads.where('stays', 'owner', ALICE);
    expect(stays.filter((s) => s.name.startsWith('Séjour ')).map((s) => s.name)).toEqual([
      'Séjour 0',
      'Séjour 1',
      'Séjour 2',
      'Séjour 3',
      'Séjour 4',
    ]);
  });

  it("runs one user's overlapping transactions one after the other, neither again", async () => {
    // The user's lock is taken before the transaction's snapshot: the second one sees what the
    // first wrote. (Taken inside the transaction, after its snapshot, the second one read the
    // row as it was, conflicted on writing it, and ran again.)
    let attempts = 0;
    const rename = (pseudo: string, hold: number) =>
      rows.transaction(
        async (tx) => {
          attempts++;
          const user = await tx.get('users', ALICE);
          await new Promise((resolve) => setTimeout(resolve, hold));
          await tx.putRow('users', { ...user!, pseudo: `${user!.pseudo}+${pseudo}` });
        },
        { forUser: ALICE },
      );
    const before = (await rows.reads.get('users', ALICE))!.pseudo;
    const first = rename('A', 150);
    await new Promise((resolve) => setTimeout(resolve, 30)); // the first holds the lock
    await Promise.all([first, rename('B', 0)]);
    expect((await rows.reads.get('users', ALICE))!.pseudo).toBe(`${before}+A+B`);
    expect(attempts).toBe(2);
  });

  it('lands both of two overlapping changes to one row: the later one runs again', async () => {
    // Two instances add a recipe to the same menu at once; both have read the menu before
    // either writes it, which loses one of the two recipes unless the database refuses the
    // second transaction and it runs again on the menu as the first one left it.
    const iso = new Date(NOW).toISOString();
    const setup = instance();
    const block = await setup.leaseIds(ALICE, 'device-c');
    const [menuId, soup, tart] = [block.first, block.first + 1, block.first + 2];
    await setup.push(ALICE, 'device-c', [
      { id: 1, name: 'createFavoriteMenu', args: { id: menuId, now: iso } },
      { id: 2, name: 'createRecipe', args: { id: soup, name: 'Soupe', plat: 3, now: iso } },
      { id: 3, name: 'createRecipe', args: { id: tart, name: 'Tarte', plat: 1, now: iso } },
    ]);
    // Each first attempt waits, before writing the menu, until both have read it.
    let arrived = 0;
    let bothRead!: () => void;
    const barrier = new Promise<void>((resolve) => (bothRead = resolve));
    let attempts = 0;
    const overlapping = withTransaction((fn) =>
      rows.transaction((tx) => {
        const putRow: SyncTx['putRow'] = async (table, row) => {
          if (table === 'menus' && arrived < 2) {
            if (++arrived === 2) bothRead();
            await barrier;
          }
          return tx.putRow(table, row);
        };
        attempts++;
        return fn(Object.assign(Object.create(tx) as SyncTx, { putRow }));
      }),
    );
    const a = new SyncService(overlapping, new WriteQueue(), () => NOW);
    const b = new SyncService(overlapping, new WriteQueue(), () => NOW);
    const [blockA, blockB] = [
      await a.leaseIds(ALICE, 'device-d'),
      await b.leaseIds(ALICE, 'device-e'),
    ];
    void blockA;
    void blockB;
    attempts = 0;
    const add = (recipeId: number) => ({
      id: 1,
      name: 'addMenuRecipe',
      args: { menuId, recipeId, now: iso },
    });
    await Promise.all([
      a.push(ALICE, 'device-d', [add(soup)]),
      b.push(ALICE, 'device-e', [add(tart)]),
    ]);
    const menu = await rows.reads.get('menus', menuId);
    expect([...menu!.recipeIds].sort()).toEqual([soup, tart].sort());
    // Two mutations, and one run again (the known devices are read without a transaction).
    expect(attempts).toBeGreaterThanOrEqual(3);
  });
});
