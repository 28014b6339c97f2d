/**
 * Hole 6 of issue 15: one push of 200 wizards held the whole server for 15 s. The write queue
 * now lets the event loop run between mutations and within a long one, a push stops after a
 * bound of row writes (the device goes on with the next push), one mutation's writes are
 * bounded, and each user's rows, bytes and stays are under quotas.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { onPostgres, startTestServer, type TestServer } from '../../test/test-server.js';
import {
  DEFAULT_SYNC_LIMITS,
  quotaMessage,
  tooManyRowsMessage,
  type SyncLimits,
} from './work-bounds.js';
import {
  liveRows as liveRowsOf,
  newDevice,
  NOW,
  post,
  pullAll,
  storedRows,
  type Device,
} from '../../test/sync-device.js';

let server: TestServer;

afterEach(async () => {
  await server?.close();
});

async function start(
  limits: Partial<{
    work: Partial<SyncLimits['work']>;
    quotas: Partial<SyncLimits['quotas']>;
  }> = {},
) {
  server = await startTestServer({
    syncLimits: {
      work: { ...DEFAULT_SYNC_LIMITS.work, ...limits.work },
      quotas: { ...DEFAULT_SYNC_LIMITS.quotas, ...limits.quotas },
    },
  });
}

interface Camp {
  device: Device;
  stayId: number;
  groupIds: number[];
}

/** A user with a stay of two groups, pushed and applied. */
async function camp(mail: string, clientId: string): Promise<Camp> {
  const device = await newDevice(server, mail, clientId);
  const stayId = device.next++;
  const groupIds = [device.next++, device.next++];
  const res = await push(device, [
    mutation(device, 'createStay', { id: stayId, name: 'Camp', start: '2025-07-01' }),
    ...groupIds.map((id, i) =>
      mutation(device, 'createGroup', { id, stayId, name: `G${i}`, color: '#112233', size: 10 }),
    ),
  ]);
  expect(res.statusCode, res.body).toBe(200);
  return { device, stayId, groupIds };
}

function mutation(d: Device, name: string, args: unknown) {
  return { id: ++d.mutationId, name, args };
}

/** A wizard over `days` days (4 meals a day and a menu each), replacing the stay's meals. */
function wizard(c: Camp, days: number) {
  const first = c.device.next;
  c.device.next += days * 10;
  return mutation(c.device, 'runMealWizard', {
    stayId: c.stayId,
    daysNumber: days,
    excursions: {},
    withGouter: true,
    groupsForCinquieme: [],
    deleteExisting: true,
    ids: { first, count: days * 10 },
    now: NOW,
  });
}

function push(d: Device, mutations: { id: number; name: string; args: unknown }[]) {
  return post(server, d, '/sync/push', { clientId: d.clientId, mutations });
}

const liveRows = (table: string, ownerId: number) => liveRowsOf(server, table, ownerId);

/** What the store counts for the user (the quotas' figures). */
const usageOf = (userId: number) => server.app.popote.store.write((tx) => tx.rows.usage(userId));

/**
 * Resolves once the writer connection is inside a mutation's transaction: SQLite's connection
 * is looked at directly (on PostgreSQL each transaction has its own connection, and these
 * tests of one process's write turns are SQLite's).
 */
async function transactionOpen(): Promise<void> {
  const { db } = server.app.popote.store;
  for (let i = 0; i < 100_000 && !db.inTransaction; i++) {
    await new Promise((resolve) => setImmediate(resolve));
  }
  expect(db.inTransaction).toBe(true);
}

describe.skipIf(onPostgres())('a long push does not hold the server', () => {
  it('answers /health and pulls while one mutation writes thousands of rows', async () => {
    await start();
    const a = await camp('anne@exemple.fr', 'device-anne');
    const { db } = server.app.popote.store;
    const long = push(a.device, [wizard(a, 366)]);
    await transactionOpen();
    // Both answered while the wizard's transaction is still open: it let the event loop run.
    const health = await server.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
    expect(db.inTransaction).toBe(true);
    const pulled = await pullAll(server, a.device);
    expect(db.inTransaction).toBe(true);
    // The pull saw committed data only: the stay and its groups, none of the meals yet.
    expect(pulled.patch.filter((op) => op.table === 'meals')).toEqual([]);
    expect((await long).json()).toEqual({ lastMutationId: a.device.mutationId });
    expect(await liveRows('meals', a.device.userId)).toBe(366 * 4);
  });

  it(
    "serves another user's push and a login between the mutations of a long push",
    {
      timeout: 30_000,
    },
    async () => {
      // No bound per push here: this push must run whole.
      await start({ work: { pushRowWrites: 1e9 } });
      const a = await camp('anne@exemple.fr', 'device-anne');
      const b = await camp('bruno@exemple.fr', 'device-bruno');
      const done: string[] = [];
      // Long enough that the three short turns of a login fit in it even on a busy machine.
      const wizards = Array.from({ length: 10 }, () => wizard(a, 150));
      const long = push(a.device, wizards).then((r) => {
        done.push('long push');
        return r;
      });
      await transactionOpen();
      const other = push(b.device, [
        mutation(b.device, 'updateStay', { id: b.stayId, name: 'Camp de Bruno' }),
      ]).then((r) => {
        done.push('other push');
        return r;
      });
      const login = server
        .inject({
          method: 'POST',
          url: '/api/loggin',
          payload: { Mail: 'bruno@exemple.fr', Password: 'motdepasse-solide' },
        })
        .then((r) => {
          done.push('login');
          return r;
        });
      const [longRes, otherRes, loginRes] = await Promise.all([long, other, login]);
      // The login takes three turns (count the attempt, end it, open the session).
      expect(done.indexOf('long push')).toBe(2);
      expect(otherRes.json()).toEqual({ lastMutationId: b.device.mutationId });
      expect(longRes.json()).toEqual({ lastMutationId: a.device.mutationId });
      expect(loginRes.json<{ Token: string }>().Token).not.toBe('');
    },
  );

  it('keeps a login made during a mutation that is then refused', async () => {
    // The wizard writes its rows, then the quota refuses it: its transaction is rolled back.
    await start({ quotas: { rows: 400 } });
    const a = await camp('anne@exemple.fr', 'device-anne');
    const long = push(a.device, [wizard(a, 100)]);
    await transactionOpen();
    const login = await server.inject({
      method: 'POST',
      url: '/api/loggin',
      payload: { Mail: 'anne@exemple.fr', Password: 'motdepasse-solide' },
    });
    expect((await long).statusCode).toBe(200);
    const token = login.json<{ Token: string }>().Token;
    const settings = await server.inject({
      method: 'GET',
      url: '/api/settings',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(settings.statusCode).toBe(200);
    expect(await liveRows('meals', a.device.userId)).toBe(0);
    const { rejections } = await pullAll(server, a.device);
    expect(rejections.map((r) => r.message)).toEqual([
      quotaMessage({ ...DEFAULT_SYNC_LIMITS.quotas, rows: 400 }, 'rows'),
    ]);
  });
});

describe('work bounds', () => {
  it('stops a push after its bound of row writes; the next push goes on', async () => {
    // Each wizard of 20 days writes 160 rows (80 meals, 80 menus) and deletes the previous.
    await start({ work: { pushRowWrites: 300 } });
    const a = await camp('anne@exemple.fr', 'device-anne');
    const batch = [wizard(a, 20), wizard(a, 20), wizard(a, 20), wizard(a, 20)];
    // As a device does: push what is left from the last mutation the server processed.
    const answers: number[] = [];
    let left = batch;
    while (left.length > 0) {
      const { lastMutationId } = (await push(a.device, left)).json<{ lastMutationId: number }>();
      answers.push(lastMutationId);
      left = left.filter((m) => m.id > lastMutationId);
    }
    // 160 rows, then 160 deletions and 160 rows: the bound (300) is passed after the second;
    // every later wizard alone passes it.
    expect(answers).toEqual([batch[1]!.id, batch[2]!.id, batch[3]!.id]);
    expect(await liveRows('meals', a.device.userId)).toBe(80);
    expect((await pullAll(server, a.device)).rejections).toEqual([]);
  });

  it('refuses a mutation that writes more rows than its bound, and writes none of them', async () => {
    await start({ work: { mutationRowWrites: 100 } });
    const a = await camp('anne@exemple.fr', 'device-anne');
    const res = await push(a.device, [wizard(a, 20)]);
    expect(res.json()).toEqual({ lastMutationId: a.device.mutationId });
    expect(await liveRows('meals', a.device.userId)).toBe(0);
    const { rejections } = await pullAll(server, a.device);
    expect(rejections.map((r) => r.message)).toEqual([
      tooManyRowsMessage({ ...DEFAULT_SYNC_LIMITS.work, mutationRowWrites: 100 }),
    ]);
    expect(rejections[0]?.message).toBe(
      "Modification refusée : elle écrirait plus de 100 éléments d'un coup. Faites-la en plusieurs fois.",
    );
  });
});

describe('per-user quotas', () => {
  it('refuses a stay over the quota and still lets the user delete one', async () => {
    await start({ quotas: { stays: 2 } });
    const a = await camp('anne@exemple.fr', 'device-anne');
    const second = a.device.next++;
    const third = a.device.next++;
    await push(a.device, [
      mutation(a.device, 'createStay', { id: second, name: 'Deux', start: '2025-08-01' }),
      mutation(a.device, 'createStay', { id: third, name: 'Trois', start: '2025-09-01' }),
    ]);
    expect(await liveRows('stays', a.device.userId)).toBe(2);
    const { rejections } = await pullAll(server, a.device);
    expect(rejections.map((r) => r.message)).toEqual([
      "Modification refusée : un compte ne peut pas avoir plus de 2 séjours. Supprimez ceux dont vous n'avez plus besoin.",
    ]);
    // Another user is not concerned by Anne's count.
    const b = await camp('bruno@exemple.fr', 'device-bruno');
    expect(await liveRows('stays', b.device.userId)).toBe(1);
    await push(a.device, [mutation(a.device, 'deleteStay', { id: second })]);
    expect(await liveRows('stays', a.device.userId)).toBe(1);
  });

  it('refuses growth over the bytes quota', async () => {
    await start({ quotas: { bytes: 1500 } });
    const a = await camp('anne@exemple.fr', 'device-anne');
    // The camp holds about 300 bytes; each of these stays about 290.
    const stays = Array.from({ length: 6 }, () => a.device.next++);
    await push(
      a.device,
      stays.map((id) =>
        mutation(a.device, 'createStay', { id, name: 'x'.repeat(200), start: '2025-07-01' }),
      ),
    );
    const { rejections } = await pullAll(server, a.device);
    expect(rejections.length).toBeGreaterThan(0);
    expect(rejections[0]?.message).toBe(
      "Modification refusée : vos données atteignent leur limite de 0 Mo. Supprimez des séjours, des menus ou des recettes dont vous n'avez plus besoin.",
    );
    expect((await usageOf(a.device.userId)).bytes).toBeLessThanOrEqual(1500);
  });

  it('refuses a REST /api write over the quota with a French 4xx, changing nothing', async () => {
    await start({ quotas: { stays: 1 } });
    const a = await camp('anne@exemple.fr', 'device-anne');
    const res = await server.inject({
      method: 'PUT',
      url: '/api/sejours',
      headers: { authorization: `Bearer ${a.device.token}` },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).toContain('un compte ne peut pas avoir plus de 1 séjours');
    expect(await liveRows('stays', a.device.userId)).toBe(1);
  });

  it('keeps usage equal to a recount of the rows through creations, edits and deletions', async () => {
    await start();
    const a = await camp('anne@exemple.fr', 'device-anne');
    await push(a.device, [wizard(a, 3), wizard(a, 2)]);
    await push(a.device, [mutation(a.device, 'deleteStay', { id: a.stayId })]);
    const b = await camp('bruno@exemple.fr', 'device-bruno');
    await push(b.device, [wizard(b, 5)]);
    // The recount, row by row: a row is its owner's, else its author's, else the owner in its
    // JSON; its bytes are its JSON's in UTF-8.
    const recount = new Map<number, { rows: number; bytes: number; stays: number }>();
    for (const row of await storedRows(server)) {
      if (row.data === null) continue;
      const user = row.owner ?? row.author ?? (JSON.parse(row.data) as { owner?: number }).owner;
      if (user !== a.device.userId && user !== b.device.userId) continue;
      const count = recount.get(user) ?? { rows: 0, bytes: 0, stays: 0 };
      count.rows++;
      count.bytes += Buffer.byteLength(row.data, 'utf8');
      if (row.tbl === 'stays') count.stays++;
      recount.set(user, count);
    }
    expect(await usageOf(a.device.userId)).toEqual({ rows: 0, bytes: 0, stays: 0 });
    expect(recount.has(a.device.userId)).toBe(false);
    expect(await usageOf(b.device.userId)).toEqual(recount.get(b.device.userId));
    expect(recount.get(b.device.userId)?.stays).toBe(1);
  });
});
