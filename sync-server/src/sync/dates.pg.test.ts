/** Issue 15, hole 7: a device cannot store a date that is not one, nor one far off. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_START, startTestServer, type TestServer } from '../../test/test-server.js';
import { clampDates, MAX_CLOCK_AHEAD_MS } from './clamp-now.js';
import { newDevice, pullAll, pushOne, storedField, type Device } from '../../test/sync-device.js';

let server: TestServer;
let alice: Device;

const updatedOf = (recipeId: number) => storedField(server, 'recipes', recipeId, 'updated');

beforeEach(async () => {
  server = await startTestServer();
  alice = await newDevice(server, 'alice@popote.test', 'alice-device-1');
});

afterEach(async () => {
  expect(await server.close()).toEqual([]);
});

describe('dates written by devices', () => {
  it('refuses a string that is not an ISO date-time, and stores nothing', async () => {
    const id = alice.next++;
    const now = new Date(TEST_START).toISOString();
    await pushOne(server, alice, 'createRecipe', { id, name: 'Tarte', plat: 1, now });
    for (const bad of [
      'pas une date!',
      '2025-06-01 08:00:00',
      '2025-13-01T08:00:00Z',
      'x'.repeat(30),
    ]) {
      await pushOne(server, alice, 'updateRecipe', { id, description: 'Non', now: bad });
    }
    expect(await updatedOf(id)).toBe(now);
    const rejections = (await pullAll(server, alice)).rejections;
    expect(rejections).toHaveLength(4);
    for (const r of rejections) expect(r.message).toMatch(/now/u);
  });

  it("replaces a date far ahead of the server's clock or before 2000 by the server's time", async () => {
    const id = alice.next++;
    const serverNow = new Date(TEST_START).toISOString();
    await pushOne(server, alice, 'createRecipe', {
      id,
      name: 'Tarte',
      plat: 1,
      now: '9999-12-31T23:59:59.999Z',
    });
    expect(await updatedOf(id)).toBe(serverNow);
    await pushOne(server, alice, 'updateRecipe', { id, now: '1970-01-01T00:00:00Z' });
    expect(await updatedOf(id)).toBe(serverNow);
    // A device's clock a little ahead is kept as it is.
    const ahead = new Date(TEST_START + MAX_CLOCK_AHEAD_MS).toISOString();
    await pushOne(server, alice, 'updateRecipe', { id, now: ahead });
    expect(await updatedOf(id)).toBe(ahead);
  });

  it('replaces dates nested in the rows of an undo, in place, leaving other keys alone', () => {
    const args = {
      rows: [{ table: 'recipes', row: { updated: '3000-01-01T00:00:00Z', name: 'now' } }],
      now: '0999-01-01T00:00:00Z',
      updated: 'pas une date',
      count: 3,
    };
    clampDates(args, Date.UTC(2025, 0, 1));
    expect(args).toEqual({
      rows: [{ table: 'recipes', row: { updated: '2025-01-01T00:00:00.000Z', name: 'now' } }],
      now: '2025-01-01T00:00:00.000Z',
      updated: 'pas une date',
      count: 3,
    });
  });

  it("replaces a shopping list's dates put back by an undo: created, its share's, its lines' ticks", () => {
    const far = '3000-01-01T00:00:00.000Z';
    const args = {
      put: [
        {
          table: 'shopLists',
          row: {
            created: far,
            share: { token: 'abcdefghijklmnopqrstuv', created: far },
            items: [
              { key: '1', tickedAt: far },
              { key: '2', tickedAt: null },
            ],
          },
        },
      ],
      remove: [],
    };
    clampDates(args, Date.UTC(2025, 0, 1));
    const server = '2025-01-01T00:00:00.000Z';
    expect(args.put[0]!.row).toEqual({
      created: server,
      share: { token: 'abcdefghijklmnopqrstuv', created: server },
      items: [
        { key: '1', tickedAt: server },
        { key: '2', tickedAt: null },
      ],
    });
  });
});
