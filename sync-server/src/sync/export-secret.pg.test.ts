/** Issue 15, hole 9: an export link's secret is strong and names one stay only. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXPORT_SECRET_TAKEN } from '@popote/domain';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { newDevice, pullAll, pushOne, storedField, type Device } from '../../test/sync-device.js';

const SECRET = 'Zm9vYmFyLWJhei1xdXV4LTEyMzQ1Njc4OTAtYWJjZGVm';

let server: TestServer;
let alice: Device;
let bob: Device;

const secretOf = (stayId: number) => storedField(server, 'stays', stayId, 'exportSecret');

beforeEach(async () => {
  server = await startTestServer();
  alice = await newDevice(server, 'alice@popote.test', 'alice-device-1');
  bob = await newDevice(server, 'bob@popote.test', 'bob-device-1');
});

afterEach(async () => {
  expect(await server.close()).toEqual([]);
});

async function stayWithSecret(d: Device, secret: string): Promise<number> {
  const stayId = d.next++;
  await pushOne(server, d, 'createStay', { id: stayId, name: 'Camp', start: '2025-07-01' });
  await pushOne(server, d, 'setStayExportSecret', { stayId, secret });
  return stayId;
}

describe('export secrets', () => {
  it("refuses another user's secret on one's own stay: the link keeps opening the first", async () => {
    const aliceStay = await stayWithSecret(alice, SECRET);
    const bobStay = await stayWithSecret(bob, SECRET);
    expect(await secretOf(aliceStay)).toBe(SECRET);
    expect(await secretOf(bobStay)).toBeNull();
    expect((await pullAll(server, bob)).rejections.map((r) => r.message)).toEqual([
      EXPORT_SECRET_TAKEN,
    ]);
    expect((await server.app.popote.store.exportLink.readStayExport(SECRET))?.stay.id).toBe(
      aliceStay,
    );
    // Nor on a second stay of the same user.
    const second = await stayWithSecret(alice, SECRET);
    expect(await secretOf(second)).toBeNull();
    // Once Alice revokes it, the secret is free again.
    await pushOne(server, alice, 'setStayExportSecret', { stayId: aliceStay, secret: null });
    await pushOne(server, bob, 'setStayExportSecret', { stayId: bobStay, secret: SECRET });
    expect(await secretOf(bobStay)).toBe(SECRET);
  });

  it('refuses weak secrets', async () => {
    for (const weak of ['a'.repeat(43), 'abcdefghijklmno'.repeat(3), 'Ab3_-xYz0123456789abcd']) {
      const stayId = await stayWithSecret(alice, weak);
      expect(await secretOf(stayId)).toBeNull();
    }
    const messages = (await pullAll(server, alice)).rejections.map((r) => r.message);
    expect(messages).toEqual(Array(3).fill("Le lien d'export est mal formé."));
  });
});
