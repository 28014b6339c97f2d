/**
 * Devices of other app versions against this server (issue 33), with the real sync engine over
 * HTTP, on SQLite and PostgreSQL: a device of the previous synced schema keeps syncing while
 * rows of a table it does not know are there, and gets them once updated; a device newer than
 * the server keeps its changes pending and says why, while others' changes still reach it; a
 * change an older app recorded under a retired mutation is refused with its reason.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Stay, StayMember } from '@popote/domain';
import {
  SYNC_MESSAGES,
  SYNC_SCHEMA,
  RETIRED_MUTATIONS,
  type PullResponse,
} from '@popote/sync-protocol';
import {
  fromStored,
  mutateLocal,
  SYNC_STATE,
  type LocalDb,
  type SyncState,
} from '@popote/sync-client';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { engineDevice, listenForDevices } from '../../test/engine-device.js';
import {
  joinStay,
  newDevice,
  post,
  pullAll,
  pushOne,
  type Device,
} from '../../test/sync-device.js';

let server: TestServer;
let baseUrl: string;
let alice: Device;
let carol: Device;
let stayId: number;

beforeEach(async () => {
  server = await startTestServer();
  baseUrl = await listenForDevices(server);
  alice = await newDevice(server, 'alice@popote.test', 'alice-device-1', 'Alice');
  carol = await newDevice(server, 'carol@popote.test', 'carol-device-1', 'Carol');
  stayId = alice.next++;
  await pushOne(server, alice, 'createStay', { id: stayId, name: 'Colo', start: '2025-07-01' });
  // A row of a table the first synced schema does not know.
  await joinStay(server, alice, carol, stayId, 'plan');
});

afterEach(async () => {
  expect(await server.close()).toEqual([]);
});

const rowsOf = async <T>(db: LocalDb, table: 'stays' | 'stayMembers'): Promise<T[]> =>
  (await db.entityTable(table).toArray()).map((row) => fromStored(row) as T);
const stateOf = async (db: LocalDb) =>
  (await db.meta.get(SYNC_STATE))?.value as SyncState | undefined;

describe('devices of other app versions', () => {
  it('lets a device of the previous schema sync on while rows of a newer table exist', async () => {
    expect(SYNC_SCHEMA).toBeGreaterThan(1);
    const old = engineDevice(baseUrl, { token: alice.token, userId: alice.userId }, { schema: 1 });
    await old.engine.sync();
    expect((await rowsOf<Stay>(old.db, 'stays')).map((s) => s.name)).toEqual(['Colo']);
    expect(await rowsOf(old.db, 'stayMembers')).toEqual([]);
    // Its own change goes up; another device's change comes down; the member's role changes
    // (a row it does not know) in between, and the sync goes on.
    await mutateLocal(old.db, alice.userId, 'updateStay', { id: stayId, name: 'Colo d’été' });
    await pushOne(server, alice, 'inviteToStay', {
      id: alice.next++,
      stayId,
      role: 'read',
      mail: null,
      token: 'lien-de-test-version',
      now: '2025-06-01T09:00:00.000Z',
    });
    await old.engine.sync();
    expect(await old.db.outbox.count()).toBe(0);
    expect((await stateOf(old.db))?.status).toBe('idle');
    expect(await rowsOf(old.db, 'stayMembers')).toEqual([]);
    // Updated, the same database catches up with what was held back.
    const updated = old.runAs();
    await updated.sync();
    const members = await rowsOf<StayMember>(old.db, 'stayMembers');
    expect(members.map((m) => [m.userId, m.role])).toEqual([[carol.userId, 'plan']]);
    expect((await rowsOf<Stay>(old.db, 'stays')).map((s) => s.name)).toEqual(['Colo d’été']);
  });

  it('keeps the changes of a device newer than the server and says so', async () => {
    const newer = engineDevice(
      baseUrl,
      { token: alice.token, userId: alice.userId },
      { schema: SYNC_SCHEMA + 1 },
    );
    await newer.engine.sync();
    await mutateLocal(newer.db, alice.userId, 'updateStay', { id: stayId, name: 'Pas encore' });
    // A member moves the stay's start meanwhile: that change still reaches the newer device.
    await pushOne(server, carol, 'updateStay', { id: stayId, start: '2025-07-02' });
    await newer.engine.sync();
    expect(await newer.db.outbox.count()).toBe(1);
    const state = await stateOf(newer.db);
    expect(state?.status).toBe('serverTooOld');
    expect(state?.error).toBe('Le serveur Popote doit être mis à jour');
    const [local] = await rowsOf<Stay>(newer.db, 'stays');
    // Its pending rename replayed on top of what arrived.
    expect([local?.name, local?.start]).toEqual(['Pas encore', '2025-07-02']);
    const onServer = (await pullAll(server, carol)).patch.filter((op) => op.table === 'stays');
    expect(onServer.map((op) => op.op === 'put' && (op.row as Stay).name)).toEqual(['Colo']);
    // The server updated (the app's own schema now): the change goes through as it was typed.
    await newer.runAs(SYNC_SCHEMA).sync();
    expect(await newer.db.outbox.count()).toBe(0);
    const renamed = (await pullAll(server, carol)).patch.find((op) => op.table === 'stays');
    expect(renamed?.op === 'put' && (renamed.row as Stay).name).toBe('Pas encore');
  });

  it('answers a push from a newer app with 409 and processes nothing of it', async () => {
    const res = await post(server, alice, '/sync/push', {
      clientId: alice.clientId,
      schema: SYNC_SCHEMA + 1,
      mutations: [
        { id: alice.mutationId + 1, name: 'updateStay', args: { id: stayId, name: 'X' } },
      ],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(SYNC_MESSAGES.serverTooOld);
    const page: PullResponse = await pullAll(server, alice, { schema: SYNC_SCHEMA });
    expect(page.lastMutationId).toBe(alice.mutationId);
    expect(page.rejections).toEqual([]);
  });

  it('refuses a retired mutation an older app recorded, with its reason and content', async () => {
    const args = { id: alice.next++, stayId, userId: carol.userId, role: 'plan' };
    const res = await post(server, alice, '/sync/push', {
      clientId: alice.clientId,
      schema: SYNC_SCHEMA,
      mutations: [{ id: ++alice.mutationId, name: 'addStayMember', args, schema: 1 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const { rejections } = await pullAll(server, alice, { schema: SYNC_SCHEMA });
    expect(rejections.map((r) => [r.name, r.args, r.message])).toEqual([
      ['addStayMember', args, RETIRED_MUTATIONS.addStayMember],
    ]);
  });
});
