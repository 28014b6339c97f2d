import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { DomainError } from '@popote/domain';
import { openDatabase } from './database.js';
import { MIGRATIONS } from './schema.js';
import { ServerStore } from './server-store.js';

let dataDir: string;
const opened: { close(): void }[] = [];
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'popote-store-'));
});
afterEach(() => {
  opened.splice(0).forEach((s) => s.close());
  rmSync(dataDir, { recursive: true, force: true });
});
const open = () => {
  const store = ServerStore.open(dataDir);
  opened.push(store);
  return store;
};

describe('database', () => {
  test('opens popote.sqlite in WAL mode with durable commits and foreign keys', () => {
    const { db } = open();
    expect(db.name).toBe(join(dataDir, 'popote.sqlite'));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
  });

  test('records migrations and applies only the new ones', async () => {
    await open().close();
    const extra = [
      ...MIGRATIONS,
      { name: 'test-extra', up: 'CREATE TABLE extra (id INTEGER PRIMARY KEY) STRICT' },
    ];
    const db = openDatabase(dataDir, extra);
    opened.push(db);
    const rows = db.prepare('SELECT id, name FROM migrations ORDER BY id').all();
    expect(rows).toEqual([
      ...MIGRATIONS.map((m, i) => ({ id: i + 1, name: m.name })),
      { id: MIGRATIONS.length + 1, name: 'test-extra' },
    ]);
    db.close();
    // Reopening with the same list changes nothing.
    const again = openDatabase(dataDir, extra);
    opened.push(again);
    expect(again.prepare('SELECT COUNT(*) AS n FROM migrations').get()).toEqual({
      n: MIGRATIONS.length + 1,
    });
  });

  test('refuses a database made by a newer version', () => {
    const db = openDatabase(dataDir, [...MIGRATIONS, { name: 'future', up: 'SELECT 1' }]);
    db.close();
    expect(() => openDatabase(dataDir)).toThrow(
      `La base de données a été créée par une version plus récente de Popote (${MIGRATIONS.length + 1} migrations, ${MIGRATIONS.length} connues).`,
    );
  });

  test('a failing migration leaves no trace', () => {
    const broken = [
      ...MIGRATIONS,
      { name: 'broken', up: 'CREATE TABLE t (x INTEGER) STRICT; SELECT * FROM nowhere' },
    ];
    expect(() => openDatabase(dataDir, broken)).toThrow();
    const store = open();
    expect(
      store.db.prepare("SELECT name FROM sqlite_master WHERE name = 't'").get(),
    ).toBeUndefined();
  });
});

describe('allocateIds', () => {
  test('hands out consecutive blocks from 1, kept across restarts', async () => {
    const store = open();
    expect(store.allocateIds(1)).toBe(1);
    expect(store.allocateIds(1_048_576)).toBe(2);
    expect(store.allocateIds(3)).toBe(1_048_578);
    await store.close();
    expect(open().allocateIds(1)).toBe(1_048_581);
  });

  test.each([0, -1, 1.5, Number.NaN])('refuses a count of %s', (count) => {
    const store = open();
    expect(() => store.allocateIds(count)).toThrow(DomainError);
    expect(store.allocateIds(1)).toBe(1);
  });

  test('never goes past 2^53 - 1', async () => {
    const store = open();
    await store.write((tx) => tx.setMeta('next_id', Number.MAX_SAFE_INTEGER - 1));
    expect(() => store.allocateIds(3)).toThrow(
      'Plus aucun identifiant disponible pour cette réservation.',
    );
    expect(store.allocateIds(2)).toBe(Number.MAX_SAFE_INTEGER - 1);
  });
});

describe('meta', () => {
  test('keeps values and the generated JWT secret', async () => {
    const store = open();
    expect(await store.getMeta('absent')).toBeNull();
    await store.write((tx) => tx.setMeta('k', 'v'));
    await store.write((tx) => tx.setMeta('k', 'w'));
    expect(await store.getMeta('k')).toBe('w');
    const secret = await store.jwtSecret();
    expect(secret).toMatch(/^[\w-]{64}$/u);
    await store.close();
    expect(await open().jwtSecret()).toBe(secret);
  });
});

describe('rows read by id (rawByIds)', () => {
  /** Ingredients 1..100 and 1000..1010, with 50 deleted. */
  const filled = () => {
    const store = open();
    store.sync.write((v) => {
      for (const id of [
        ...Array.from({ length: 100 }, (_, i) => i + 1),
        ...Array.from({ length: 11 }, (_, i) => i + 1000),
      ]) {
        store.sync.putRow('ingredients', { id, name: `I${id}`, kind: 0, owner: 7 }, v);
      }
      store.sync.deleteRow('ingredients', 50, v);
    });
    return store;
  };
  const idsOf = (rows: { id: number; data: string }[]) => rows.map((r) => r.id);

  test('ids that fill their span: their rows in the order asked, the missing and deleted left out', () => {
    const store = filled();
    const sorted = Array.from({ length: 80 }, (_, i) => i + 11); // 11..90, 50 deleted
    const rows = store.syncReader.rawByIds('ingredients', [...sorted, 95, 500]);
    expect(idsOf(rows)).toEqual([...sorted.filter((id) => id !== 50), 95]);
    expect(JSON.parse(rows[0]!.data)).toMatchObject({ id: 11, name: 'I11' });
    const shuffled = [...sorted].reverse();
    expect(idsOf(store.syncReader.rawByIds('ingredients', shuffled))).toEqual(
      shuffled.filter((id) => id !== 50),
    );
    // Repeated ids, as a lookup per id would give them.
    const repeated = [...sorted, 11, 11];
    expect(idsOf(store.syncReader.rawByIds('ingredients', repeated))).toEqual(
      repeated.filter((id) => id !== 50),
    );
  });

  test('ids of a window (whereIds, allIds): those after its start, the first ones only', () => {
    const store = filled();
    const reader = store.syncReader;
    expect(reader.allIds('ingredients', { limit: 3 })).toEqual([1, 2, 3]);
    expect(reader.allIds('ingredients', { after: 48, limit: 3 })).toEqual([49, 51, 52]);
    expect(reader.allIds('ingredients', { after: 99, limit: 4 })).toEqual([100, 1000, 1001, 1002]);
    expect(reader.allIds('ingredients', { after: 1010, limit: 4 })).toEqual([]);
    expect(reader.whereIds('ingredients', 'owner', 7, { after: 48, limit: 2 })).toEqual([49, 51]);
    expect(reader.whereIds('ingredients', 'owner', 7, { after: 1008, limit: 10 })).toEqual([
      1009, 1010,
    ]);
    expect(reader.whereIds('ingredients', 'owner', 7, { limit: 200 })).toEqual(
      reader.whereIds('ingredients', 'owner', 7),
    );
  });

  test('ids spread over a wide span: the same answer, by lookups', () => {
    const store = filled();
    const ids = [...Array.from({ length: 70 }, (_, i) => i + 1), 1000, 1005, 1010];
    expect(idsOf(store.syncReader.rawByIds('ingredients', ids))).toEqual(
      ids.filter((id) => id !== 50),
    );
  });
});
