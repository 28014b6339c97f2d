/**
 * The device database of every released app version (issue 33), as that version left it with
 * changes still pending (packages/sync-client/test/fixtures, made by make-fixture.mjs with each
 * release's own code), opened by today's app against today's server, on SQLite and PostgreSQL:
 * the upgrade keeps every pending change, its base and every row; today's engine sends the
 * pending changes, the server holds them (a second device of the user pulls them), nothing is
 * refused (a change of an older shape goes through its written rule, as the old app showed it);
 * and a change made after the update syncs too.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TABLE_NAMES, type TableName } from '@popote/domain';
import {
  DB_VERSION,
  fromStored,
  httpTransport,
  LocalDb,
  mutateLocal,
  SYNC_STATE,
  SyncEngine,
  type SyncState,
} from '@popote/sync-client';
import {
  fixtureLabel,
  readDeviceFixtures,
  restoreFixture,
  type DeviceFixture,
} from '@popote/sync-client/testing';
import { hashPassword } from '../accounts/passwords.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { listenForDevices } from '../../test/engine-device.js';

const PASSWORD = 'motdepasse-solide';

let server: TestServer;
let baseUrl: string;

beforeEach(async () => {
  server = await startTestServer();
  baseUrl = await listenForDevices(server);
});

afterEach(async () => {
  expect(await server.close()).toEqual([]);
});

/**
 * Puts on the server what it held when the fixture's device last synced: the accounts (same
 * ids), the device with its last processed mutation, the id blocks leased to it and to the
 * server's own writes, and the synced rows; the service's id sequence moved past them all, and
 * its version at least at the device's cookie (the device pulled everything up to it).
 */
async function seedServer(fixture: DeviceFixture): Promise<void> {
  const { store } = server.app.popote;
  const { users, leases, rows, userId, clientId, lastMutationId, cookie } = fixture.server;
  const at = server.clock.now;
  const passwordHash = await hashPassword(PASSWORD, 10);
  await store.write(async (tx) => {
    const ids = [...users.map((u) => u.id), ...leases.map((l) => l.first + l.count - 1)];
    const next = await tx.allocateIds(1);
    expect(next).toBeLessThan(Math.min(...users.map((u) => u.id)));
    await tx.allocateIds(Math.max(...ids) - next);
    for (const user of users) {
      await tx.accounts.createAccount({
        id: user.id,
        mail: user.mail,
        pseudo: user.pseudo,
        passwordHash,
        resetHash: null,
        resetExpiresAt: null,
        createdAt: at,
      });
    }
    await tx.rows.addClient(clientId, userId, at);
    await tx.rows.setLastMutationId(clientId, lastMutationId);
    for (const lease of leases) {
      await tx.rows.leaseIds(lease.first, lease.count, userId, lease.clientId, at);
    }
    for (const table of TABLE_NAMES) {
      for (const row of rows[table] ?? []) await tx.rows.putRow(table, row as never);
    }
  });
  // SQLite counts versions from 1: the device's cookie says it pulled up to `cookie`.
  while ((await store.rows.snapshot((s) => s.version())) < cookie) {
    await store.write((tx) => tx.rows.writeVersion());
  }
}

async function logIn(mail: string): Promise<string> {
  const res = await server.inject({
    method: 'POST',
    url: '/api/loggin',
    payload: { Mail: mail, Password: PASSWORD },
  });
  const token = res.json<{ Token: string }>().Token;
  expect(token, res.body).toBeTruthy();
  return token;
}

type Rows = Map<string, unknown>;

/**
 * The synced rows a device holds, by `table:id`, as the domain reads them. The catalogue's
 * ingredients are left out: the fixture's server had none, so a device that pulled from its
 * cookie never heard of the test server's (seeded before it), whereas a first sync brings them.
 */
async function rowsOf(db: LocalDb): Promise<Rows> {
  const rows: Rows = new Map();
  for (const table of TABLE_NAMES) {
    for (const stored of await db.entityTable(table).toArray()) {
      const row = fromStored(stored) as { id: number; owner?: number | null };
      if (table === 'ingredients' && row.owner === null) continue;
      rows.set(`${table}:${row.id}`, row);
    }
  }
  return rows;
}

const devices: LocalDb[] = [];
afterEach(() => {
  for (const db of devices.splice(0)) db.close();
});

function device(
  fixture: DeviceFixture,
  token: string,
  indexedDB = new IDBFactory(),
  name?: string,
) {
  const db = new LocalDb(name ?? fixture.name, { indexedDB, IDBKeyRange });
  devices.push(db);
  const engine = new SyncEngine(
    db,
    fixture.server.userId,
    httpTransport(baseUrl, () => token),
  );
  return { db, engine };
}

const stateOf = async (db: LocalDb) => (await db.meta.get(SYNC_STATE))?.value as SyncState;

describe.each(readDeviceFixtures().map((f) => [fixtureLabel(f), f] as const))(
  'the device database of the app of %s',
  (_, fixture) => {
    it('opens with today’s app, keeps its pending changes and sends them, and syncs on', async () => {
      const owner = fixture.server.users.find((u) => u.id === fixture.server.userId)!;
      // The device comes back a day after its last change (the server keeps the dates of
      // changes that are not in its future).
      const last = fixture.tables.outbox!.map((e) => Date.parse(String(e.at)));
      server.clock.now = Math.max(...last) + 24 * 3600 * 1000;
      await seedServer(fixture);
      const token = await logIn(owner.mail);
      const indexedDB = new IDBFactory();
      await restoreFixture(fixture, indexedDB, IDBKeyRange);

      // Today's app opens it: the upgrade keeps every record of every store it had.
      const { db, engine } = device(fixture, token, indexedDB);
      await db.open();
      expect(db.verno).toBe(DB_VERSION);
      for (const [store, records] of Object.entries(fixture.tables)) {
        const now = await db.table(store).toArray();
        expect(now, store).toEqual(records.map((r) => expect.objectContaining(r)));
      }
      const optimistic = await rowsOf(db);

      // Today's engine sends the pending changes.
      await engine.sync();
      expect(await db.outbox.toArray()).toEqual([]);
      expect((await stateOf(db)).status).toBe('idle');
      // Nothing refused (a change of an older shape goes through its written rule); the
      // refusal it kept from before stays.
      const refused = (await db.rejected.toArray()).map((r) => [r.name, r.message]);
      expect(refused).toEqual(fixture.tables.rejected!.map((r) => [r.name, r.message]));
      expect(await db.base.count()).toBe(0);

      // The server holds them: a second device of the user, syncing from nothing, pulls what
      // the first one shows, and what the old app showed for every row its changes touched.
      const second = device(fixture, token, new IDBFactory(), `${fixture.name}-second`);
      await second.engine.sync();
      const synced = await rowsOf(db);
      expect(await rowsOf(second.db)).toEqual(synced);
      const touched = (fixture.tables.base as { table: TableName; id: number }[]).map(
        (b) => `${b.table}:${b.id}`,
      );
      for (const key of touched) expect(synced.get(key), key).toEqual(optimistic.get(key));

      // A change made after the update syncs too, and reaches the other device.
      const stay = fixture.server.rows.stays![0]!;
      await mutateLocal(db, fixture.server.userId, 'updateStay', {
        id: stay.id,
        name: 'Colo après la mise à jour',
      });
      await engine.sync();
      expect(await db.outbox.count()).toBe(0);
      await second.engine.sync();
      expect((await rowsOf(second.db)).get(`stays:${stay.id}`)).toMatchObject({
        name: 'Colo après la mise à jour',
      });
      expect(await rowsOf(second.db)).toEqual(await rowsOf(db));
    });
  },
);
