/**
 * The guest page's routes: a helper without an account reads a shared list and ticks it with
 * nothing but the link's token; the ticks reach the owner's devices through sync; the link
 * stops working when the owner closes it, when it expires, and for a list deleted.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Unite } from '@popote/domain';
import { TEST_START, startTestServer, type TestServer } from '../../test/test-server.js';
import { openSharedList, tickShared } from './session.js';
import {
  DAY_MS,
  NOW,
  TOKEN,
  device,
  pullAll,
  pulledLists,
  push,
  sharedWebList,
  webLine,
  type Device,
} from '../../test/shared-list-device.js';

let server: TestServer;
let alice: Device;

const gone = (id: string) => ({ message: `La session ${id} est invalide ou terminée.` });

const getList = (sessionID: string, headers: Record<string, string> = {}) =>
  server.inject({
    method: 'GET',
    url: `/shop-session/list?sessionID=${encodeURIComponent(sessionID)}`,
    headers,
  });

const sendTicks = (sessionID: string, payload: unknown, headers: Record<string, string> = {}) =>
  server.inject({
    method: 'POST',
    url: `/shop-session/ticks?sessionID=${encodeURIComponent(sessionID)}`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

const PASTA_PACKS = { count: 5, pack: { name: 'paquet', size: 500, unite: Unite.G } };
const LINES = [
  // The packs to buy (issue 21) reach the helpers too.
  { ...webLine(9001, 'Pâtes', null, { grams: 2500 }), packs: PASTA_PACKS },
  webLine(9002, 'Tomates', 0, { grams: 1200 }),
  webLine(9002, 'Tomates', 2, { pieces: 6 }),
];

beforeEach(async () => {
  server = await startTestServer();
  alice = await device(server, 'alice@popote.test', 'alice-device-1');
});

afterEach(async () => {
  expect(await server.close()).toEqual([]);
});

describe('GET /shop-session/list', () => {
  it('answers the list without any Authorization, in exactly the guest shape', async () => {
    await sharedWebList(server, alice, LINES);
    const res = await getList(TOKEN);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      name: 'Courses de lundi',
      stayStart: '2025-07-01',
      items: [
        {
          key: '9001',
          name: 'Pâtes',
          kind: 1,
          supplier: 'Primeur',
          day: null,
          toBuy: { pieces: 0, grams: 2500, centiliters: 0 },
          packs: PASTA_PACKS,
          bought: null,
          checked: false,
        },
        {
          key: '9002@0',
          name: 'Tomates',
          kind: 1,
          supplier: 'Primeur',
          day: 0,
          toBuy: { pieces: 0, grams: 1200, centiliters: 0 },
          bought: null,
          checked: false,
        },
        {
          key: '9002@2',
          name: 'Tomates',
          kind: 1,
          supplier: 'Primeur',
          day: 2,
          toBuy: { pieces: 6, grams: 0, centiliters: 0 },
          bought: null,
          checked: false,
        },
      ],
    });
    // Nothing about the owner, the stay, the ingredients' ids or the link itself.
    expect(res.body).not.toContain(TOKEN);
    expect(res.body).not.toContain(String(alice.userId));
    expect(res.body).not.toMatch(/owner|stayId|ingredientId|share|uses|need|inStock/u);
  });

  it('answers stayStart null for a list without a stay', async () => {
    const listId = alice.next++;
    await push(
      server,
      alice,
      {
        name: 'createShopList',
        args: { id: listId, stayId: null, name: 'Sans séjour', now: NOW, items: [] },
      },
      { name: 'shareShopList', args: { id: listId, token: TOKEN, now: NOW } },
    );
    expect((await getList(TOKEN)).json()).toEqual({
      name: 'Sans séjour',
      stayStart: null,
      items: [],
    });
  });

  it('answers 404 with the French message for an unknown, malformed or very long id', async () => {
    await sharedWebList(server, alice, LINES);
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'abc', "<script>'", '']) {
      const res = await getList(id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual(gone(id));
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const long = 'x'.repeat(1000);
    const res = await getList(long);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(gone('x'.repeat(64)));
  });

  it('stops opening the list once the owner closes it, and again after sharing it anew', async () => {
    const { listId } = await sharedWebList(server, alice, LINES);
    await push(server, alice, { name: 'stopSharingShopList', args: { id: listId } });
    expect((await getList(TOKEN)).statusCode).toBe(404);
    expect(
      (await sendTicks(TOKEN, { ticks: [{ key: '9001', checked: true, now: NOW }] })).json(),
    ).toEqual(gone(TOKEN));
    const renewed = 'bm91dmVhdS1saWVuLWRlLXBhcnRhZ2U';
    await push(server, alice, {
      name: 'shareShopList',
      args: { id: listId, token: renewed, now: NOW },
    });
    expect((await getList(TOKEN)).statusCode).toBe(404);
    expect((await getList(renewed)).statusCode).toBe(200);
  });

  it('stops opening the list 30 days after it was shared (server clock)', async () => {
    await sharedWebList(server, alice, LINES);
    const sharedAt = Date.parse(NOW);
    server.clock.now = sharedAt + 30 * DAY_MS - 1;
    expect((await getList(TOKEN)).statusCode).toBe(200);
    server.clock.now = sharedAt + 30 * DAY_MS;
    const res = await getList(TOKEN);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(gone(TOKEN));
    expect(
      (await sendTicks(TOKEN, { ticks: [{ key: '9001', checked: true, now: NOW }] })).statusCode,
    ).toBe(404);
  });

  it('stops opening a deleted list', async () => {
    const { listId } = await sharedWebList(server, alice, LINES);
    await push(server, alice, { name: 'deleteShopList', args: { id: listId } });
    expect((await getList(TOKEN)).json()).toEqual(gone(TOKEN));
  });
});

describe('POST /shop-session/ticks', () => {
  it("ticks lines on the owner's behalf, answers the list, and the owner's pull receives it", async () => {
    const { listId } = await sharedWebList(server, alice, LINES);
    alice.cookie = (await pullAll(server, alice, null)).cookie;
    const res = await sendTicks(TOKEN, {
      ticks: [
        { key: '9001', checked: true, now: '2025-06-01T07:40:00.000Z' },
        { key: '9002@2', checked: true, now: '2025-06-01T07:41:00.000Z' },
        // The owner removed this line meanwhile (or never had it): skipped, not an error.
        { key: '9003', checked: true, now: '2025-06-01T07:41:00.000Z' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const answer = res.json<{ items: { key: string; checked: boolean }[] }>();
    expect(answer.items.map((i) => [i.key, i.checked])).toEqual([
      ['9001', true],
      ['9002@0', false],
      ['9002@2', true],
    ]);
    // The owner's next pull carries the ticked list, stamped with the helpers' times.
    const [row] = await pulledLists(server, alice);
    expect(row?.id).toBe(listId);
    expect(row?.items.map((i) => [i.key, i.checked, i.tickedAt])).toEqual([
      ['9001', true, '2025-06-01T07:40:00.000Z'],
      ['9002@0', false, null],
      ['9002@2', true, '2025-06-01T07:41:00.000Z'],
    ]);
    expect((await getList(TOKEN)).json()).toEqual(answer);
  });

  it('keeps the later of two ticks of a line, whatever order they arrive in', async () => {
    await sharedWebList(server, alice, LINES);
    await sendTicks(TOKEN, {
      ticks: [{ key: '9001', checked: false, now: '2025-06-01T07:50:00.000Z' }],
    });
    // Sent late from a phone that was offline: older than the line's last tick, ignored.
    const late = await sendTicks(TOKEN, {
      ticks: [{ key: '9001', checked: true, now: '2025-06-01T07:45:00.000Z' }],
    });
    expect(late.json<{ items: { checked: boolean }[] }>().items[0]!.checked).toBe(false);
  });

  it("takes the server's time for a tick dated far ahead, so it cannot lock a line", async () => {
    const { listId } = await sharedWebList(server, alice, LINES);
    await sendTicks(TOKEN, {
      ticks: [{ key: '9001', checked: true, now: '2099-01-01T00:00:00.000Z' }],
    });
    const [row] = (await pulledLists(server, alice)).filter((l) => l.id === listId);
    expect(row?.items[0]?.tickedAt).toBe(new Date(TEST_START).toISOString());
    // The owner's tick a minute later wins.
    await push(server, alice, {
      name: 'tickShopItem',
      args: {
        id: listId,
        key: '9001',
        checked: false,
        now: new Date(TEST_START + 60_000).toISOString(),
      },
    });
    expect((await getList(TOKEN)).json<{ items: { checked: boolean }[] }>().items[0]!.checked).toBe(
      false,
    );
  });

  /** The first line's tick as the helpers' page shows it. */
  const firstChecked = async () =>
    (await getList(TOKEN)).json<{ items: { checked: boolean }[] }>().items[0]!.checked;
  /** The owner's tick of the first line, made `minutes` after the test's start. */
  const ownerTick = (listId: number, checked: boolean, minutes: number) =>
    push(server, alice, {
      name: 'tickShopItem',
      args: {
        id: listId,
        key: '9001',
        checked,
        now: new Date(TEST_START + minutes * 60_000).toISOString(),
      },
    });

  it("dates a helper's tick by the server: one dated 10 minutes ahead loses to the owner's later ticks (issue 30)", async () => {
    const { listId } = await sharedWebList(server, alice, LINES);
    const ahead = new Date(TEST_START + 10 * 60_000).toISOString();
    await sendTicks(TOKEN, { ticks: [{ key: '9001', checked: true, now: ahead }] });
    expect(await firstChecked()).toBe(true);
    // A minute later the organiser unticks, ticks and unticks: each of their ticks wins.
    server.clock.now = TEST_START + 60_000;
    await ownerTick(listId, false, 1);
    expect(await firstChecked()).toBe(false);
    // Repeated, dated 10 minutes ahead of the server's new time: still the server's time.
    await sendTicks(TOKEN, {
      ticks: [
        { key: '9001', checked: true, now: new Date(TEST_START + 11 * 60_000).toISOString() },
      ],
    });
    expect(await firstChecked()).toBe(true);
    server.clock.now = TEST_START + 2 * 60_000;
    await ownerTick(listId, false, 2);
    expect(await firstChecked()).toBe(false);
    const [row] = (await pulledLists(server, alice)).filter((l) => l.id === listId);
    expect(row?.items[0]?.tickedAt).toBe(new Date(TEST_START + 2 * 60_000).toISOString());
  });

  it("dates a helper's tick by its age: an offline tick older than the owner's newer tick loses", async () => {
    const { listId } = await sharedWebList(server, alice, LINES);
    server.clock.now = TEST_START + 60_000;
    await ownerTick(listId, false, 1);
    // Made 90 s ago (30 s before the owner's tick) by a phone that was offline: overtaken.
    server.clock.now = TEST_START + 2 * 60_000;
    await sendTicks(TOKEN, { ticks: [{ key: '9001', checked: true, age: 90_000 }] });
    expect(await firstChecked()).toBe(false);
    // Made 30 s ago (after the owner's tick): it wins, dated by the server's clock, whatever
    // the helper's clock says (its page sends no date).
    await sendTicks(TOKEN, { ticks: [{ key: '9001', checked: true, age: 30_000 }] });
    expect(await firstChecked()).toBe(true);
    const [row] = (await pulledLists(server, alice)).filter((l) => l.id === listId);
    expect(row?.items[0]?.tickedAt).toBe(new Date(TEST_START + 90_000).toISOString());
    // An age is never negative, nor older than a link lives.
    for (const age of [-1, 31 * DAY_MS, 1.5]) {
      const res = await sendTicks(TOKEN, { ticks: [{ key: '9001', checked: false, age }] });
      expect(res.statusCode).toBe(400);
    }
    expect(await firstChecked()).toBe(true);
  });

  it('writes nothing when no tick names a line of the list', async () => {
    await sharedWebList(server, alice, LINES);
    const { cookie } = await pullAll(server, alice, null);
    const res = await sendTicks(TOKEN, { ticks: [{ key: 'inconnue', checked: true, now: NOW }] });
    expect(res.statusCode).toBe(200);
    expect((await pullAll(server, alice, cookie)).patch).toEqual([]);
  });

  it('applies 500 ticks of a long list at once', async () => {
    const lines = Array.from({ length: 600 }, (_, i) =>
      webLine(20_000 + i, `Produit ${i}`, null, { pieces: i + 1 }),
    );
    await sharedWebList(server, alice, lines);
    const ticks = lines
      .slice(0, 500)
      .map((line) => ({ key: line.key, checked: true, now: '2025-06-01T07:40:00.000Z' }));
    const res = await sendTicks(TOKEN, { ticks });
    expect(res.statusCode).toBe(200);
    const items = res.json<{ items: { checked: boolean }[] }>().items;
    expect(items.filter((i) => i.checked)).toHaveLength(500);
    expect(items.slice(500).every((i) => !i.checked)).toBe(true);
  });

  it('ticks nothing when the owner closed the link while the request waited', async () => {
    const { listId } = await sharedWebList(server, alice, LINES);
    const seen = await openSharedList(server.app, TOKEN);
    await push(server, alice, { name: 'stopSharingShopList', args: { id: listId } });
    const { cookie } = await pullAll(server, alice, null);
    await expect(
      tickShared(server.app, TOKEN, seen, () => [{ key: '9001', checked: true, now: NOW }]),
    ).rejects.toMatchObject({ statusCode: 404, message: gone(TOKEN).message });
    expect((await pullAll(server, alice, cookie)).patch).toEqual([]);
  });
});
