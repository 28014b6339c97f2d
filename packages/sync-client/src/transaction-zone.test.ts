/**
 * Transactions that outlast Dexie's zone. Dexie finds the current transaction of `db.<table>`
 * calls in its zone, which it carries across native awaits for only about 100 promise jobs after
 * each awaited Dexie call. The domain's read rules and mutators often await async functions that
 * decide without the database (a menu of the user's own is readable at once), so a long enough
 * run of them between two database calls used to drop the zone: the next call ran outside the
 * transaction, the transaction committed with nothing pending, and the pull or the mutation
 * failed with PrematureCommitError. Calls now go through the tables bound to the transaction.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { canReadRow, type Menu, type Stay } from '@popote/domain';
import type { PullResponse } from '@popote/sync-protocol';
import { applyPull } from './apply-pull.js';
import { inTransaction, LocalDb } from './db.js';
import { DexieStore, fromStored } from './dexie-store.js';
import { addIdBlock } from './ids.js';
import { mutateLocal } from './local-mutate.js';

const USER = 7;
/** Well past Dexie's budget of about 100 promise jobs: each read check takes a few. */
const MENUS = 120;

const stay: Stay = {
  id: 1,
  owner: USER,
  name: 'Camp',
  start: '2026-07-01',
  profileId: null,
  exportSecret: null,
};
const menus: Menu[] = Array.from({ length: MENUS }, (_, i) => ({
  id: 100 + i,
  owner: USER,
  isFavorite: false,
  isPublished: false,
  updated: '2026-06-01T10:00:00.000Z',
  ingredients: [],
  recipeIds: [],
}));

const page = (over: Partial<PullResponse>): PullResponse => ({
  cookie: 1,
  lastMutationId: 0,
  patch: [],
  rejections: [],
  more: false,
  cursor: null,
  ...over,
});

let db: LocalDb;

beforeEach(async () => {
  db = new LocalDb(`zone-test-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  await addIdBlock(db, { first: 1_000, count: 1_000 });
});

afterEach(() => db.close());

const storedStay = async () => fromStored((await db.entityTable('stays').get(stay.id))!) as Stay;

describe('a transaction that outlasts Dexie’s zone', () => {
  it('applies a pull whose read checks run long, then replays a pending mutation', async () => {
    const allMenus = menus.map((row) => ({ op: 'put' as const, table: 'menus' as const, row }));
    await applyPull(
      db,
      USER,
      page({ patch: [{ op: 'put', table: 'stays', row: stay }, ...allMenus] }),
    );
    await mutateLocal(db, USER, 'updateStay', { id: stay.id, name: 'Camp d’été' });

    // The same menus again: every one is checked for readability (each answers without the
    // database), then the recipes of none (an empty read), then the rename is replayed: a read
    // and a write of the stay, long after the last database call.
    const again = page({ cookie: 2, patch: allMenus });
    await applyPull(db, USER, again);
    await applyPull(db, USER, again); // applying a page twice changes nothing

    expect(await storedStay()).toMatchObject({ name: 'Camp d’été' });
    expect(await db.entityTable('menus').count()).toBe(MENUS);
    expect(await db.outbox.count()).toBe(1);
    expect((await db.base.get(`stays:${stay.id}`))?.row).toEqual(stay);
    expect((await db.meta.get('cookie'))?.value).toBe(2);
  });

  it('keeps a store in the transaction through long runs of awaits and empty reads', async () => {
    await applyPull(db, USER, page({ patch: [{ op: 'put', table: 'stays', row: stay }] }));
    const run = (fail: boolean) =>
      inTransaction(db, async (tx) => {
        const store = new DexieStore(tx);
        const read = (await store.get('stays', stay.id))!;
        // As dropUnreadable does: a read check per row, none reaching the database, then
        // reads of nothing (no IndexedDB request either).
        for (const menu of menus) await canReadRow(store, USER, 'menus', menu);
        for (let i = 0; i < 3; i++) await store.getMany('recipes', []);
        await store.put('stays', { ...read, name: `${read.name}+` });
        expect(await store.get('stays', stay.id)).toMatchObject({ name: `${read.name}+` });
        if (fail) throw new Error('rolled back');
      });

    await run(false);
    expect(await storedStay()).toMatchObject({ name: 'Camp+' });
    // The write belonged to the transaction: a failure after it undoes it.
    await expect(run(true)).rejects.toThrow('rolled back');
    expect(await storedStay()).toMatchObject({ name: 'Camp+' });
  });
});
