/**
 * Issue 30, case 3: an undo (restoreSnapshot) cannot get round the freeze of an ingredient that
 * another user's recipe uses. Through /sync/push, on SQLite and on PostgreSQL.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXPORT_SECRET_TAKEN, INGREDIENT_SHARED } from '@popote/domain';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import {
  NOW,
  newDevice,
  pullAll,
  pushOne,
  storedField,
  storedRows,
  type Device,
} from '../../test/sync-device.js';

let server: TestServer;
let alice: Device;
let bob: Device;

beforeEach(async () => {
  server = await startTestServer();
  alice = await newDevice(server, 'alice@popote.test', 'alice-device-1');
  bob = await newDevice(server, 'bob@popote.test', 'bob-device-1');
});

afterEach(async () => {
  expect(await server.close()).toEqual([]);
});

/** The ingredient as the server stores it. */
async function storedIngredient(id: number): Promise<unknown> {
  const row = (await storedRows(server)).find((r) => r.tbl === 'ingredients' && r.id === id);
  return row?.data ? JSON.parse(row.data) : null;
}

describe("an undo of Bob's ingredient that Alice's recipe uses", () => {
  it('is refused as the rename is: her recipe keeps its ingredient, its category and its facts', async () => {
    const ingredient = {
      id: bob.next++,
      name: 'Sel de Guérande',
      kind: 0,
      owner: bob.userId,
      allergens: [6],
      diet: [1],
    };
    const { owner: _owner, ...created } = ingredient;
    await pushOne(server, bob, 'createIngredient', created);
    const recipeId = alice.next++;
    await pushOne(server, alice, 'createRecipe', {
      id: recipeId,
      name: 'Pot-au-feu',
      plat: 1,
      now: NOW,
    });
    await pushOne(server, alice, 'addRecipeIngredient', {
      recipeId,
      ingredientId: ingredient.id,
      now: NOW,
    });
    await pullAll(server, alice);

    // The rename is refused; the undo that writes the same row is refused alike.
    await pushOne(server, bob, 'updateIngredient', { id: ingredient.id, name: 'Mort-aux-rats' });
    await pushOne(server, bob, 'restoreSnapshot', {
      put: [
        {
          table: 'ingredients',
          row: { id: ingredient.id, name: 'Mort-aux-rats', kind: 3, owner: bob.userId },
        },
      ],
      remove: [],
    });
    const rejections = (await pullAll(server, bob)).rejections;
    expect(rejections.map((r) => [r.mutationId, r.message])).toEqual([
      [bob.mutationId - 1, INGREDIENT_SHARED],
      [bob.mutationId, INGREDIENT_SHARED],
    ]);
    expect(await storedIngredient(ingredient.id)).toEqual(ingredient);
    // Alice's device receives nothing new: her recipe still holds the salt she chose.
    const pulled = await pullAll(server, alice);
    expect(pulled.patch.filter((p) => p.op === 'put' && p.table === 'ingredients')).toEqual([]);
  });
});

describe("an undo that would take another user's secret", () => {
  const SECRET = 'Zm9vYmFyLWJhei1xdXV4LTEyMzQ1Njc4OTAtYWJjZGVm';
  const TOKEN = 'Zm9vYmFyLWJhei1xdXV4LTEyMzQ1Njc4';

  it("is refused for a stay's export link; a list's share link is left out", async () => {
    const aliceStay = alice.next++;
    await pushOne(server, alice, 'createStay', {
      id: aliceStay,
      name: 'Camp',
      start: '2025-07-01',
    });
    await pushOne(server, alice, 'setStayExportSecret', { stayId: aliceStay, secret: SECRET });
    const aliceList = alice.next++;
    const list = { id: aliceList, stayId: null, name: 'Courses', now: NOW, items: [] };
    await pushOne(server, alice, 'createShopList', list);
    await pushOne(server, alice, 'shareShopList', { id: aliceList, token: TOKEN, now: NOW });

    const stay = {
      id: bob.next++,
      owner: bob.userId,
      name: 'Camp de Bob',
      start: '2025-07-01',
      profileId: null,
      exportSecret: null,
    };
    await pushOne(server, bob, 'createStay', { id: stay.id, name: stay.name, start: stay.start });
    // As setStayExportSecret: the secret names Alice's stay only.
    await pushOne(server, bob, 'restoreSnapshot', {
      put: [{ table: 'stays', row: { ...stay, exportSecret: SECRET } }],
      remove: [],
    });
    expect((await pullAll(server, bob)).rejections.map((r) => r.message)).toEqual([
      EXPORT_SECRET_TAKEN,
    ]);
    expect(await storedField(server, 'stays', stay.id, 'exportSecret')).toBeNull();

    // Bob's list comes back, without the link that opens Alice's list.
    const bobList = bob.next++;
    await pushOne(server, bob, 'restoreSnapshot', {
      put: [
        {
          table: 'shopLists',
          row: {
            id: bobList,
            owner: bob.userId,
            stayId: null,
            name: 'Courses',
            created: NOW,
            items: [],
            share: { token: TOKEN, created: NOW },
          },
        },
      ],
      remove: [],
    });
    expect((await pullAll(server, bob)).rejections).toEqual([]);
    expect(await storedField(server, 'shopLists', bobList, 'share')).toBeNull();
    expect(await storedField(server, 'shopLists', aliceList, 'share')).toMatchObject({
      token: TOKEN,
    });
  });
});
