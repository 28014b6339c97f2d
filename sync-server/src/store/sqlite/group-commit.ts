/**
 * Group commit on SQLite: the write tasks waiting for their turn run one after another inside
 * one transaction and share its commit, so that one flush to disk (`synchronous = FULL`)
 * makes a whole group durable instead of one flush per task. Each task's own transactions
 * become savepoints of the group's (SyncWriter.beginPlain, better-sqlite3's nested
 * transactions), so a task that fails undoes its own writes only.
 *
 * Nothing of a task is answered before its group is committed: its promise settles, and the
 * work it asked to run after commit (hints to devices, processed events) runs, only once the
 * group's COMMIT has returned. If the group cannot commit, or SQLite itself rolls the group's
 * transaction back (disk full, I/O error), every task of the group fails: none of them was
 * acknowledged, and their devices send them again.
 *
 * There is no waiting for company: a group takes the tasks already queued, and the ones that
 * arrive while it runs (the event loop runs between two tasks), up to its bounds, then
 * commits. Under load, requests that arrived during one group's flush form the next group. A
 * task alone in the queue runs without a group, each of its transactions committing itself.
 */
import type { Database } from 'better-sqlite3';
import { yieldToEventLoop, type WriteTurns } from '../write-queue.js';

/** The group's transaction on the writer connection. */
export interface GroupTransaction {
  begin(): void;
  commit(): void;
  /** Rolls back what is still open (nothing if SQLite already rolled it back). */
  rollback(): void;
  /** Whether the group's transaction is still open. */
  readonly open: boolean;
}

/** The group's transaction on a better-sqlite3 connection (its writer connection). */
export function sqliteGroupTransaction(db: Database): GroupTransaction {
  return {
    begin: () => db.exec('BEGIN IMMEDIATE'),
    commit: () => db.exec('COMMIT'),
    rollback: () => {
      if (db.inTransaction) db.exec('ROLLBACK');
    },
    get open() {
      return db.inTransaction;
    },
  };
}

export interface GroupBounds {
  /** Tasks in one group at most. */
  maxTasks: number;
  /** No further task joins a group that has run this long (ms): its first task's answer waits. */
  maxMs: number;
}

export const DEFAULT_GROUP_BOUNDS: GroupBounds = { maxTasks: 64, maxMs: 8 };

interface Waiting {
  task: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { entry: Waiting } & ({ ok: true; value: unknown } | { ok: false; error: unknown });

export class GroupCommitTurns implements WriteTurns {
  /** Groups committed and the tasks they held (read by the tests and the benchmark). */
  readonly stats = { groups: 0, tasks: 0 };
  private readonly waiting: Waiting[] = [];
  private draining = false;
  /** What the tasks of the running group asked to run after its commit. */
  private hooks: (() => void)[] | null = null;

  constructor(
    private readonly transaction: GroupTransaction,
    private readonly bounds: GroupBounds = DEFAULT_GROUP_BOUNDS,
  ) {}

  run<T>(task: () => Promise<T> | T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ task, resolve: resolve as (value: unknown) => void, reject });
      if (!this.draining) void this.drain();
    });
  }

  /** Runs fn once the running group is committed; at once outside a group. */
  afterCommit(fn: () => void): void {
    if (this.hooks) this.hooks.push(fn);
    else fn();
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.waiting.length > 0) {
        // Reads and new requests are served between two groups, as between two turns.
        await yieldToEventLoop();
        await this.runGroup();
      }
    } finally {
      this.draining = false;
    }
  }

  private async runGroup(): Promise<void> {
    // Alone in the queue: the task runs without a group, its transactions committing on their
    // own, as they would without group commit. No savepoint then: SQLite keeps the original of
    // every page a savepoint changes (its statement journal), which made a lone push of 20,000
    // rows 40 % slower. Tasks that arrive meanwhile form the next group.
    if (this.waiting.length === 1) {
      await this.runAlone(this.waiting.shift()!);
      return;
    }
    const started = performance.now();
    const ran: Outcome[] = [];
    const hooks: (() => void)[] = [];
    let failure: { error: unknown } | null = null;
    try {
      this.transaction.begin();
    } catch (error) {
      failure = { error };
      // Nothing ran: the first waiting task fails alone (the store is busy or broken) and the
      // others are tried in the next group.
      const first = this.waiting.shift();
      if (first) ran.push({ entry: first, ok: false, error });
    }
    this.hooks = hooks;
    while (!failure && ran.length < this.bounds.maxTasks) {
      if (ran.length > 0) {
        if (performance.now() - started >= this.bounds.maxMs) break;
        await yieldToEventLoop(); // lets the requests that came meanwhile join the group
      }
      const entry = this.waiting.shift();
      if (!entry) break;
      try {
        ran.push({ entry, ok: true, value: await entry.task() });
      } catch (error) {
        ran.push({ entry, ok: false, error });
        if (!this.transaction.open) failure = { error };
      }
      if (!failure && !this.transaction.open) {
        failure = { error: new Error('The group transaction was closed by one of its tasks.') };
      }
    }
    this.hooks = null;
    if (!failure) {
      try {
        this.transaction.commit();
      } catch (error) {
        failure = { error };
      }
    }
    if (failure) {
      try {
        this.transaction.rollback();
      } catch {
        // The connection is broken: the tasks fail below, and so will the next group's begin.
      }
      for (const { entry } of ran) entry.reject(failure.error);
      return;
    }
    this.stats.groups += 1;
    this.stats.tasks += ran.length;
    for (const outcome of ran) {
      if (outcome.ok) outcome.entry.resolve(outcome.value);
      else outcome.entry.reject(outcome.error);
    }
    for (const hook of hooks) {
      try {
        hook();
      } catch (error) {
        // A listener's bug must not stop the queue: the writes are committed and answered.
        process.emitWarning(`After-commit hook failed: ${String(error)}`);
      }
    }
  }

  private async runAlone(entry: Waiting): Promise<void> {
    try {
      const value = await entry.task();
      this.stats.groups += 1;
      this.stats.tasks += 1;
      entry.resolve(value);
    } catch (error) {
      entry.reject(error);
    }
  }
}
