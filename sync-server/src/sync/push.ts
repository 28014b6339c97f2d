/**
 * `/sync/push`: applies a device's mutations in order and exactly once, with the same
 * mutators as devices. Already processed ones (a retried or duplicated push) are skipped; a
 * refused one is recorded with its French reason and counts as processed.
 */
import {
  forbidden,
  invalid,
  isDomainError,
  SERVER_ONLY_MUTATIONS,
  SERVER_ONLY_REFUSAL,
  type Id,
} from '@popote/domain';
import {
  SYNC_MESSAGES,
  SYNC_SCHEMA,
  upgradeMutation,
  type Mutation,
  type PushResponse,
} from '@popote/sync-protocol';
import type { SyncRows, SyncTx } from '../store/ports.js';
import type { WriteTurns } from '../store/write-queue.js';
import { clampDates } from './clamp-now.js';
import { isAccountDeletedError, refuseDeletedAccount } from './deleted-account.js';
import { ensureDevice } from './id-leases.js';
import { runJournaled } from './journal.js';
import { newWorkMeter, serverMutationContext } from './mutation-context.js';
import { quotaRefusal, type RejectionBounds, type SyncLimits } from './work-bounds.js';

/** The refusal of a mutation whose arguments made the server fail in an unforeseen way. */
export const SYNC_UNEXPECTED_REFUSAL =
  'Modification refusée : ses données sont invalides ou le serveur ne sait pas la traiter.';

export class SyncGapError extends Error {
  constructor(readonly lastMutationId: number) {
    super(SYNC_MESSAGES.gap);
  }
}

/**
 * A device newer than the server: nothing of its push is processed, so that mutations the
 * server does not know stay pending on the device until the server is updated.
 */
export class ServerTooOldError extends Error {
  constructor() {
    super(SYNC_MESSAGES.serverTooOld);
  }
}

export interface ProcessedMutation {
  userId: Id;
  clientId: string;
  mutationId: number;
  outcome: 'applied' | 'rejected';
}

export interface PushDeps {
  rows: SyncRows;
  writes: WriteTurns;
  now: () => number;
  limits: SyncLimits;
  rejectionBounds: RejectionBounds;
  /** Reports a mutation refused because it threw something unforeseen (a bug to look at). */
  log?: (error: unknown, mutationName: string) => void;
  /** Told once per processed mutation, once its transaction is committed. */
  processed: (event: ProcessedMutation) => void;
  /** Told once a push changed something. */
  changed: () => void;
}

export class Pusher {
  constructor(private readonly deps: PushDeps) {}

  /**
   * Applies the mutations in order. A turn takes the next mutations until its slice of time
   * is spent, so that other users' writes are served in between; once the push has written
   * limits.work.pushRowWrites rows it stops, and its answer tells the device where to go on
   * from. `schema` is the device's synced schema (absent: the first version): mutations it
   * recorded under an older one than the server's are upgraded first (versions.ts).
   */
  async push(
    userId: Id,
    clientId: string,
    mutations: readonly Mutation[],
    schema?: number,
  ): Promise<PushResponse> {
    if ((schema ?? 1) > SYNC_SCHEMA) throw new ServerTooOldError();
    const { rows, writes, limits } = this.deps;
    // A known device is read without a transaction of its own (one per turn otherwise).
    const ensureClient = async () => {
      const known = await rows.device(clientId);
      if (!known) {
        return rows.transaction((tx) => ensureDevice(tx, clientId, userId, this.deps.now()));
      }
      if (known.userId !== userId) throw forbidden(SYNC_MESSAGES.clientOfOtherUser);
      return known.lastMutationId;
    };
    // Known once the first turn has checked the device (a push always takes one turn).
    let last: number | null = null;
    let rowWrites = 0;
    let changed = false;
    const left = (): boolean =>
      last === null ||
      (mutations.some((m) => m.id > last!) && rowWrites < limits.work.pushRowWrites);
    try {
      while (left()) {
        await writes.run(async () => {
          const turnStart = performance.now();
          // Another push of the device may have gone further while this one waited its turn.
          let at = await ensureClient();
          last = at;
          for (const mutation of mutations) {
            if (mutation.id <= at) continue;
            if (mutation.id !== at + 1) throw new SyncGapError(at);
            const outcome = await this.applyOne(userId, clientId, mutation, at, schema);
            last = at = mutation.id;
            rowWrites += outcome.rowWrites;
            changed = outcome.applied || changed;
            if (rowWrites >= limits.work.pushRowWrites) return;
            if (performance.now() - turnStart >= limits.work.sliceMs) return;
          }
        });
      }
    } finally {
      if (changed) this.deps.changed();
    }
    return { lastMutationId: last ?? 0 };
  }

  /** Whether the mutation was applied (not refused), and the rows it wrote. */
  private async applyOne(
    userId: Id,
    clientId: string,
    mutation: Mutation,
    /** The device's last processed mutation, as this write turn read it. */
    knownLast: number,
    pushSchema: number | undefined,
  ): Promise<{ applied: boolean; rowWrites: number }> {
    const { rows, writes, limits } = this.deps;
    clampDates(mutation.args, this.deps.now());
    let meter = newWorkMeter(limits);
    const forUser = { forUser: userId };
    // Another server instance may have processed it meanwhile (the device retried its push
    // there): checked inside the transaction, so that it is applied once. With one writer
    // (SQLite), what this turn read still holds: no read again.
    const processedElsewhere = async (tx: SyncTx) =>
      (rows.soleWriter ? knownLast : ((await tx.client(clientId))?.lastMutationId ?? 0)) >=
      mutation.id;
    try {
      const applied = await rows.transaction(async (tx) => {
        meter = newWorkMeter(limits); // a transaction run again starts its count again
        if (await processedElsewhere(tx)) return false;
        await refuseDeletedAccount(tx, userId);
        const before = await tx.usage(userId);
        const context = serverMutationContext(rows, limits, tx, userId, meter);
        // As the current schema runs it, from the rows as they are now; refused here (a retired
        // mutation) like any other refusal, kept with the arguments the device recorded.
        const current = await upgradeMutation(
          mutation,
          mutation.schema ?? pushSchema,
          context.store,
        );
        if ('refused' in current) throw invalid(current.refused);
        if (SERVER_ONLY_MUTATIONS.has(current.name)) throw forbidden(SERVER_ONLY_REFUSAL);
        await runJournaled(context, tx, current.name, current.args, this.deps.now());
        const refusal = quotaRefusal(limits.quotas, before, await tx.usage(userId));
        if (refusal) throw refusal;
        await tx.setLastMutationId(clientId, mutation.id);
        return true;
      }, forUser);
      if (applied) {
        const event = { userId, clientId, mutationId: mutation.id, outcome: 'applied' } as const;
        writes.afterCommit(() => this.deps.processed(event));
      }
      return { applied, rowWrites: meter.rowWrites };
    } catch (e) {
      // The store failing (busy, disk full): the device retries later. Anything else thrown
      // while checking or running the mutation comes from its arguments: refusing it keeps
      // one hostile or broken mutation from blocking the device's queue with 500s forever.
      if (rows.isStoreFailure(e) || isAccountDeletedError(e)) throw e;
      const message = isDomainError(e) ? e.message : SYNC_UNEXPECTED_REFUSAL;
      if (!isDomainError(e)) this.deps.log?.(e, mutation.name);
      const recorded = await rows.transaction(async (tx) => {
        if (await processedElsewhere(tx)) return false;
        await tx.recordRejection(clientId, userId, {
          mutationId: mutation.id,
          name: mutation.name.slice(0, 64),
          args: await this.argsToKeep(tx, userId, mutation.args),
          message,
          at: new Date(this.deps.now()).toISOString(),
        });
        await tx.keepNewestRejections(userId, this.deps.rejectionBounds.perUser);
        await tx.setLastMutationId(clientId, mutation.id);
        return true;
      }, forUser);
      if (recorded) {
        const event = { userId, clientId, mutationId: mutation.id, outcome: 'rejected' } as const;
        writes.afterCommit(() => this.deps.processed(event));
      }
      return { applied: false, rowWrites: meter.rowWrites };
    }
  }

  /**
   * The JSON of a refused mutation's arguments if the server keeps them, else '' (not kept):
   * too large, or the user's refusals already hold their share. The device that made it keeps
   * them in its outbox until the refusal reaches it, and shows its own copy.
   */
  private async argsToKeep(tx: SyncTx, userId: Id, args: unknown): Promise<string> {
    const text = JSON.stringify(args ?? null);
    const bytes = Buffer.byteLength(text);
    const bounds = this.deps.rejectionBounds;
    if (bytes > bounds.argsBytes) return '';
    const held = await tx.rejectedArgsBytes(userId);
    return held + bytes > bounds.argsBytesPerUser ? '' : text;
  }
}
