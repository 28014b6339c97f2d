import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { PullResponse } from '@popote/sync-protocol';
import { applyPull, LocalDb } from '@popote/sync-client';
import { isFirstSyncDone } from './FirstSync';

const USER = 7;

const page = (more: boolean, cookie: number, name: string): PullResponse => ({
  cookie,
  lastMutationId: 0,
  more,
  cursor: more ? 'suite' : null,
  rejections: [],
  patch: [{ op: 'put', table: 'ingredients', row: { id: cookie, name, kind: 1, owner: null } }],
});

describe('isFirstSyncDone', () => {
  it('is false until the last page of the first pull, and stays true after a reload', async () => {
    const indexedDB = new IDBFactory();
    const open = () => new LocalDb('popote-u7', { indexedDB, IDBKeyRange });
    const db = open();
    expect(await isFirstSyncDone(db)).toBe(false);

    // A first sync in two pages: rows arrive with the first, but it is not done yet.
    await applyPull(db, USER, page(true, 1, 'Tomates'));
    expect(await db.table('ingredients').count()).toBe(1);
    expect(await isFirstSyncDone(db)).toBe(false);
    await applyPull(db, USER, page(false, 2, 'Pain'));
    expect(await isFirstSyncDone(db)).toBe(true);
    db.close();

    // An offline reload opens the same database: still done, without any network.
    const reopened = open();
    expect(await isFirstSyncDone(reopened)).toBe(true);
    reopened.close();

    // Another user's database on the same browser has its own first sync.
    const other = new LocalDb('popote-u8', { indexedDB, IDBKeyRange });
    expect(await isFirstSyncDone(other)).toBe(false);
    other.close();
  });
});
