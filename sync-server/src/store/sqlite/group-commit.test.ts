import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite, { type Database } from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { newDevice, NOW, post } from '../../../test/sync-device.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import { GroupCommitTurns, sqliteGroupTransaction, type GroupBounds } from './group-commit.js';

/** A durable SQLite file and a second connection that sees only what is committed. */
function openPair(): { db: Database; committed: Database } {
  const file = join(mkdtempSync(join(tmpdir(), 'popote-group-')), 'g.sqlite');
  const db = new Sqlite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.exec(`CREATE TABLE t (v TEXT NOT NULL);
    CREATE TABLE parent (id INTEGER PRIMARY KEY);
    CREATE TABLE child (p INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED)`);
  return { db, committed: new Sqlite(file, { readonly: true }) };
}

function turnsOn(db: Database, bounds?: GroupBounds): GroupCommitTurns {
  return new GroupCommitTurns(sqliteGroupTransaction(db), bounds);
}

/** A task's own transaction, as SyncWriter and better-sqlite3 nest them: a savepoint. */
const insert = (db: Database, v: string) => () => {
  db.transaction(() => db.prepare('INSERT INTO t (v) VALUES (?)').run(v))();
  return v;
};

const committedValues = (committed: Database) =>
  (committed.prepare('SELECT v FROM t ORDER BY v').all() as { v: string }[]).map((r) => r.v);

describe('group commit on SQLite', () => {
  it('tasks that wait together share one commit, and none is answered before it', async () => {
    const { db, committed } = openPair();
    const turns = turnsOn(db);
    const seenAtAnswer: string[][] = [];
    const answers = Array.from({ length: 10 }, (_, i) =>
      turns.run(insert(db, `v${i}`)).then((v) => {
        // The answer means durable: another connection already reads the value.
        seenAtAnswer.push(committedValues(committed));
        return v;
      }),
    );
    expect(await Promise.all(answers)).toEqual(answers.map((_, i) => `v${i}`));
    expect(turns.stats).toEqual({ groups: 1, tasks: 10 });
    for (const seen of seenAtAnswer) expect(seen).toHaveLength(10);
  });

  it('runs a task alone in the queue without a group: its own transactions, no savepoint', async () => {
    const { db, committed } = openPair();
    const turns = turnsOn(db);
    const inGroup = () => db.inTransaction;
    expect(await turns.run(inGroup)).toBe(false);
    await turns.run(insert(db, 'seul'));
    expect(committedValues(committed)).toEqual(['seul']);
    // Two waiting together share a group.
    expect(await Promise.all([turns.run(inGroup), turns.run(inGroup)])).toEqual([true, true]);
    expect(turns.stats).toEqual({ groups: 3, tasks: 4 });
  });

  it('a task that fails undoes its own writes only', async () => {
    const { db, committed } = openPair();
    const turns = turnsOn(db);
    const failing = () => {
      db.transaction(() => {
        db.prepare('INSERT INTO t (v) VALUES (?)').run('b');
        throw new Error('refusée');
      })();
    };
    const outcomes = await Promise.allSettled([
      turns.run(insert(db, 'a')),
      turns.run(failing),
      turns.run(insert(db, 'c')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(committedValues(committed)).toEqual(['a', 'c']);
    expect(turns.stats).toEqual({ groups: 1, tasks: 3 });
  });

  it('when the group cannot commit, every task of it fails and nothing is kept', async () => {
    const { db, committed } = openPair();
    const turns = turnsOn(db);
    const hooks: string[] = [];
    // A deferred foreign key is checked at COMMIT: the group's commit fails.
    const orphan = () => {
      db.prepare('INSERT INTO child (p) VALUES (42)').run();
      turns.afterCommit(() => hooks.push('orphan'));
    };
    const outcomes = await Promise.allSettled([
      turns.run(insert(db, 'a')),
      turns.run(orphan),
      turns.run(insert(db, 'c')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(committedValues(committed)).toEqual([]);
    expect(hooks).toEqual([]);
    expect(db.inTransaction).toBe(false);
    // The queue goes on: the next task commits on its own.
    await turns.run(insert(db, 'd'));
    expect(committedValues(committed)).toEqual(['d']);
  });

  it('a group whose transaction SQLite rolled back fails whole, tasks before included', async () => {
    const { db, committed } = openPair();
    const turns = turnsOn(db);
    const outcomes = await Promise.allSettled([
      turns.run(insert(db, 'a')),
      turns.run(() => db.exec('ROLLBACK')), // as SQLite does on a full disk
      turns.run(insert(db, 'c')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
    expect(committedValues(committed)).toEqual(['c']);
  });

  it('runs after-commit work once the group is durable, in order; outside a group at once', async () => {
    const { db, committed } = openPair();
    const turns = turnsOn(db);
    const events: string[] = [];
    const task = (v: string) => () => {
      insert(db, v)();
      turns.afterCommit(() => events.push(`${v}: ${committedValues(committed).length} rows`));
    };
    await Promise.all([turns.run(task('a')), turns.run(task('b'))]);
    expect(events).toEqual(['a: 2 rows', 'b: 2 rows']);
    turns.afterCommit(() => events.push('idle'));
    expect(events).toEqual(['a: 2 rows', 'b: 2 rows', 'idle']);
  });

  it('a group takes no more tasks than its bounds allow', async () => {
    const { db } = openPair();
    const turns = turnsOn(db, { maxTasks: 3, maxMs: 1000 });
    await Promise.all(Array.from({ length: 7 }, (_, i) => turns.run(insert(db, `v${i}`))));
    expect(turns.stats).toEqual({ groups: 3, tasks: 7 });
    const timed = turnsOn(db, { maxTasks: 100, maxMs: 5 });
    const slow = (v: string) => async () => {
      await new Promise((resolve) => setTimeout(resolve, 3));
      return insert(db, v)();
    };
    await Promise.all(Array.from({ length: 6 }, (_, i) => timed.run(slow(`w${i}`))));
    expect(timed.stats.tasks).toBe(6);
    expect(timed.stats.groups).toBeGreaterThanOrEqual(2);
  });
});

describe('group commit in the server', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.app.close();
    server = undefined;
  });

  it('concurrent pushes of several devices share commits, and each answer is durable', async () => {
    server = await startTestServer();
    const writes = server.app.popote.store.writes;
    // On PostgreSQL, commits of concurrent transactions share flushes inside PostgreSQL.
    if (!(writes instanceof GroupCommitTurns)) return;
    // One after another: a sign-up reads the outbox's last mail, which must be its own.
    const devices = [];
    for (let i = 0; i < 12; i++) {
      devices.push(await newDevice(server, `d${i}@popote.test`, `device-${i}0`));
    }
    const before = { ...writes.stats };
    const answers = await Promise.all(
      devices.map(async (d) => {
        const id = d.next++;
        const mutations = [
          { id: 1, name: 'createRecipe', args: { id, name: `Tarte ${id}`, plat: 1, now: NOW } },
        ];
        const res = await post(server!, d, '/sync/push', { clientId: d.clientId, mutations });
        expect(res.statusCode, res.body).toBe(200);
        // What the answer acknowledges is committed: a snapshot (committed data only) has it.
        const stored = await server!.app.popote.store.rows.snapshot((s) => s.get('recipes', id));
        return stored?.name;
      }),
    );
    expect(answers).toEqual(devices.map((d) => `Tarte ${d.next - 1}`));
    const tasks = writes.stats.tasks - before.tasks;
    const groups = writes.stats.groups - before.groups;
    expect(tasks).toBeGreaterThanOrEqual(12); // a turn per push at least
    expect(groups).toBeLessThan(tasks / 2);
  });
});
