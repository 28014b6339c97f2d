/**
 * The server side of sync, through HTTP: authorisation of writes and reads, exactly-once
 * pushes, id leases, pagination and bad input.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PullResponse } from '@popote/sync-protocol';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { PULL_PAGE_ROWS } from './sync-service.js';
import { newDevice, NOW, pullAll, storedRows, type Device } from '../../test/sync-device.js';

let server: TestServer;
let alice: Device;
let bob: Device;

async function post(device: Device | null, url: string, payload: unknown) {
  return server.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: device ? { authorization: `Bearer ${device.token}` } : {},
  });
}

const device = (mail: string, clientId: string): Promise<Device> =>
  newDevice(server, mail, clientId);

const newId = (d: Device) => d.next++;

async function push(d: Device, ...mutations: { name: string; args: unknown }[]) {
  const batch = mutations.map((m) => ({ id: ++d.mutationId, ...m }));
  const res = await post(d, '/sync/push', { clientId: d.clientId, mutations: batch });
  expect(res.statusCode).toBe(200);
  return batch;
}

const pull = (d: Device): Promise<PullResponse> => pullAll(server, d);

const rowsTable = async () =>
  (await storedRows(server)).map(({ tbl, id, version, data }) => ({ tbl, id, version, data }));

beforeEach(async () => {
  server = await startTestServer();
  alice = await device('alice@popote.test', 'alice-device-1');
  bob = await device('bob@popote.test', 'bob-device-1');
});

afterEach(async () => {
  expect(await server.close()).toEqual([]);
});

describe('writes', () => {
  it('refuses a mutation by a non-owner, changes nothing, and tells the device why', async () => {
    const stayId = newId(alice);
    await push(alice, {
      name: 'createStay',
      args: { id: stayId, name: 'Camp', start: '2025-07-01' },
    });
    const before = await rowsTable();
    await push(bob, { name: 'updateStay', args: { id: stayId, name: 'Volé' } });
    expect(await rowsTable()).toEqual(before);
    const answer = await pull(bob);
    expect(answer.lastMutationId).toBe(1);
    expect(answer.rejections).toEqual([
      expect.objectContaining({
        mutationId: 1,
        name: 'updateStay',
        args: { id: stayId, name: 'Volé' },
        message: "Ce séjour n'existe pas ou n'est plus disponible.",
      }),
    ]);
  });

  it('refuses a row created with an id leased to another user', async () => {
    await push(bob, {
      name: 'createStay',
      args: { id: newId(alice), name: 'Camp', start: '2025-07-01' },
    });
    const answer = await pull(bob);
    expect(answer.rejections[0]?.message).toBe(
      "Cet identifiant n'a pas été attribué à cet appareil.",
    );
    expect(answer.patch.filter((op) => op.table === 'stays')).toEqual([]);
  });

  it('applies a replayed or duplicated push only once', async () => {
    const stayId = newId(alice);
    const batch = await push(
      alice,
      { name: 'createStay', args: { id: stayId, name: 'Camp', start: '2025-07-01' } },
      {
        name: 'createGroup',
        args: { id: newId(alice), stayId, name: 'A', color: '#112233', size: 4 },
      },
    );
    const before = await rowsTable();
    for (let i = 0; i < 3; i++) {
      const again = await post(alice, '/sync/push', { clientId: alice.clientId, mutations: batch });
      expect(again.json()).toEqual({ lastMutationId: 2 });
    }
    expect(await rowsTable()).toEqual(before);
    expect((await pull(alice)).rejections).toEqual([]);
  });

  it('answers 409 when mutations of the device are missing', async () => {
    const res = await post(alice, '/sync/push', {
      clientId: alice.clientId,
      mutations: [{ id: 5, name: 'createStay', args: {} }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toMatch(/manquent/u);
  });

  it("refuses another user's device", async () => {
    const res = await post(bob, '/sync/push', { clientId: alice.clientId, mutations: [] });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ message: string }>().message).toBe(
      'Cet appareil est enregistré pour un autre compte.',
    );
  });

  it('answers bad input with a French 400 and a missing token with 401', async () => {
    const bad = [
      'not json',
      JSON.stringify({ clientId: 'x', mutations: [] }),
      JSON.stringify({ clientId: alice.clientId, mutations: [{ id: 'one', name: 'x', args: {} }] }),
      JSON.stringify({ clientId: alice.clientId, mutations: 'all' }),
      JSON.stringify({ clientId: alice.clientId, cookie: -1 }),
    ];
    for (const payload of bad) {
      const res = await server.inject({
        method: 'POST',
        url: '/sync/push',
        payload,
        headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/^Requête invalide/u);
    }
    const anonymous = await post(null, '/sync/pull', { clientId: alice.clientId, cookie: null });
    expect(anonymous.statusCode).toBe(401);
    const huge = await post(alice, '/sync/push', {
      clientId: alice.clientId,
      mutations: [
        {
          id: 1,
          name: 'createStay',
          args: { id: newId(alice), name: 'x'.repeat(5000), start: '2025-07-01' },
        },
      ],
    });
    expect(huge.statusCode).toBe(200);
    expect((await pull(alice)).rejections[0]?.message).toMatch(/name/u);
  });
});

describe('reads', () => {
  it('never sends a row its user may not read, and withdraws what stops being readable', async () => {
    const stayId = newId(alice);
    const recipeId = newId(alice);
    const menuId = newId(alice);
    await push(
      alice,
      { name: 'createStay', args: { id: stayId, name: 'Camp', start: '2025-07-01' } },
      { name: 'createRecipe', args: { id: recipeId, name: 'Gratin', plat: 2, now: NOW } },
      { name: 'createFavoriteMenu', args: { id: menuId, now: NOW } },
      { name: 'addMenuRecipe', args: { menuId, recipeId, now: NOW } },
    );
    const first = await pull(bob);
    const ids = first.patch.map((op) => (op.op === 'put' ? (op.row as { id: number }).id : op.id));
    expect(ids).not.toContain(stayId);
    expect(ids).not.toContain(recipeId);
    expect(ids).not.toContain(menuId);
    expect(first.patch.filter((op) => op.table === 'users')).toHaveLength(2);

    // Publishing the menu makes it and its (private) recipe readable.
    await push(alice, {
      name: 'setMenuPublished',
      args: { id: menuId, isPublished: true, now: NOW },
    });
    const shared = await pull(bob);
    expect(shared.patch.map((op) => `${op.op}:${op.table}`).sort()).toEqual([
      'put:menus',
      'put:recipes',
    ]);

    // Unpublishing withdraws the menu; the device drops the recipe by the same rules.
    await push(alice, {
      name: 'setMenuPublished',
      args: { id: menuId, isPublished: false, now: NOW },
    });
    const withdrawn = await pull(bob);
    expect(withdrawn.patch).toEqual([{ op: 'del', table: 'menus', id: menuId }]);
    expect(await pull(bob)).toMatchObject({ patch: [], more: false });
  });

  it('answers a pull with nothing new since its cookie, then what came after it', async () => {
    await push(alice, {
      name: 'createStay',
      args: { id: newId(alice), name: 'Camp', start: '2025-07-01' },
    });
    const caughtUp = await pull(alice);
    // Nothing committed since the cookie (issue 36: nothing is looked for): the same cookie
    // and progress, no row, no refusal.
    const again = await pull(alice);
    expect(again).toMatchObject({
      patch: [],
      rejections: [],
      more: false,
      cookie: caughtUp.cookie,
      lastMutationId: caughtUp.lastMutationId,
    });
    // A refusal and a change of another device after it are told by the next pull.
    const [refused] = await push(alice, { name: 'updateStay', args: { id: 999_999, name: 'X' } });
    const later = await pull(alice);
    expect(later.rejections.map((r) => r.mutationId)).toEqual([refused!.id]);
    expect(later.lastMutationId).toBe(alice.mutationId);
    expect(later.cookie).toBeGreaterThan(caughtUp.cookie);
    const stayId = newId(bob);
    await push(bob, {
      name: 'createStay',
      args: { id: stayId, name: 'Autre', start: '2025-07-01' },
    });
    // Bob's stay is not Alice's to read: an empty page, on the newer cookie.
    const others = await pull(alice);
    expect(others.patch).toEqual([]);
    expect(others.cookie).toBeGreaterThan(later.cookie);
    expect((await pull(bob)).patch.map((op) => op.table)).toContain('stays');
  });

  // 2,150 pushed mutations: seconds on a busy machine.
  it('pages a large first sync and ends on one cookie', { timeout: 30_000 }, async () => {
    const mutations = Array.from({ length: PULL_PAGE_ROWS + 150 }, (_, i) => ({
      name: 'createIngredient',
      args: { id: newId(alice), name: `Ingrédient ${i}`, kind: i % 7 },
    }));
    for (let i = 0; i < mutations.length; i += 200)
      await push(alice, ...mutations.slice(i, i + 200));
    let cursor: string | null = null;
    const pages: PullResponse[] = [];
    do {
      const res = await post(bob, '/sync/pull', { clientId: bob.clientId, cookie: null, cursor });
      pages.push(res.json<PullResponse>());
      cursor = pages[pages.length - 1]!.cursor;
    } while (pages[pages.length - 1]!.more);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages.slice(0, -1).every((p) => p.patch.length === PULL_PAGE_ROWS)).toBe(true);
    expect(new Set(pages.map((p) => p.cookie)).size).toBe(1);
    const ingredients = pages
      .flatMap((p) => p.patch)
      .filter(
        (op) =>
          op.op === 'put' &&
          op.table === 'ingredients' &&
          (op.row as { owner: number | null }).owner === alice.userId,
      );
    expect(ingredients).toHaveLength(PULL_PAGE_ROWS + 150);
  });
});
