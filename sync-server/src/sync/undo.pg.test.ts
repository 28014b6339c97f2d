/** Undo through sync: the server takes back only the user's own rows and ids leased to them. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { newDevice, pullAll, pushOne, storedField, type Device } from '../../test/sync-device.js';

let server: TestServer;
let alice: Device;
let bob: Device;

const stayName = (stayId: number): Promise<unknown> => storedField(server, 'stays', stayId, 'name');

beforeEach(async () => {
  server = await startTestServer();
  alice = await newDevice(server, 'alice@popote.test', 'alice-device-1');
  bob = await newDevice(server, 'bob@popote.test', 'bob-device-1');
});

afterEach(async () => {
  expect(await server.close()).toEqual([]);
});

describe('restoreSnapshot on the server', () => {
  it('brings a deleted stay back for its owner, with its id; another user cannot take that id', async () => {
    const stayId = alice.next++;
    const stay = {
      id: stayId,
      owner: alice.userId,
      name: 'Camp du lac',
      start: '2025-07-01',
      profileId: null,
      exportSecret: null,
    };
    await pushOne(server, alice, 'createStay', { id: stayId, name: stay.name, start: stay.start });
    await pushOne(server, alice, 'deleteStay', { id: stayId });
    expect(await stayName(stayId)).toBeNull();

    // Bob claims Alice's deleted id as a stay of his own: the id was never leased to him.
    await pushOne(server, bob, 'restoreSnapshot', {
      put: [{ table: 'stays', row: { ...stay, owner: bob.userId, name: 'Volé' } }],
      remove: [],
    });
    expect((await pullAll(server, bob)).rejections.map((r) => r.message)).toEqual([
      "Cet identifiant n'a pas été attribué à cet appareil.",
    ]);
    expect(await stayName(stayId)).toBeNull();

    // Alice's undo brings it back, same id, and her device receives it.
    await pushOne(server, alice, 'restoreSnapshot', {
      put: [{ table: 'stays', row: stay }],
      remove: [],
    });
    const pulled = await pullAll(server, alice);
    expect(pulled.rejections).toEqual([]);
    expect(await stayName(stayId)).toBe('Camp du lac');
    expect(pulled.patch).toContainEqual(
      expect.objectContaining({ op: 'put', table: 'stays', row: stay }),
    );
  });
});
