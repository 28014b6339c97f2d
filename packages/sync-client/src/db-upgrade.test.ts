/**
 * A device that updates the app opens its database at a newer schema: nothing pending may be
 * lost (ARCHITECTURE, "Never lose data"). A version 1 database, as the app shipped it before
 * the larder and the shopping lists, and a version 3 one, as it shipped before packs and prices
 * (issue 21), are opened by today's LocalDb.
 */
import { Dexie } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { DB_VERSION, LocalDb } from './db.js';
import { DexieStore, toStored } from './dexie-store.js';

/** The tables and indexes of version 1, written out as they shipped. */
const VERSION_1 = {
  outbox: 'id',
  base: 'key',
  meta: 'key',
  rejected: 'mutationId',
  users: 'id',
  ingredients: 'id, *_ix_owner, *_ix_nameKey',
  recipes: 'id, *_ix_owner, *_ix_ownerName, *_ix_published, *_ix_ingredientIds',
  menus: 'id, *_ix_owner, *_ix_published, *_ix_ingredientIds, *_ix_recipeIds',
  stays: 'id, *_ix_owner, *_ix_profileId',
  groups: 'id, *_ix_stayId',
  meals: 'id, *_ix_stayId, *_ix_menuId',
  profiles: 'id, *_ix_owner',
  suppliers: 'id, *_ix_profileId',
};

/** Version 3: the larder, the shopping lists and the meals' alternative recipes (issue 20). */
const VERSION_3 = {
  ...VERSION_1,
  meals: 'id, *_ix_stayId, *_ix_menuId, *_ix_altRecipeIds',
  stock: 'id, *_ix_stayId',
  shopLists: 'id, *_ix_owner, *_ix_stayId, *_ix_shareToken',
};

describe('the device database after an update of the app', () => {
  it('keeps pending changes, their bases and every row, and adds the new tables', async () => {
    const options = { indexedDB: new IDBFactory(), IDBKeyRange };
    const old = new Dexie('popote-u7', options);
    old.version(1).stores(VERSION_1);
    await old.open();
    await old.table('outbox').add({
      id: 1,
      name: 'updateStay',
      args: { id: 5, name: 'Colo' },
      at: '2026-06-01T10:00:00.000Z',
    });
    await old.table('base').put({ key: 'stays:5', table: 'stays', id: 5, row: { id: 5 } });
    await old.table('stays').put({ id: 5, owner: 7, name: 'Camp', _ix_owner: [7] });
    await old.table('meta').put({ key: 'cookie', value: 42 });
    // A meal pulled with an alternative while the device did not know them: no index field.
    await old.table('meals').put({
      id: 6,
      stayId: 5,
      owner: 7,
      menuId: 8,
      alternatives: [{ kind: 'allergen', code: 4, people: 2, recipeIds: [31, 32] }],
      _ix_stayId: [5],
      _ix_menuId: [8],
    });
    old.close();

    const db = new LocalDb('popote-u7', options);
    await db.open();
    expect(db.verno).toBe(DB_VERSION);
    expect(await db.outbox.toArray()).toEqual([
      { id: 1, name: 'updateStay', args: { id: 5, name: 'Colo' }, at: '2026-06-01T10:00:00.000Z' },
    ]);
    expect(await db.base.get('stays:5')).toMatchObject({ table: 'stays', id: 5 });
    expect(await db.entityTable('stays').get(5)).toMatchObject({ name: 'Camp' });
    expect(await db.meta.get('cookie')).toEqual({ key: 'cookie', value: 42 });
    // The new tables exist, with their indexes.
    await db.entityTable('stock').put({ id: 9, _ix_stayId: [5] });
    expect(await db.entityTable('stock').where('_ix_stayId').equals(5).primaryKeys()).toEqual([9]);
    await db
      .entityTable('shopLists')
      .put({ id: 10, _ix_owner: [7], _ix_stayId: [5], _ix_shareToken: [] });
    expect(await db.entityTable('shopLists').where('_ix_owner').equals(7).primaryKeys()).toEqual([
      10,
    ]);
    // The meal's alternative recipes are indexed: a recipe in use is found.
    expect(
      await db.entityTable('meals').where('_ix_altRecipeIds').equals(32).primaryKeys(),
    ).toEqual([6]);
    db.close();
  });

  it('opens a version 3 database with the purchases store, keeping the outbox and every row', async () => {
    expect(DB_VERSION).toBeGreaterThanOrEqual(4);
    const options = { indexedDB: new IDBFactory(), IDBKeyRange };
    const old = new Dexie('popote-u7', options);
    old.version(3).stores(VERSION_3);
    await old.open();
    const pending = [
      { id: 1, name: 'tickShopItem', args: { id: 10, key: '3', checked: true }, at: 'a' },
      { id: 2, name: 'updateStock', args: { id: 9, val: 2 }, at: 'b' },
    ];
    await old.table('outbox').bulkAdd(pending);
    await old.table('base').put({ key: 'stock:9', table: 'stock', id: 9, row: { id: 9 } });
    await old.table('meta').put({ key: 'cookie', value: 42 });
    await old.table('rejected').put({ mutationId: 3, name: 'deleteStay', args: { id: 5 } });
    await old
      .table('stays')
      .put({ id: 5, owner: 7, name: 'Camp', _ix_owner: [7], _ix_profileId: [] });
    await old.table('stock').put({ id: 9, stayId: 5, owner: 7, ingredientId: 3, _ix_stayId: [5] });
    await old.table('shopLists').put({
      id: 10,
      owner: 7,
      stayId: 5,
      _ix_owner: [7],
      _ix_stayId: [5],
      _ix_shareToken: ['t'.repeat(22)],
    });
    await old.table('meals').put({
      id: 6,
      stayId: 5,
      menuId: 8,
      alternatives: [{ kind: 'diet', code: 1, people: 2, recipeIds: [31] }],
      _ix_stayId: [5],
      _ix_menuId: [8],
      _ix_altRecipeIds: [31],
    });
    old.close();

    const db = new LocalDb('popote-u7', options);
    await db.open();
    expect(db.verno).toBe(DB_VERSION);
    expect(await db.outbox.toArray()).toEqual(pending);
    expect(await db.base.get('stock:9')).toMatchObject({ table: 'stock', id: 9 });
    expect(await db.meta.get('cookie')).toEqual({ key: 'cookie', value: 42 });
    expect(await db.rejected.get(3)).toMatchObject({ name: 'deleteStay' });
    expect(await db.entityTable('stays').get(5)).toMatchObject({ name: 'Camp' });
    // The old indexes still answer.
    expect(await db.entityTable('stock').where('_ix_stayId').equals(5).primaryKeys()).toEqual([9]);
    expect(
      await db
        .entityTable('shopLists')
        .where('_ix_shareToken')
        .equals('t'.repeat(22))
        .primaryKeys(),
    ).toEqual([10]);
    expect(
      await db.entityTable('meals').where('_ix_altRecipeIds').equals(31).primaryKeys(),
    ).toEqual([6]);
    // The purchases store exists with its two indexes: setPurchase finds the user's row.
    const row = {
      id: 20,
      owner: 7,
      ingredientId: 3,
      pack: { name: 'paquet', size: 500, unite: 2 as const },
      prices: [{ supplierId: null, amount: 1.2, per: 'pack' as const, date: '2026-06-01' }],
    };
    await db.entityTable('purchases').put(toStored('purchases', row));
    const store = new DexieStore(db);
    expect(await store.where('purchases', 'ownerIngredient', '7:3')).toEqual([row]);
    expect(await store.whereIds('purchases', 'owner', 7)).toEqual([20]);
    expect(await store.whereIds('purchases', 'owner', 8)).toEqual([]);
    db.close();
  });
});
