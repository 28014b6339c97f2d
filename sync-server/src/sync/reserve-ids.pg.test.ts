/**
 * Ids reserved for server-side writes (REST /api): leased to one user, accepted by the
 * mutators for that user only, never overlapping a device's block.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runMutation } from '@popote/domain';
import { startTestServer, type TestServer } from '../../test/test-server.js';

let server: TestServer;
let alice: { token: string; id: number };
let bob: { token: string; id: number };

beforeEach(async () => {
  server = await startTestServer();
  alice = await server.signUp('alice@popote.test', 'motdepasse-solide');
  bob = await server.signUp('bob@popote.test', 'motdepasse-solide');
});

afterEach(async () => {
  expect(await server.close()).toEqual([]);
});

const createStay = (userId: number, id: number) =>
  server.app.popote.sync.mutate(userId, (ctx) =>
    runMutation(ctx, 'createStay', { id, name: 'Camp', start: '2025-07-01' }),
  );

describe('reserveIdsFor', () => {
  it('leases consecutive ids that the user may claim', async () => {
    const block = await server.app.popote.sync.reserveIdsFor(alice.id, 3);
    expect(block.count).toBe(3);
    await createStay(alice.id, block.first + 2);
    expect((await server.app.popote.store.rows.reads.get('stays', block.first + 2))?.owner).toBe(
      alice.id,
    );
  });

  it("refuses the ids to another user and past the block's end", async () => {
    const block = await server.app.popote.sync.reserveIdsFor(alice.id, 2);
    await expect(createStay(bob.id, block.first)).rejects.toThrow(
      "Cet identifiant n'a pas été attribué à cet appareil.",
    );
    await expect(createStay(alice.id, block.first + 2)).rejects.toThrow(
      "Cet identifiant n'a pas été attribué à cet appareil.",
    );
  });

  it("never overlaps a device's block", async () => {
    const device = await server.inject({
      method: 'POST',
      url: '/sync/ids',
      headers: { authorization: `Bearer ${alice.token}` },
      payload: { clientId: 'alice-device-1' },
    });
    const deviceBlock = device.json<{ first: number; count: number }>();
    const block = await server.app.popote.sync.reserveIdsFor(alice.id, 10);
    expect(block.first).toBeGreaterThanOrEqual(deviceBlock.first + deviceBlock.count);
  });
});
