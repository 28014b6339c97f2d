/**
 * A write transaction's connection, with writes whose answer nobody waits for.
 *
 * The pool's connections are in the driver's pipeline mode: a statement is written to the
 * socket at once, even while earlier ones are still running. A write that answers nothing the
 * transaction needs (a row, a tombstone, a device's progress) is therefore sent and left on
 * its way (`defer`): it travels with the next statement the transaction waits for (a read, or
 * COMMIT), in one round trip instead of two. On two cores each round trip is a switch between
 * the instance and its PostgreSQL backend, which is most of what a push costs both.
 *
 * The statements sent one after the other without waiting (deferred writes, reads sent ahead)
 * are held in the socket (cork) until the next statement waited for, and leave in one write:
 * each write to the socket is a system call that wakes the backend.
 *
 * Nothing is lost: the statements run in the order sent, so a read sees the writes sent before
 * it; and whatever waits for an answer first checks the deferred writes before it: the first
 * one that failed (a serialization conflict, a broken connection) is thrown there, with its own
 * code, so that the transaction is run again or reported as if the write itself had thrown.
 */
import type { Writable } from 'node:stream';
import type { PoolClient, QueryConfig, QueryResult, QueryResultRow } from 'pg';

/** What a store module sends: a prepared statement (`prepared`), or a text and its values. */
export type Statement = QueryConfig | string;

/** Deferred writes on their way at most. */
const MAX_PENDING = 64;

export class TxPipe {
  /** Deferred writes not yet checked. */
  private pending: Promise<void>[] = [];
  /** The first deferred write that failed: the transaction is aborted from there on. */
  private failure: { error: unknown } | undefined;
  /** Whether this pipe holds the socket's writes (hold). */
  private holding = false;
  /** The transaction's start (open): writes wait for its answer. */
  private opened: Promise<unknown> = Promise.resolve();
  /** Whether the start answered. */
  private isOpen = true;

  constructor(readonly client: PoolClient) {}

  /** The connection's socket (the driver's own; absent in a fake client). */
  private get socket(): Writable | undefined {
    return (this.client as unknown as { connection?: { stream?: Writable } }).connection?.stream;
  }

  /** Holds the socket's writes until the next statement waited for (or this event loop turn). */
  private hold(): void {
    const socket = this.socket;
    if (this.holding || !socket) return;
    socket.cork();
    this.holding = true;
    // Never held longer, whoever writes next (a ROLLBACK, another attempt).
    setImmediate(() => this.release());
  }

  /** Sends what is held, in one write. */
  private release(): void {
    if (!this.holding) return;
    this.holding = false;
    this.socket?.uncork();
  }

  /**
   * Sends a read ahead of need, held with the statements that follow until one is waited for;
   * its answer is awaited later (or never: its failure is then the transaction's next one).
   */
  ahead<R extends QueryResultRow = QueryResultRow>(
    statement: Statement,
    values?: unknown[],
  ): Promise<QueryResult<R>> {
    this.hold();
    const result = this.client.query<R>(statement as QueryConfig, values);
    result.catch(() => undefined);
    return result;
  }

  /**
   * Sends the statement that opens the transaction, without waiting: the reads that follow it
   * travel with it (in the same write to the socket), and each answer waited for checks it
   * like a deferred write. A write is sent only once it succeeded: should it fail, the write
   * would run outside the transaction. Answers its result (multi-statement text: an array).
   */
  open(text: string): Promise<unknown> {
    this.hold();
    const start = this.client.query(text) as Promise<unknown>;
    this.opened = start;
    this.isOpen = false;
    start.then(
      () => (this.isOpen = true),
      () => undefined,
    );
    this.track(start);
    return start;
  }

  /** A write whose answer is waited for (a row the caller checks, an id it takes). */
  async write<R extends QueryResultRow = QueryResultRow>(
    statement: Statement,
    values?: unknown[],
  ): Promise<QueryResult<R>> {
    await this.whenOpen();
    return this.query<R>(statement, values);
  }

  /** Sends the statement (behind the deferred writes) and answers its result. */
  async query<R extends QueryResultRow = QueryResultRow>(
    statement: Statement,
    values?: unknown[],
  ): Promise<QueryResult<R>> {
    const result = this.client.query<R>(statement as QueryConfig, values);
    this.release();
    // Marked as handled now: it may fail before the writes ahead of it are checked, and after
    // a failed write its own error (the transaction is aborted) says nothing more.
    result.catch(() => undefined);
    await this.settle();
    return result;
  }

  /**
   * Sends a write without waiting for it; the next answer waited for checks it. Resolves at
   * once, unless MAX_PENDING writes are on their way: then once they are done (a push of
   * thousands of rows does not pile them all up in memory).
   */
  async defer(statement: Statement, values?: unknown[]): Promise<void> {
    await this.whenOpen();
    if (this.pending.length >= MAX_PENDING) await this.settle();
    this.hold();
    this.track(this.client.query(statement as QueryConfig, values));
  }

  /** Waits for the start's answer (sending what is held first: the start may be in it). */
  private async whenOpen(): Promise<void> {
    if (this.isOpen) return;
    this.release();
    await this.opened;
  }

  /** Checks a statement's answer with the next one waited for. */
  private track(sent: Promise<unknown>): void {
    this.pending.push(
      sent.then(
        () => undefined,
        (error: unknown) => {
          this.failure ??= { error };
        },
      ),
    );
  }

  /** Waits for the deferred writes; throws the first one's error if one failed. */
  async settle(): Promise<void> {
    this.release();
    if (this.pending.length > 0) {
      const pending = this.pending;
      this.pending = [];
      await Promise.all(pending);
    }
    if (this.failure) throw this.failure.error;
  }
}
