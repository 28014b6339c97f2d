/**
 * The server side of sync (ARCHITECTURE.md, "How a change travels"), one facade over its
 * jobs: id leases (`id-leases.ts`), pushes (`push.ts`), pulls (`pull.ts`), and the server's
 * own writes (REST /api, accounts, the catalogue) through the same mutation context
 * (`mutation-context.ts`). It holds no state outside the store.
 */
import type { Id, MutationContext, Row, TableName } from '@popote/domain';
import type { IdBlock, Mutation, PushResponse } from '@popote/sync-protocol';
import { LocalChangeChannel, type ChangeChannel } from '../store/change-channel.js';
import type { SyncRows } from '../store/ports.js';
import type { WriteTurns } from '../store/write-queue.js';
import { IdLeases } from './id-leases.js';
import { newWorkMeter, serverMutationContext } from './mutation-context.js';
import { Puller, type DeviceSchema, type PullPage } from './pull.js';
import { runJournaled } from './journal.js';
import { refuseDeletedAccount } from './deleted-account.js';

/** Runs one mutation inside SyncService.mutate's transaction, journaled. */
export type Apply = (name: string, args: unknown) => Promise<void>;
import { Pusher, type ProcessedMutation } from './push.js';
import { DEFAULT_SYNC_LIMITS, quotaRefusal, type SyncLimits } from './work-bounds.js';

export { API_CLIENT_ID } from './id-leases.js';
export { PULL_PAGE_ROWS, type PullPage } from './pull.js';
export {
  ServerTooOldError,
  SYNC_UNEXPECTED_REFUSAL,
  SyncGapError,
  type ProcessedMutation,
} from './push.js';

export class SyncService {
  private readonly processedListeners = new Set<(event: ProcessedMutation) => void>();
  private readonly ids: IdLeases;
  private readonly pusher: Pusher;
  private readonly puller: Puller;

  constructor(
    private readonly rows: SyncRows,
    /** The store's write turns (ServerStore.writes), shared with the accounts' writes. */
    private readonly writes: WriteTurns,
    private readonly now: () => number,
    /** Reports a mutation refused because it threw something unforeseen (a bug to look at). */
    log?: (error: unknown, mutationName: string) => void,
    private readonly limits: SyncLimits = DEFAULT_SYNC_LIMITS,
    /** Where changes are told to every instance's connected devices. */
    private readonly changes: ChangeChannel = new LocalChangeChannel(),
  ) {
    const rejectionBounds = limits.rejections ?? DEFAULT_SYNC_LIMITS.rejections;
    this.ids = new IdLeases(rows, writes, now);
    this.pusher = new Pusher({
      rows,
      writes,
      now,
      limits,
      rejectionBounds,
      log,
      processed: (event) => {
        for (const listener of this.processedListeners) listener(event);
      },
      changed: () => this.notify(null),
    });
    this.puller = new Puller(rows, writes, now, rejectionBounds);
  }

  /** Called after each committed change (null: something everyone may read changed). */
  onChange(listener: (userId: Id | null) => void): () => void {
    return this.changes.subscribe(listener);
  }

  /** Called once per processed mutation, once its transaction is committed (afterCommit). */
  onProcessed(listener: (event: ProcessedMutation) => void): () => void {
    this.processedListeners.add(listener);
    return () => this.processedListeners.delete(listener);
  }

  /** A block of ids for the device (`/sync/ids`). */
  leaseIds(userId: Id, clientId: string): Promise<IdBlock> {
    return this.ids.lease(userId, clientId);
  }

  /** Fresh ids for a server-side write of the user (REST /api): see IdLeases.reserveFor. */
  reserveIdsFor(userId: Id, count: number): Promise<IdBlock> {
    return this.ids.reserveFor(userId, count);
  }

  /** Applies a device's mutations in order and exactly once: see Pusher.push. */
  push(
    userId: Id,
    clientId: string,
    mutations: readonly Mutation[],
    schema?: number,
  ): Promise<PushResponse> {
    return this.pusher.push(userId, clientId, mutations, schema);
  }

  /** A page of what the user may read since the cookie (or all of it): see Puller.pull. */
  pull(
    userId: Id,
    clientId: string,
    cookie: number | null,
    cursorText: string | null,
    device: DeviceSchema = {},
  ): Promise<PullPage> {
    return this.puller.pull(userId, clientId, cookie, cursorText, device);
  }

  /**
   * Runs a server-side write (REST /api, accounts) as one versioned transaction. `apply` runs a
   * mutation as a push does, its journal entry included (a change of a stay made through /api
   * shows in the stay's journal).
   */
  async mutate(
    userId: Id,
    run: (ctx: MutationContext, apply: Apply) => Promise<void>,
  ): Promise<void> {
    await this.writes.run(async () => {
      await this.rows.transaction(
        async (tx) => {
          await refuseDeletedAccount(tx, userId);
          const before = await tx.usage(userId);
          const meter = newWorkMeter(this.limits);
          const ctx = serverMutationContext(this.rows, this.limits, tx, userId, meter);
          await run(ctx, (name, args) => runJournaled(ctx, tx, name, args, this.now()));
          const refusal = quotaRefusal(this.limits.quotas, before, await tx.usage(userId));
          if (refusal) throw refusal;
        },
        { forUser: userId },
      );
    });
    this.notify(null); // once committed: a device pulling on this hint sees the change
  }

  /** Writes a row outside any mutator (the public pseudonym of an account, the catalogue). */
  async putSystemRow<T extends TableName>(table: T, row: Row<T>): Promise<void> {
    await this.writes.run(() => this.rows.transaction((tx) => tx.putRow(table, row)));
    this.notify(null);
  }

  /** Tells the listeners that something changed for the user (null: for everyone). */
  notify(userId: Id | null): void {
    this.changes.publish(userId);
  }
}
