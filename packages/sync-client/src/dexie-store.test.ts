import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IngredientKind, type Id, type Ingredient } from '@popote/domain';
import { boundTables, LocalDb } from './db.js';
import { DexieStore, toStored } from './dexie-store.js';

let db: LocalDb;

const ingredient = (id: Id): Ingredient => ({
  id,
  name: `Ingrédient ${id}`,
  kind: IngredientKind.Autre,
  owner: 1,
});

/** Rows 1..100 and 1001..1010: a dense block and a far one. */
beforeEach(async () => {
  db = new LocalDb(`store-test-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  const ids = [
    ...Array.from({ length: 100 }, (_, i) => i + 1),
    ...Array.from({ length: 10 }, (_, i) => 1001 + i),
  ];
  await db
    .entityTable('ingredients')
    .bulkPut(ids.map((id) => toStored('ingredients', ingredient(id))));
});

afterEach(async () => {
  db.close();
});

const names = (rows: Ingredient[]) => rows.map((r) => r.id);

describe('DexieStore.getMany', () => {
  const store = () => new DexieStore(db);

  it('reads a dense set of ids by their range, in the order asked, missing ones left out', async () => {
    // 40 ids over 1..60 plus one missing (500): the range read (at most 2 rows per id asked).
    const ids = [...Array.from({ length: 40 }, (_, i) => 60 - i), 500];
    const oneByOne = vi.spyOn(db.entityTable('ingredients'), 'bulkGet');
    const rows = await store().getMany('ingredients', ids);
    expect(oneByOne).not.toHaveBeenCalled();
    expect(names(rows)).toEqual(ids.slice(0, 40));
    expect(rows[0]).toEqual(ingredient(60)); // plain rows: the index columns stripped
  });

  it('reads a set of ids filling their span without counting the range', async () => {
    const ids = Array.from({ length: 40 }, (_, i) => i + 21); // 21..60: a span of 40
    const collection = Object.getPrototypeOf(db.entityTable('ingredients').toCollection()) as {
      count: () => Promise<number>;
    };
    const counted = vi.spyOn(collection, 'count');
    expect(names(await store().getMany('ingredients', ids))).toEqual(ids);
    expect(counted).not.toHaveBeenCalled();
    counted.mockRestore();
  });

  it('reads a spread set of ids one by one, with the same answer', async () => {
    // 40 ids over 1..1010: the range holds 110 rows, more than twice 40.
    const ids = [...Array.from({ length: 35 }, (_, i) => i + 1), 1001, 1002, 1003, 1004, 1010];
    const oneByOne = vi.spyOn(db.entityTable('ingredients'), 'bulkGet');
    expect(names(await store().getMany('ingredients', ids))).toEqual(ids);
    expect(oneByOne).toHaveBeenCalledOnce();
  });

  it('keeps repeated ids, as a get per id would', async () => {
    const ids = [...Array.from({ length: 40 }, (_, i) => i + 1), 3, 3];
    expect(names(await store().getMany('ingredients', ids))).toEqual(ids);
  });

  it('reads inside a transaction through its bound tables', async () => {
    const ids = Array.from({ length: 50 }, (_, i) => i + 1);
    const rows = await db.transaction('r', db.table('ingredients'), (tx) =>
      new DexieStore(boundTables(tx)).getMany('ingredients', ids),
    );
    expect(names(rows)).toEqual(ids);
  });
});
