/**
 * What cuts a push's round trips to PostgreSQL (issue 36) keeps every answer right: writes
 * sent without waiting (TxPipe) fail the transaction with their own error, and release the
 * user's lock; the reads a user's transaction starts with, sent ahead, are dropped once it
 * writes; sessions, devices and request counters asked at once are read and counted together,
 * each request getting its own answer; the device progress no pull needs is swept apart.
 * Skipped without a test cluster (POPOTE_TEST_PG_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { freshPgDatabase, type PgTestDatabase } from '../../../test/postgres-database.js';
import { createPgPool, migratePg } from './database.js';
import { PgServerStore } from './server-store.js';
import { PgSyncRows, runPgTransaction, userLock } from './sync-rows.js';

const enabled = Boolean(process.env.POPOTE_TEST_PG_URL);
const NOW = Date.UTC(2026, 5, 1);
const BOB = 2;

let database: PgTestDatabase;
let pool: pg.Pool;
let rows: PgSyncRows;
let store: PgServerStore;

beforeAll(async () => {
  if (!enabled) return;
  database = (await freshPgDatabase())!;
  pool = createPgPool(database.url);
  await migratePg(pool);
  rows = await PgSyncRows.open(pool);
  store = await PgServerStore.open(database.url);
  await rows.transaction((tx) => tx.putRow('users', { id: BOB, pseudo: 'Bob' }));
});

afterAll(async () => {
  if (!enabled) return;
  await store.close();
  await pool.end();
  await database.drop();
});

const tableExists = async (name: string) =>
  (
    await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_class WHERE relname = $1', [
      name,
    ])
  ).rows[0]!.n === 1;

describe.skipIf(!enabled)('PostgreSQL round trips', () => {
  it('fails the transaction with the error of a write sent without waiting', async () => {
    const lock = userLock(BOB);
    // The failing write is the last statement: COMMIT travels with it and rolls back.
    await expect(
      runPgTransaction(
        pool,
        async (pipe) => {
          await pipe.defer('CREATE TABLE deferred_kept (x int)');
          await pipe.defer('SELECT 1 / 0');
        },
        { lock },
      ),
    ).rejects.toMatchObject({ code: '22012' });
    expect(await tableExists('deferred_kept')).toBe(false);
    // The user's lock was released with the rollback: another session takes it at once.
    const other = await pool.connect();
    try {
      const taken = await other.query<{ ok: boolean }>(
        'SELECT pg_try_advisory_lock($1, $2) AS ok',
        [...lock],
      );
      expect(taken.rows[0]!.ok).toBe(true);
      await other.query('SELECT pg_advisory_unlock($1, $2)', [...lock]);
    } finally {
      other.release();
    }
  });

  it('sends writes only once the transaction is open, and commits them', async () => {
    // The first statement is a write: it waits for the start's answer, then goes.
    await runPgTransaction(
      pool,
      async (pipe) => {
        await pipe.defer('CREATE TABLE deferred_first (x int)');
        await pipe.write('INSERT INTO deferred_first VALUES (1)');
      },
      { lock: userLock(BOB) },
    );
    await runPgTransaction(pool, (pipe) => pipe.defer('INSERT INTO deferred_first VALUES (2)'));
    const { rows: found } = await pool.query<{ x: number }>(
      'SELECT x FROM deferred_first ORDER BY x',
    );
    expect(found).toEqual([{ x: 1 }, { x: 2 }]);
    await pool.query('DROP TABLE deferred_first');
  });

  it('throws a failed write from the next statement waited for, not that statement', async () => {
    let seen: unknown;
    await expect(
      runPgTransaction(pool, async (pipe) => {
        await pipe.defer('SELECT 1 / 0');
        try {
          await pipe.query('SELECT 1 AS one');
        } catch (e) {
          seen = e;
          throw e;
        }
      }),
    ).rejects.toMatchObject({ code: '22012' });
    // Not 25P02 ('current transaction is aborted'): the code tells whether to run again.
    expect(seen).toMatchObject({ code: '22012' });
  });

  it('prefers a failed write to the error fn threw after it', async () => {
    await expect(
      runPgTransaction(pool, async (pipe) => {
        await pipe.defer('SELECT 1 / 0');
        throw new Error('refused');
      }),
    ).rejects.toMatchObject({ code: '22012' });
  });

  it("answers the user's reads sent ahead until the transaction writes", async () => {
    await rows.transaction(
      async (tx) => {
        expect(await tx.get('users', BOB)).toMatchObject({ pseudo: 'Bob' });
        const before = await tx.usage(BOB);
        await tx.putRow('users', { id: BOB, pseudo: 'Robert' });
        expect(await tx.get('users', BOB)).toMatchObject({ pseudo: 'Robert' });
        const stay = { id: 9001, owner: BOB, name: 'Camp', start: '2026-07-01' };
        await tx.putRow('stays', { ...stay, profileId: null, exportSecret: null });
        expect(await tx.usage(BOB)).toMatchObject({
          rows: before.rows + 1,
          stays: before.stays + 1,
        });
      },
      { forUser: BOB },
    );
    expect(await rows.reads.get('users', BOB)).toMatchObject({ pseudo: 'Robert' });
  });

  it('sweeps the device progress no pull needs any more, outside the pushes', async () => {
    for (const mutationId of [1, 2, 3]) {
      await rows.transaction((tx) => tx.setLastMutationId('device-s', mutationId), {
        forUser: BOB,
      });
    }
    // Swept once every transaction of the cluster that began before them has ended (the
    // horizon: other tests may hold one open a moment).
    const kept = async () =>
      (
        await pool.query<{ m: number }>(
          "SELECT last_mutation_id AS m FROM client_progress WHERE client_id = 'device-s'",
        )
      ).rows;
    for (let i = 0; i < 100 && (await kept()).length > 1; i++) {
      rows.sweep.note('device-s');
      await rows.sweep.sweep();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await kept()).toEqual([{ m: 3 }]);
    expect(await rows.snapshot((s) => s.lastMutationId('device-s'))).toBe(3);
  });

  it('counts requests asked at once exactly, each with its own place', async () => {
    const counts = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        store.countRequest(i % 2 === 0 ? 'route a' : 'route b', 60_000, NOW + i),
      ),
    );
    for (const key of [0, 1]) {
      const places = counts.filter((_, i) => i % 2 === key).map((c) => c.current);
      expect([...places].sort((a, b) => a - b)).toEqual(
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
    }
    expect(counts.every((c) => c.ttl > 59_000 && c.ttl <= 60_000)).toBe(true);
    // A window that ended starts again at 1.
    expect((await store.countRequest('route a', 60_000, NOW + 120_000)).current).toBe(1);
  });

  it('counts on two instances at once without a deadlock, each request once', async () => {
    // Each instance's batches hold several keys; asked in opposite orders, batches that locked
    // their rows in the order asked deadlocked (and their requests failed with a 500).
    const other = await PgServerStore.open(database.url);
    try {
      const keys = ['d a', 'd b', 'd c', 'd d', 'd e'];
      const asked: Promise<unknown>[] = [];
      for (let i = 0; i < 200; i++) {
        asked.push(store.countRequest(keys[i % 5]!, 60_000, NOW));
        asked.push(other.countRequest(keys[4 - (i % 5)]!, 60_000, NOW));
      }
      await Promise.all(asked);
      for (const key of keys) {
        expect((await store.countRequest(key, 60_000, NOW)).current).toBe(81);
      }
    } finally {
      await other.close();
    }
  });

  it('reads the sessions and devices of requests asked at once, each its own', async () => {
    const dayLater = NOW + 86_400_000;
    await store.write(async (tx) => {
      await tx.accounts.createAccount({
        id: BOB,
        mail: 'bob@popote.test',
        pseudo: 'Bob',
        passwordHash: 'x',
        resetHash: null,
        resetExpiresAt: null,
        createdAt: NOW,
      });
      for (const id of ['s-1', 's-2']) {
        await tx.accounts.createSession({ id, userId: BOB, createdAt: NOW, expiresAt: dayLater });
      }
      await tx.rows.addClient('device-1', BOB, NOW);
    });
    const sessions = await Promise.all([
      store.accounts.sessionUserId('s-1', NOW),
      store.accounts.sessionUserId('s-2', NOW),
      store.accounts.sessionUserId('s-1', dayLater), // expired by then
      store.accounts.sessionUserId('nope', NOW),
      store.accounts.sessionUserId('s-2', NOW),
    ]);
    expect(sessions).toEqual([BOB, BOB, undefined, undefined, BOB]);
    const devices = await Promise.all([
      store.rows.device('device-1'),
      store.rows.device('device-2'),
      store.rows.device('device-1'),
    ]);
    expect(devices).toEqual([
      { userId: BOB, lastMutationId: 0 },
      undefined,
      { userId: BOB, lastMutationId: 0 },
    ]);
  });
});
