// Global, before Dexie loads: Dexie's own liveQuery, which these tests were first run against,
// answers nothing without a global indexedDB.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { Ingredient } from '@popote/domain';
import type { DexieStore } from '@popote/sync-client';
import { LocalDb, toStored } from '@popote/sync-client';
import { changedTables, useLiveRead, watchLiveRead } from './live-read';

afterEach(cleanup);

let databases = 0;
/** A database of its own for each test, or another connection to `name`. */
const open = (name = `popote-u${++databases}`) => new LocalDb(name);

const flour = (id: number, name: string): Ingredient => ({ id, name, kind: 2, owner: 7 });

/** Writes an ingredient as a pull or a mutation would: in a transaction of its own. */
const putIngredient = (db: LocalDb, row: Ingredient) =>
  db.entityTable('ingredients').put(toStored('ingredients', row));

/**
 * Reads the stays, then the ingredients' names after awaits that are not Dexie's: native ones,
 * far more than the promise jobs Dexie's zone is echoed for (about 100), and a timer, which
 * resumes the read outside Dexie's zone (as in the browser, where the domain's loaders lose it
 * and Dexie's liveQuery stopped following their later reads: issue 30, case 7).
 */
async function staysThenNames(store: DexieStore): Promise<string[]> {
  await store.all('stays');
  for (let n = 0; n < 500; n++) await Promise.resolve();
  const rows = await new Promise<Ingredient[]>((resolve, reject) =>
    setTimeout(() => store.all('ingredients').then(resolve, reject), 0),
  );
  return rows.map((i) => i.name).sort();
}

describe('useLiveRead', () => {
  it('follows a table read after awaits that are not Dexie’s (a long chain, a timer)', async () => {
    const db = open();
    await putIngredient(db, flour(1, 'Farine'));
    const { result } = renderHook(() => useLiveRead(db, staysThenNames, []));
    await waitFor(() => expect(result.current).toEqual(['Farine']));

    await putIngredient(db, flour(2, 'Sucre'));
    await waitFor(() => expect(result.current).toEqual(['Farine', 'Sucre']));
    await putIngredient(db, flour(1, 'Farine de seigle'));
    await waitFor(() => expect(result.current).toEqual(['Farine de seigle', 'Sucre']));
    db.close();
  });

  it('follows a write made through another connection to the database (another tab)', async () => {
    const db = open();
    const other = open(db.name);
    const { result } = renderHook(() => useLiveRead(db, staysThenNames, []));
    await waitFor(() => expect(result.current).toEqual([]));

    await putIngredient(other, flour(3, 'Sel'));
    await waitFor(() => expect(result.current).toEqual(['Sel']));
    other.close();
    db.close();
  });

  it('keeps the initial value until the first answer, then the previous one when deps change', async () => {
    const db = open();
    await putIngredient(db, flour(1, 'Farine'));
    await putIngredient(db, flour(2, 'Sucre'));
    const { result, rerender } = renderHook(
      ({ id }: { id: number }) =>
        useLiveRead(db, async (store) => (await store.get('ingredients', id))?.name, [id], '…'),
      { initialProps: { id: 1 } },
    );
    expect(result.current).toBe('…');
    await waitFor(() => expect(result.current).toBe('Farine'));
    rerender({ id: 2 });
    expect(result.current).toBe('Farine');
    await waitFor(() => expect(result.current).toBe('Sucre'));
    db.close();
  });
});

describe('watchLiveRead', () => {
  it('runs again only for the tables the query read, and once more for a change during a run', async () => {
    const db = open();
    // Creating the database notifies every table as changed: done before counting runs.
    await db.open();
    let runs = 0;
    const gate: { release?: () => void } = {};
    const values: string[][] = [];
    const stop = watchLiveRead(
      db,
      async (store) => {
        runs++;
        const names = await staysThenNames(store);
        // The second run waits, so that a change can land while it reads.
        if (runs === 2) await new Promise<void>((resolve) => (gate.release = resolve));
        return names;
      },
      { value: (v) => values.push(v), error: (e) => values.push([String(e)]) },
    );
    await waitFor(() => expect(values).toEqual([[]]));

    // A table the query never read: no run.
    await db.entityTable('menus').put({ id: 9 });
    await db.outbox.put({ id: 1, name: 'createStay', args: {}, at: '2025-06-01T10:00:00Z' });
    await new Promise((r) => setTimeout(r, 50));
    expect(runs).toBe(1);

    // A table it read: a run; a change while that run is under way: one more run after it.
    await putIngredient(db, flour(1, 'Farine'));
    await waitFor(() => expect(gate.release).toBeDefined());
    await putIngredient(db, flour(2, 'Sucre'));
    gate.release?.();
    await waitFor(() => expect(values.at(-1)).toEqual(['Farine', 'Sucre']));
    expect(runs).toBe(3);
    stop();

    // Stopped: no run any more.
    await putIngredient(db, flour(3, 'Sel'));
    await new Promise((r) => setTimeout(r, 50));
    expect(runs).toBe(3);
    db.close();
  });
});

describe('changedTables', () => {
  it('names the tables of this database in a storagemutated notice', () => {
    const range = {} as never;
    expect(
      changedTables('popote-u7', {
        'idb://popote-u7/purchases/': range,
        'idb://popote-u7/purchases/_ix_owner': range,
        'idb://popote-u7/meals/:dels': range,
        'idb://popote-u8/stays/': range,
      }),
    ).toEqual({ all: false, tables: new Set(['purchases', 'meals']) });
    expect(changedTables('popote-u7', { all: range })).toEqual({ all: true });
  });
});

describe('the one way to read live', () => {
  it('no code of the web app uses Dexie’s liveQuery or its React hooks', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const root = join(__dirname, '..');
    const offenders: string[] = [];
    for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.tsx?$/u.test(entry.name) || /\.test\.tsx?$/u.test(entry.name)) {
        continue;
      }
      const path = join(entry.parentPath, entry.name);
      const source = await readFile(path, 'utf8');
      if (/dexie-react-hooks|\bliveQuery\s*\(/u.test(source)) offenders.push(path);
    }
    expect(offenders).toEqual([]);
    // The check does see the sources: this file's neighbour is among them.
    expect(await readFile(join(root, 'sync', 'live-read.ts'), 'utf8')).toContain('storagemutated');
  });
});
