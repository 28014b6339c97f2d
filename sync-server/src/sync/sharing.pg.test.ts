/**
 * Issue 15, holes 1 and 12, through HTTP pulls: another user's recipe is never re-shared
 * through a menu that is not its owner's, and a pull never names rows its user could not read.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PullResponse } from '@popote/sync-protocol';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { NOW, newDevice, pullAll, pushOne, type Device } from '../../test/sync-device.js';

let server: TestServer;
let alice: Device;
let bob: Device;
let carol: Device;

const device = (mail: string, clientId: string) => newDevice(server, mail, clientId);
const push = (d: Device, name: string, args: unknown) => pushOne(server, d, name, args);
async function pull(d: Device): Promise<PullResponse> {
  const page = await pullAll(server, d);
  expect(page.rejections).toEqual([]);
  return page;
}

/** Every (op, table, id) a pull names in a table. */
const named = (page: PullResponse, table: string) =>
  page.patch
    .filter((op) => op.table === table)
    .map((op) => (op.op === 'put' ? `put ${(op.row as { id: number }).id}` : `del ${op.id}`));
const recipeRow = (page: PullResponse, id: number) =>
  page.patch.find(
    (op) => op.op === 'put' && op.table === 'recipes' && (op.row as { id: number }).id === id,
  );

beforeEach(async () => {
  server = await startTestServer();
  alice = await device('alice@popote.test', 'alice-device-1');
  bob = await device('bob@popote.test', 'bob-device-1');
  carol = await device('carol@popote.test', 'carol-device-1');
});

afterEach(async () => {
  expect(await server.close()).toEqual([]);
});

describe('a recipe unpublished by its owner (hole 1)', () => {
  it("stays readable to Bob's menu and is never re-shared to Carol through it", async () => {
    const recipeId = alice.next++;
    await push(alice, 'createRecipe', { id: recipeId, name: 'Tarte', plat: 1, now: NOW });
    await push(alice, 'setRecipePublished', { id: recipeId, isPublished: true, now: NOW });
    const menuId = bob.next++;
    await push(bob, 'createFavoriteMenu', { id: menuId, now: NOW });
    await push(bob, 'addMenuRecipe', { menuId, recipeId, now: NOW });
    await pull(bob);
    await pull(carol);
    expect(recipeRow(await pull(alice), recipeId)).toBeDefined();

    // Alice unpublishes and rewrites it; Bob publishes his menu.
    await push(alice, 'setRecipePublished', { id: recipeId, isPublished: false, now: NOW });
    await push(alice, 'updateRecipe', { id: recipeId, description: 'Secret', now: NOW });
    await push(bob, 'setMenuPublished', { id: menuId, isPublished: true, now: NOW });

    // Bob, whose own menu uses it, reads the new text.
    const forBob = await pull(bob);
    expect(recipeRow(forBob, recipeId)).toMatchObject({ row: { description: 'Secret' } });

    // Carol had it while it was published: she is told to delete it, and gets Bob's menu
    // (naming the recipe's id, shown as a placeholder) without the recipe.
    const forCarol = await pull(carol);
    expect(named(forCarol, 'recipes')).toEqual([`del ${recipeId}`]);
    expect(named(forCarol, 'menus')).toEqual([`put ${menuId}`]);
    // A first sync of a new device of Carol's has the menu, not the recipe.
    const fresh = await device('dave@popote.test', 'dave-device-1');
    const full = await pull(fresh);
    expect(named(full, 'menus')).toEqual([`put ${menuId}`]);
    expect(named(full, 'recipes')).toEqual([]);

    // Alice edits it again: Carol's pull names nothing of it, Bob's carries it.
    await push(alice, 'updateRecipe', { id: recipeId, description: 'Encore', now: NOW });
    expect(named(await pull(carol), 'recipes')).toEqual([]);
    expect(recipeRow(await pull(bob), recipeId)).toMatchObject({ row: { description: 'Encore' } });
  });

  it("shares a recipe through its own owner's published menu", async () => {
    const recipeId = alice.next++;
    const menuId = alice.next++;
    await push(alice, 'createRecipe', { id: recipeId, name: 'Soupe', plat: 3, now: NOW });
    await push(alice, 'createFavoriteMenu', { id: menuId, now: NOW });
    await push(alice, 'addMenuRecipe', { menuId, recipeId, now: NOW });
    await pull(carol);
    await push(alice, 'setMenuPublished', { id: menuId, isPublished: true, now: NOW });
    const forCarol = await pull(carol);
    expect(named(forCarol, 'menus')).toEqual([`put ${menuId}`]);
    expect(named(forCarol, 'recipes')).toEqual([`put ${recipeId}`]);
  });
});

describe('deletions in a pull (hole 12)', () => {
  it("never names another user's rows that the user could not read", async () => {
    await pull(bob);
    const recipeId = alice.next++;
    const menuId = alice.next++;
    const stayId = alice.next++;
    await push(alice, 'createRecipe', { id: recipeId, name: 'Privée', plat: 2, now: NOW });
    await push(alice, 'createFavoriteMenu', { id: menuId, now: NOW });
    await push(alice, 'createStay', { id: stayId, name: 'Camp', start: '2025-07-01' });
    await push(alice, 'updateRecipe', { id: recipeId, description: 'Changée', now: NOW });
    await push(alice, 'deleteRecipe', { id: recipeId });
    await push(alice, 'deleteMenu', { id: menuId });
    await push(alice, 'deleteStay', { id: stayId });
    const forBob = await pull(bob);
    const ids = forBob.patch.map((op) => (op.op === 'put' ? (op.row as { id: number }).id : op.id));
    for (const id of [recipeId, menuId, stayId]) expect(ids).not.toContain(id);
    // Alice's own device is told of her deletions.
    await pull(alice);
  });

  it('names a deleted recipe to those who could read it while it was published', async () => {
    const recipeId = alice.next++;
    await push(alice, 'createRecipe', { id: recipeId, name: 'Publique', plat: 2, now: NOW });
    await push(alice, 'setRecipePublished', { id: recipeId, isPublished: true, now: NOW });
    await pull(bob);
    await push(alice, 'setRecipePublished', { id: recipeId, isPublished: false, now: NOW });
    await push(alice, 'updateRecipe', { id: recipeId, description: 'Après', now: NOW });
    await push(alice, 'deleteRecipe', { id: recipeId });
    expect(named(await pull(bob), 'recipes')).toEqual([`del ${recipeId}`]);
    // Deleted while still published, after Bob's last pull: he is told too.
    const other = alice.next++;
    await push(alice, 'createRecipe', { id: other, name: 'Autre', plat: 2, now: NOW });
    await push(alice, 'setRecipePublished', { id: other, isPublished: true, now: NOW });
    expect(named(await pull(bob), 'recipes')).toEqual([`put ${other}`]);
    await push(alice, 'deleteRecipe', { id: other });
    expect(named(await pull(bob), 'recipes')).toEqual([`del ${other}`]);
    // Once told, later pulls say nothing of it.
    await push(alice, 'createStay', { id: alice.next++, name: 'Autre', start: '2025-07-01' });
    expect(named(await pull(bob), 'recipes')).toEqual([]);
  });
});
