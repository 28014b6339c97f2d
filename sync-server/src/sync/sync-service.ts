/**
 * The server side of sync (ARCHITECTURE.md, "How a change travels"): leases ids, applies pushed
 * mutations in order and exactly once with the same mutators as devices, and answers pulls with
 * what each user may read. It holds no state outside the store.
 */
import {
  canReadRow,
  conflict,
  EXPORT_SECRET_TAKEN,
  forbidden,
  invalid,
  isDomainError,
  isOwnerOnlyTable,
  isPublicTable,
  readableDependents,
  readableIds,
  runMutation,
  TABLE_NAMES,
  type Id,
  type MutationContext,
  type Row,
  type Store,
  type TableName,
} from '@popote/domain';
import {
  encodeDelOp,
  encodePutOp,
  ID_BLOCK_SIZE,
  REJECTION_ARGS_NOT_KEPT,
  SYNC_MESSAGES,
  type IdBlock,
  type Mutation,
  type PushResponse,
  type Rejection,
} from '@popote/sync-protocol';
import { LocalChangeChannel, type ChangeChannel } from '../store/change-channel.js';
import type { PulledRejection, RawRow, SyncRows, SyncSnapshot, SyncTx } from '../store/ports.js';
import { Pacer, type WriteTurns } from '../store/write-queue.js';
import { clampDates } from './clamp-now.js';
import {
  DEFAULT_SYNC_LIMITS,
  quotaRefusal,
  tooManyRowsMessage,
  type RejectionBounds,
  type SyncLimits,
} from './work-bounds.js';

/** Rows per pull page: keeps a first sync of a large library in bounded messages. */
export const PULL_PAGE_ROWS = 2000;

/** The refusal of a mutation whose arguments made the server fail in an unforeseen way. */
export const SYNC_UNEXPECTED_REFUSAL =
  'Modification refusée : ses données sont invalides ou le serveur ne sait pas la traiter.';

/** The client id under which ids leased to REST /api writes are recorded. */
export const API_CLIENT_ID = 'api';

export class SyncGapError extends Error {
  constructor(readonly lastMutationId: number) {
    super(SYNC_MESSAGES.gap);
  }
}

interface Cursor {
  /** Snapshot version of the first page: the cookie the client keeps at the end. */
  v: number;
  /** Last mutation id processed at that snapshot. */
  m: number;
  /** 'full' sync (no cookie) or incremental since `c`. */
  k: 'full' | 'inc';
  c: number;
  /** Position: table index and id (full), or version, table and id (incremental). */
  t: number;
  tb: string;
  i: number;
}

export interface ProcessedMutation {
  userId: Id;
  clientId: string;
  mutationId: number;
  outcome: 'applied' | 'rejected';
}

export interface PullPage {
  cookie: number;
  lastMutationId: number;
  /** Patch operations as JSON texts, rows kept as stored (never re-serialised). */
  patch: string[];
  rejections: Rejection[];
  /** Some refusals did not fit in this last page: cookie and lastMutationId stop before them. */
  rejectionsLeft?: boolean;
  more: boolean;
  cursor: string | null;
}

/** The work of one transaction: its row writes, counted, and its slices of event loop time. */
interface WorkMeter {
  pacer: Pacer;
  rowWrites: number;
}

export class SyncService {
  private readonly processedListeners = new Set<(event: ProcessedMutation) => void>();
  private readonly rejectionBounds: RejectionBounds;

  constructor(
    private readonly rows: SyncRows,
    /** The store's write turns (ServerStore.writes), shared with the accounts' writes. */
    private readonly writes: WriteTurns,
    private readonly now: () => number,
    /** Reports a mutation refused because it threw something unforeseen (a bug to look at). */
    private readonly log?: (error: unknown, mutationName: string) => void,
    private readonly limits: SyncLimits = DEFAULT_SYNC_LIMITS,
    /** Where changes are told to every instance's connected devices. */
    private readonly changes: ChangeChannel = new LocalChangeChannel(),
  ) {
    this.rejectionBounds = limits.rejections ?? DEFAULT_SYNC_LIMITS.rejections;
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

  /** Registers the device for the user on first contact; refuses another user's device. */
  private async ensureClient(tx: SyncTx, clientId: string, userId: Id): Promise<number> {
    const client = await tx.client(clientId);
    if (!client) {
      await tx.addClient(clientId, userId, this.now());
      return 0;
    }
    if (client.userId !== userId) throw forbidden(SYNC_MESSAGES.clientOfOtherUser);
    return client.lastMutationId;
  }

  leaseIds(userId: Id, clientId: string): Promise<IdBlock> {
    return this.writes.run(() =>
      this.rows.transaction(async (tx) => {
        await this.ensureClient(tx, clientId, userId);
        const first = await tx.allocateIds(ID_BLOCK_SIZE);
        await tx.leaseIds(first, ID_BLOCK_SIZE, userId, clientId, this.now());
        return { first, count: ID_BLOCK_SIZE };
      }),
    );
  }

  /**
   * Leases `count` fresh ids to the user for a server-side write (REST /api), so that the
   * mutators' claimId accepts them exactly as it accepts a device's. The lease is recorded
   * under API_CLIENT_ID, which no device can take (device ids have at least 8 characters).
   */
  reserveIdsFor(userId: Id, count: number): Promise<IdBlock> {
    return this.writes.run(() =>
      this.rows.transaction(async (tx) => {
        const first = await tx.allocateIds(count);
        await tx.leaseIds(first, count, userId, API_CLIENT_ID, this.now());
        return { first, count };
      }),
    );
  }

  /**
   * Applies the mutations in order. Already processed ones (a retried or duplicated push) are
   * skipped; a refused one is recorded with its French reason and counts as processed. A turn
   * takes the next mutations until its slice of time is spent, so that other users' writes
   * are served in between; once the push has written limits.work.pushRowWrites rows it
   * stops, and its answer tells the device where to go on from.
   */
  async push(userId: Id, clientId: string, mutations: readonly Mutation[]): Promise<PushResponse> {
    // A known device is read without a transaction of its own (one per turn otherwise).
    const ensureClient = async () => {
      const known = await this.rows.device(clientId);
      if (!known) return this.rows.transaction((tx) => this.ensureClient(tx, clientId, userId));
      if (known.userId !== userId) throw forbidden(SYNC_MESSAGES.clientOfOtherUser);
      return known.lastMutationId;
    };
    // Known once the first turn has checked the device (a push always takes one turn).
    let last: number | null = null;
    let rowWrites = 0;
    let changed = false;
    const left = (): boolean =>
      last === null ||
      (mutations.some((m) => m.id > last!) && rowWrites < this.limits.work.pushRowWrites);
    try {
      while (left()) {
        await this.writes.run(async () => {
          const turnStart = performance.now();
          // Another push of the device may have gone further while this one waited its turn.
          let at = await ensureClient();
          last = at;
          for (const mutation of mutations) {
            if (mutation.id <= at) continue;
            if (mutation.id !== at + 1) throw new SyncGapError(at);
            const outcome = await this.applyOne(userId, clientId, mutation);
            last = at = mutation.id;
            rowWrites += outcome.rowWrites;
            changed = outcome.applied || changed;
            if (rowWrites >= this.limits.work.pushRowWrites) return;
            if (performance.now() - turnStart >= this.limits.work.sliceMs) return;
          }
        });
      }
    } finally {
      if (changed) this.notify(null);
    }
    return { lastMutationId: last ?? 0 };
  }

  /** Whether the mutation was applied (not refused), and the rows it wrote. */
  private async applyOne(
    userId: Id,
    clientId: string,
    mutation: Mutation,
  ): Promise<{ applied: boolean; rowWrites: number }> {
    clampDates(mutation.args, this.now());
    let meter = this.newMeter();
    const forUser = { forUser: userId };
    // Another server instance may have processed it meanwhile (the device retried its push
    // there): checked inside the transaction, so that it is applied once.
    const processedElsewhere = async (tx: SyncTx) =>
      ((await tx.client(clientId))?.lastMutationId ?? 0) >= mutation.id;
    try {
      const applied = await this.rows.transaction(async (tx) => {
        meter = this.newMeter(); // a transaction run again starts its count again
        if (await processedElsewhere(tx)) return false;
        const before = await tx.usage(userId);
        await runMutation(this.context(tx, userId, meter), mutation.name, mutation.args);
        const refusal = quotaRefusal(this.limits.quotas, before, await tx.usage(userId));
        if (refusal) throw refusal;
        await tx.setLastMutationId(clientId, mutation.id);
        return true;
      }, forUser);
      if (applied) {
        const event = { userId, clientId, mutationId: mutation.id, outcome: 'applied' } as const;
        this.writes.afterCommit(() => this.emitProcessed(event));
      }
      return { applied, rowWrites: meter.rowWrites };
    } catch (e) {
      // The store failing (busy, disk full): the device retries later. Anything else thrown
      // while checking or running the mutation comes from its arguments: refusing it keeps
      // one hostile or broken mutation from blocking the device's queue with 500s forever.
      if (this.rows.isStoreFailure(e)) throw e;
      const message = isDomainError(e) ? e.message : SYNC_UNEXPECTED_REFUSAL;
      if (!isDomainError(e)) this.log?.(e, mutation.name);
      const recorded = await this.rows.transaction(async (tx) => {
        if (await processedElsewhere(tx)) return false;
        await tx.recordRejection(clientId, userId, {
          mutationId: mutation.id,
          name: mutation.name.slice(0, 64),
          args: await this.argsToKeep(tx, userId, mutation.args),
          message,
          at: new Date(this.now()).toISOString(),
        });
        await tx.keepNewestRejections(userId, this.rejectionBounds.perUser);
        await tx.setLastMutationId(clientId, mutation.id);
        return true;
      }, forUser);
      if (recorded) {
        const event = { userId, clientId, mutationId: mutation.id, outcome: 'rejected' } as const;
        this.writes.afterCommit(() => this.emitProcessed(event));
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
    if (bytes > this.rejectionBounds.argsBytes) return '';
    const held = await tx.rejectedArgsBytes(userId);
    return held + bytes > this.rejectionBounds.argsBytesPerUser ? '' : text;
  }

  private newMeter(): WorkMeter {
    // The write turn began after the event loop ran (WriteTurns): a fresh slice.
    return { pacer: new Pacer(this.limits.work.sliceMs), rowWrites: 0 };
  }

  /**
   * The mutation context on the server: the writer as Store, ids checked against leases. Each
   * read or write first lets the event loop run if the slice is spent (the transaction stays
   * open meanwhile: only this turn writes); writes are counted against the mutation's bound.
   */
  context(tx: SyncTx, userId: Id, meter: WorkMeter): MutationContext {
    const pace = () => meter.pacer.pace();
    const countWrite = async () => {
      await meter.pacer.pace();
      if (++meter.rowWrites > this.limits.work.mutationRowWrites) {
        throw invalid(tooManyRowsMessage(this.limits.work));
      }
    };
    const store: Store = {
      get: async (t, id) => (await pace(), tx.get(t, id)),
      getMany: async (t, ids) => (await pace(), tx.getMany(t, ids)),
      where: async (t, i, v) => (await pace(), tx.where(t, i, v)),
      whereIds: async (t, i, v) => (await pace(), tx.whereIds(t, i, v)),
      all: async (t) => (await pace(), tx.all(t)),
      allIds: async (t) => (await pace(), tx.allIds(t)),
      put: async (table, row) => {
        await countWrite();
        try {
          await tx.putRow(table, row);
        } catch (e) {
          // The unique index of export secrets (migration 'stay-export-secret-unique'): a
          // device cannot know other users' secrets, so the server is where this is refused.
          if (table === 'stays' && this.rows.isUniqueViolation(e)) {
            throw conflict(EXPORT_SECRET_TAKEN);
          }
          throw e;
        }
      },
      delete: async (table, id) => {
        await countWrite();
        await tx.deleteRow(table, id);
      },
    };
    return {
      store,
      userId,
      claimId: async (table, id) => {
        await pace();
        const claim = await tx.idClaim(table, id);
        if (claim.leasedTo !== userId) {
          throw invalid("Cet identifiant n'a pas été attribué à cet appareil.");
        }
        if (claim.used) throw conflict('Identifiant déjà utilisé.');
      },
      // An undo takes back an id of the user's own, used before and deleted since.
      claimRestoredId: async (table, id) => {
        await pace();
        if ((await tx.leasedTo(id)) !== userId) {
          throw invalid("Cet identifiant n'a pas été attribué à cet appareil.");
        }
        if ((await store.get(table, id)) !== undefined) {
          throw conflict('Identifiant déjà utilisé.');
        }
      },
    };
  }

  /** Runs a server-side write (REST /api, accounts) as one versioned transaction. */
  async mutate(userId: Id, run: (ctx: MutationContext) => Promise<void>): Promise<void> {
    await this.writes.run(async () => {
      await this.rows.transaction(
        async (tx) => {
          const before = await tx.usage(userId);
          await run(this.context(tx, userId, this.newMeter()));
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

  private emitProcessed(event: ProcessedMutation): void {
    for (const listener of this.processedListeners) listener(event);
  }

  /** Tells the listeners that something changed for the user (null: for everyone). */
  notify(userId: Id | null): void {
    this.changes.publish(userId);
  }

  async pull(
    userId: Id,
    clientId: string,
    cookie: number | null,
    cursorText: string | null,
  ): Promise<PullPage> {
    // Refusals the device has (its cookie passed them) and older than the retention go.
    const before = new Date(this.now() - this.rejectionBounds.retentionMs).toISOString();
    const { page, forget } = await this.rows.snapshot(async (snapshot) => {
      const client = await snapshot.client(clientId);
      if (client && client.userId !== userId) throw forbidden(SYNC_MESSAGES.clientOfOtherUser);
      const cursor = cursorText ? decodeCursor(cursorText) : null;
      return {
        page: await this.pullPage(snapshot, userId, clientId, cookie, cursor),
        forget:
          client !== undefined &&
          cursor === null &&
          cookie !== null &&
          (await snapshot.hasRejectionsToForget(clientId, cookie, before)),
      };
    });
    if (forget) await this.forgetRejections(userId, clientId, cookie!, before);
    return page;
  }

  /** A write turn of its own, taken only when a pull found refusals to forget. */
  private async forgetRejections(
    userId: Id,
    clientId: string,
    pulledUpTo: number,
    before: string,
  ): Promise<void> {
    try {
      await this.writes.run(() =>
        this.rows.transaction((tx) => tx.forgetRejections(clientId, pulledUpTo, before), {
          forUser: userId,
        }),
      );
    } catch (e) {
      // The store failing: the pull's answer stands, the next pull forgets them.
      if (!this.rows.isStoreFailure(e)) throw e;
    }
  }

  private async pullPage(
    snapshot: SyncSnapshot,
    userId: Id,
    clientId: string,
    cookie: number | null,
    cursor: Cursor | null,
  ): Promise<PullPage> {
    const start: Cursor = cursor ?? {
      v: await snapshot.version(),
      m: await snapshot.lastMutationId(clientId),
      k: cookie === null || cookie === 0 ? 'full' : 'inc',
      c: cookie ?? 0,
      t: 0,
      tb: '',
      i: 0,
    };
    const page =
      start.k === 'full'
        ? await this.fullPage(snapshot, userId, start)
        : await this.incrementalPage(snapshot, userId, start);
    if (page.more) {
      return {
        cookie: start.v,
        lastMutationId: start.m,
        patch: page.patch,
        rejections: [],
        more: true,
        cursor: encodeCursor(page.next),
      };
    }
    const { rejections, next } = await this.rejectionPage(snapshot, clientId, start);
    // Refusals left out: the page is complete up to the first of them, so that a device that
    // keeps only complete pages (older ones ignore rejectionsLeft) gets it from its next pull.
    return {
      cookie: next ? next.version - 1 : start.v,
      lastMutationId: next ? Math.min(start.m, next.mutationId - 1) : start.m,
      patch: page.patch,
      rejections,
      ...(next ? { rejectionsLeft: true } : {}),
      more: false,
      cursor: null,
    };
  }

  /**
   * The device's refusals of the last page, bounded in count and bytes (at least one), and the
   * first one left out, if any.
   */
  private async rejectionPage(
    snapshot: SyncSnapshot,
    clientId: string,
    start: Cursor,
  ): Promise<{ rejections: Rejection[]; next: PulledRejection | undefined }> {
    const { perPage, pageBytes } = this.rejectionBounds;
    const found = await snapshot.rejectionsFor(clientId, start.c, start.v, perPage + 1);
    const rejections: Rejection[] = [];
    let bytes = 0;
    for (const r of found) {
      const size = Buffer.byteLength(r.args) + Buffer.byteLength(r.message) + r.name.length + 64;
      if (rejections.length === perPage || (rejections.length > 0 && bytes + size > pageBytes)) {
        return { rejections, next: r };
      }
      bytes += size;
      const kept = r.args !== '';
      rejections.push({
        mutationId: r.mutationId,
        name: r.name,
        args: kept ? (JSON.parse(r.args) as unknown) : REJECTION_ARGS_NOT_KEPT,
        message: r.message,
        at: r.at,
        ...(kept ? {} : { argsTruncated: true }),
      });
    }
    return { rejections, next: undefined };
  }

  /** A page of everything the user may read, in (table, id) order. */
  private async fullPage(
    snapshot: SyncSnapshot,
    userId: Id,
    at: Cursor,
  ): Promise<{ patch: string[]; more: boolean; next: Cursor }> {
    const ids = await readableIds(snapshot, userId);
    const patch: string[] = [];
    for (let t = at.t; t < TABLE_NAMES.length; t++) {
      const table = TABLE_NAMES[t]!;
      const wanted = ids[table].filter((id) => t > at.t || id > at.i).sort((a, b) => a - b);
      const room = PULL_PAGE_ROWS - patch.length;
      const slice = wanted.slice(0, room);
      for (const { data } of await snapshot.rawByIds(table, slice)) {
        patch.push(encodePutOp(table, data));
      }
      if (wanted.length > room) {
        return { patch, more: true, next: { ...at, t, i: slice[slice.length - 1] ?? at.i } };
      }
    }
    return { patch, more: false, next: at };
  }

  /** A page of what changed since the cookie, filtered and completed by the read rules. */
  private async incrementalPage(
    snapshot: SyncSnapshot,
    userId: Id,
    at: Cursor,
  ): Promise<{ patch: string[]; more: boolean; next: Cursor }> {
    const store = snapshot;
    const changed = await snapshot.changedSince(
      at.c,
      at.v,
      { version: at.t, tbl: at.tb, id: at.i },
      PULL_PAGE_ROWS,
    );
    const patch: string[] = [];
    const sent = new Set<string>();
    const extra = { menus: new Set<Id>(), recipes: new Set<Id>() };
    for (const row of changed) {
      sent.add(`${row.tbl}:${row.id}`);
      if (row.data === null) {
        if (couldHaveRead(userId, row, at.c)) patch.push(encodeDelOp(row.tbl, row.id));
        continue;
      }
      if (row.owner !== null && row.owner !== userId) continue;
      const value = JSON.parse(row.data) as Row;
      if (await canReadRow(store, userId, row.tbl, value)) {
        patch.push(encodePutOp(row.tbl, row.data));
        const deps = await readableDependents(store, userId, row.tbl, value);
        deps.menus.forEach((id) => extra.menus.add(id));
        deps.recipes.forEach((id) => extra.recipes.add(id));
      } else if (couldHaveRead(userId, row, at.c)) {
        patch.push(encodeDelOp(row.tbl, row.id));
      }
    }
    // Rows made readable by a change without changing themselves: the recipes a menu shares,
    // the menu a meal now uses (and the recipes it shares).
    for (const table of ['menus', 'recipes'] as const) {
      const ids = [...extra[table]].filter((id) => !sent.has(`${table}:${id}`));
      for (const { id, data } of await snapshot.rawByIds(table, ids)) {
        sent.add(`${table}:${id}`);
        patch.push(encodePutOp(table, data));
      }
    }
    const last = changed[changed.length - 1];
    const more = changed.length === PULL_PAGE_ROWS;
    return {
      patch,
      more,
      next: last ? { ...at, t: last.version, tb: last.tbl, i: last.id } : at,
    };
  }
}

/**
 * Whether a row that changed since the cookie, and that the user may not read now, may be on
 * their device: then the pull tells it to delete the row, otherwise it names nothing (no other
 * user's ids leak). A menu or recipe may be there if the user owns it or if it was published
 * at the cookie or since. Rows the user read only through a relation (their own menu or meal,
 * another menu) are dropped by the device itself when that relation's change arrives (the
 * device's apply-pull drops what the read rules no longer allow); a menu or recipe cannot be
 * deleted while a menu or meal uses it.
 */
function couldHaveRead(userId: Id, row: RawRow, cookie: number): boolean {
  if (isPublicTable(row.tbl)) return true;
  if (isOwnerOnlyTable(row.tbl)) return row.owner === userId;
  return row.author === userId || (row.publicAt !== null && row.publicAt > cookie);
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(text: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor;
    const ints = [c.v, c.m, c.c, c.t, c.i];
    if (
      ints.every((n) => Number.isSafeInteger(n) && n >= 0) &&
      (c.k === 'full' || c.k === 'inc') &&
      typeof c.tb === 'string' &&
      c.tb.length <= 20
    ) {
      return c;
    }
  } catch {
    // fall through
  }
  throw invalid('Curseur de synchronisation invalide.');
}
