/**
 * The server's turns at writing. On SQLite every write on the writer connection runs as one
 * task of one queue, in order (GroupCommitTurns, sqlite/group-commit.ts, whose waiting tasks share a
 * commit). A sync mutation's transaction spans the mutator's awaits and lets the event loop
 * run in the middle of it (see Pacer), so nothing else may write on that connection outside a
 * turn: its statements would join the open transaction (and be rolled back with it).
 * WriteQueue is the plain queue (each task commits its own work): the reader connection's
 * snapshots take turns on it, and tests use it.
 */
/** Where a write task waits for its turn (if any) and runs. */
export interface WriteTurns {
  run<T>(task: () => Promise<T> | T): Promise<T>;
  /**
   * Runs fn once what the calling task has written so far is durable: at once where each
   * transaction commits on its own, after the group's commit where tasks share one
   * (GroupCommitTurns). For what must not be seen before the data is: hints, processed events.
   */
  afterCommit(fn: () => void): void;
}

export class WriteQueue implements WriteTurns {
  private tail: Promise<unknown> = Promise.resolve();

  /**
   * Runs the task once every task queued before it has ended. The event loop runs between two
   * tasks, so that reads and new requests are served between the mutations of a long push.
   */
  run<T>(task: () => Promise<T> | T): Promise<T> {
    const result = this.tail.then(yieldToEventLoop).then(task);
    this.tail = result.catch(() => undefined);
    return result;
  }

  afterCommit(fn: () => void): void {
    fn();
  }
}

/**
 * No turns: tasks run side by side, each on its own connection (PostgreSQL), the database
 * ordering what conflicts. Concurrent commits then share their flushes to disk (PostgreSQL's
 * group commit). The event loop still runs before each task, as between two turns.
 */
export class ConcurrentTurns implements WriteTurns {
  run<T>(task: () => Promise<T> | T): Promise<T> {
    return yieldToEventLoop().then(task);
  }

  afterCommit(fn: () => void): void {
    fn();
  }
}

/**
 * Lets the event loop run once this much synchronous work has gone by since it last ran, so
 * that a long task (a wizard writing thousands of rows) never holds other requests (`/health`,
 * pulls, logins) for longer than the budget. Call `pace()` between two steps of the work.
 */
export class Pacer {
  private since = performance.now();

  constructor(private readonly budgetMs: number) {}

  /** Resolves at once while within the budget; otherwise after the event loop has run. */
  async pace(): Promise<void> {
    if (performance.now() - this.since < this.budgetMs) return;
    await yieldToEventLoop();
    this.since = performance.now();
  }

  /** Starts a new budget (the event loop has just run). */
  restart(): void {
    this.since = performance.now();
  }
}

export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
